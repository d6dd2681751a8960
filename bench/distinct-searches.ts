import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { productSearchInput } from '../server/domains/products/inputs';
import { productSearchKey } from '../server/domains/products/search-cache';
import { studioSearchInput } from '../server/domains/studios/inputs';
import { searchKey } from '../server/domains/studios/search-cache';
import { query } from './lib';

// Searches that the answer cache cannot serve: `count` inputs, all different by the very key the
// search's cache files answers under (after the procedure's own input parsing: trimming, defaults),
// so no answer is computed twice. Each is derived from a real row of the seeded bench database, as
// someone who knows a studio or a product would type it: 1–6 first letters of its name (or of a
// word of it, or of its city), with filters the row itself passes, so every search matches
// something; then a page of its answers. A seeded generator: every run sends the same searches.

/** Rows the searches are derived from (a deterministic sample of the bench data). */
const SAMPLE = 5000;
/** Candidates tried per distinct search wanted before giving up (the data cannot give more). */
const TRIES_PER_SEARCH = 50;

/** mulberry32: a small seeded generator, so the same seed gives the same searches. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = ReturnType<typeof seeded>;
const chance = (random: Random, p: number) => random() < p;
const oneOf = <T>(random: Random, values: readonly T[]) => values[Math.floor(random() * values.length)];
/** The first 1–6 letters of one of `texts` (as typed: the search trims and lowercases them). */
const prefixOf = (random: Random, texts: string[]) => oneOf(random, texts).slice(0, 1 + Math.floor(random() * 6));
/** Page offsets: most people stay on the first page, fewer go on. */
const pageOf = (random: Random, pageSize: number) => oneOf(random, [0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3]) * pageSize;

function distinct<T>(count: number, random: Random, candidate: (random: Random) => T, keyOf: (input: T) => string): T[] {
  const keys = new Set<string>();
  const inputs: T[] = [];
  for (let tries = 0; inputs.length < count; tries++) {
    if (tries > count * TRIES_PER_SEARCH) throw new Error(`only ${inputs.length} distinct searches of ${count} wanted`);
    const input = candidate(random);
    const key = keyOf(input);
    if (keys.has(key)) continue;
    keys.add(key);
    inputs.push(input);
  }
  return inputs;
}

type StudioRow = { name: string; city: string; state: string; resident: boolean; guest: boolean; latitude: number; longitude: number };

/** `count` distinct studio.search inputs (text prefix, state, looking-for, near-me, page). */
export async function distinctStudioSearches(db: Db, count: number, seed = 1) {
  const rows = await query<StudioRow>(
    db,
    sql`select search_name as name, search_city as city, state, looking_for_resident as resident, looking_for_guest as guest, latitude, longitude
        from shops where not deleted order by md5(id::text) limit ${SAMPLE}`,
  );
  const random = seeded(seed);
  const candidate = (r: Random) => {
    const row = oneOf(r, rows);
    const near = chance(r, 0.15) && !(row.latitude === 0 && row.longitude === 0);
    return {
      // Someone near a studio, within about 5 km of it.
      ...(near ? { near: { latitude: round4(row.latitude + (r() - 0.5) / 10), longitude: round4(row.longitude + (r() - 0.5) / 10) } } : {}),
      query: chance(r, 0.85) ? prefixOf(r, [row.name, row.city]) : '',
      ...(chance(r, 0.3) ? { state: row.state } : {}),
      ...(row.resident && chance(r, 0.2) ? { lookingForResident: true } : {}),
      ...(row.guest && chance(r, 0.2) ? { lookingForGuest: true } : {}),
      cursor: pageOf(r, 10),
    };
  };
  return distinct(count, random, candidate, (input) => searchKey(studioSearchInput.parse(input)));
}

type ProductRow = {
  name: string;
  storefrontId: string;
  category: string;
  price: number;
  tags: string[];
  featured: boolean;
  inStock: boolean;
};

/** `count` distinct product.search inputs (text, storefront, category, price, featured, tags, stock, page). */
export async function distinctProductSearches(db: Db, count: number, seed = 1) {
  const rows = await query<ProductRow>(
    db,
    sql`select p.name, p.storefront_id as "storefrontId", p.category, p.price, p.tags, p.featured, (not p.track_inventory or p.quantity > 0) as "inStock"
        from products p join storefronts s on s.id = p.storefront_id
        where p.status = 'active' and not p.deleted and s.is_active and not s.deleted
        order by md5(p.id::text) limit ${SAMPLE}`,
  );
  const random = seeded(seed);
  const candidate = (r: Random) => {
    const row = oneOf(r, rows);
    const name = row.name.toLowerCase();
    const spread = 100 * (1 + Math.floor(r() * 50));
    return {
      ...(chance(r, 0.25) ? { storefrontId: row.storefrontId } : {}),
      query: chance(r, 0.7) ? prefixOf(r, [name, ...name.split(' ')]) : '',
      ...(chance(r, 0.3) ? { category: row.category } : {}),
      ...(chance(r, 0.15) ? { minPrice: Math.max(0, row.price - spread) } : {}),
      ...(chance(r, 0.15) ? { maxPrice: row.price + spread } : {}),
      ...(row.featured && chance(r, 0.3) ? { featured: true } : {}),
      ...(chance(r, 0.1) ? { tags: [oneOf(r, row.tags)] } : {}),
      ...(row.inStock && chance(r, 0.3) ? { inStock: true } : {}),
      cursor: pageOf(r, 20),
    };
  };
  return distinct(count, random, candidate, (input) => productSearchKey(productSearchInput.parse(input)));
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
