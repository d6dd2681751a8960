import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { shops } from '../../db/schema';
import type { Db } from '../../db/client';
import { zipCentroid } from '../../providers/geocoder/zip-centroids';

const BATCH = 500;

/** Where the spec's unknown location (0,0) or no location at all is stored. */
const unlocated = or(and(eq(shops.latitude, 0), eq(shops.longitude, 0)), isNull(shops.latitude), isNull(shops.longitude));

/**
 * Gives every studio saved without a location (0,0: before the embedded ZIP geocoder, every save
 * without GEOCODER_URL) its ZIP centroid, so nearest-first search, which skips 0,0, finds it. Only
 * the embedded lookup is used: it is local and free, so a studio whose ZIP is unknown can be tried
 * again on every start without calling a paid or rate-limited provider. lastUpdated is left alone:
 * the owner changed nothing. Returns how many studios were placed.
 */
export async function placeUnlocatedStudios(deps: { db: Db }): Promise<number> {
  let placed = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await deps.db
      .select({ id: shops.id, street: shops.address, city: shops.city, state: shops.state, zipCode: shops.zipCode })
      .from(shops)
      .where(and(eq(shops.deleted, false), unlocated, after ? gt(shops.id, after) : undefined))
      .orderBy(asc(shops.id))
      .limit(BATCH);
    for (const row of rows) {
      const location = await zipCentroid({ street: row.street, city: row.city, state: row.state, zipCode: row.zipCode }).catch(() => null);
      if (!location) continue;
      // The guard keeps a location the owner saved meanwhile.
      const updated = await deps.db
        .update(shops)
        // lastUpdated named as itself: the column's on-update stamp would otherwise set it to now.
        .set({ ...location, lastUpdated: sql`${shops.lastUpdated}` })
        .where(and(eq(shops.id, row.id), unlocated))
        .returning({ id: shops.id });
      placed += updated.length;
    }
    if (rows.length < BATCH) return placed;
    after = rows[rows.length - 1].id;
  }
}
