import { and, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shops } from '../../db/schema';
import { pointOnSphere } from '../../db/schema/geo';
import { startsWith } from './prefix-range';

/**
 * How many of the nearest studios (in the search's scope) "near me" with a text reads before it
 * collects every match instead. The walk stops earlier as soon as the page is full, which for a
 * text found all over the map is within a few hundred studios.
 */
export const NEAR_WINDOW = 1000;

type Nearest = { id: string; distance: number };

/** The fence of the second step (decision 013's form: Drizzle drops a numeric `.offset(0)`). */
const OFFSET_ZERO_FENCE = sql`0` as unknown as number;

/**
 * Ids of the `limit` studios nearest to a point, then ordered by distance and id for a stable
 * order among equally distant studios (a second key in the SQL ORDER BY would turn the KNN scan
 * into a sort of every studio). Without a text, a KNN scan of shops_location_knn_idx (or
 * shops_state_location_knn_idx; the predicates repeat their WHERE). With one, two steps (decision
 * 030): the nearest NEAR_WINDOW studios in scope, matched as they come, which fills the page of a
 * text found everywhere; if not, every match (name or city prefix, through their indexes, behind
 * an OFFSET 0 fence) sorted by distance. A KNN scan filtered by the text, as one statement, walked
 * 77,000 studios near Minneapolis to find 21 of Los Angeles ("lo"), and a sort of every match read
 * all 4,127 of New Orleans for "new" in LA; which one a text needs depends on where its matches
 * lie, which no statistic tells the planner.
 */
export async function nearestStudioIds(
  db: Db,
  near: { latitude: number; longitude: number },
  filters: SQL | undefined,
  query: string,
  limit: number,
): Promise<string[]> {
  const distance = sql<number>`${pointOnSphere(shops.latitude, shops.longitude)} <-> ${pointOnSphere(near.latitude, near.longitude)}`;
  const inScope = and(filters, sql`not (${shops.latitude} = 0 and ${shops.longitude} = 0)`);
  const byDistance = (rows: Nearest[]) => rows.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1)).map((r) => r.id);
  if (!query) {
    return byDistance(await db.select({ id: shops.id, distance }).from(shops).where(inScope).orderBy(distance).limit(limit));
  }
  const window = db
    .select({ id: shops.id, distance: distance.as('distance'), searchName: shops.searchName, searchCity: shops.searchCity })
    .from(shops)
    .where(inScope)
    .orderBy(distance)
    .limit(NEAR_WINDOW)
    .as('window');
  const nearby = await db
    .select({ id: window.id, distance: window.distance })
    .from(window)
    .where(or(startsWith(window.searchName, query), startsWith(window.searchCity, query)))
    .orderBy(window.distance)
    .limit(limit);
  if (nearby.length === limit) return byDistance(nearby);
  const matches = db
    .select({ id: shops.id, distance: distance.as('distance') })
    .from(shops)
    .where(and(inScope, or(startsWith(shops.searchName, query), startsWith(shops.searchCity, query))))
    .offset(OFFSET_ZERO_FENCE)
    .as('matches');
  return byDistance(await db.select().from(matches).orderBy(matches.distance).limit(limit));
}
