import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/**
 * Tables a refused call may legitimately write: the throttling counters are incremented before the
 * guarded work runs (that is how parallel guesses are stopped), so a refused login counts.
 */
export const BOOKKEEPING_TABLES = ['rate_limits'];

/** Rows of a raw query on either driver (postgres.js returns an array, PGlite `{ rows }`). */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

const queries = new WeakMap<Db, SQL>();

/**
 * A fingerprint of every table in the public schema: its row count and its newest row version
 * (xmin), so an insert, an update and a delete all change it, including tables added later.
 */
export async function fingerprint(db: Db): Promise<string> {
  let query = queries.get(db);
  if (!query) {
    const tables = await rawRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
    const parts = tables
      .map((t) => t.name)
      .filter((name) => !BOOKKEEPING_TABLES.includes(name))
      .map((name) => `select '${name}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as v from "${name}"`);
    query = sql.raw(parts.join(' union all '));
    queries.set(db, query);
  }
  const rows = await rawRows<{ t: string; v: string }>(db, query);
  return rows
    .map((r) => `${r.t}=${r.v}`)
    .sort()
    .join(',');
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: string, after: string): string[] {
  const map = new Map(before.split(',').map((p) => p.split('=') as [string, string]));
  return after
    .split(',')
    .map((p) => p.split('=') as [string, string])
    .filter(([t, v]) => map.get(t) !== v)
    .map(([t]) => t);
}

/** Ids of real rows in every table with a uuid `id` column (a few per table), for inputs that hit real records. */
export async function knownIds(db: Db, perTable = 8): Promise<string[]> {
  const tables = await rawRows<{ name: string }>(
    db,
    sql`select c.table_name as name from information_schema.columns c join pg_tables t on t.tablename = c.table_name and t.schemaname = 'public'
        where c.table_schema = 'public' and c.column_name = 'id' and c.data_type = 'uuid' order by 1`,
  );
  if (tables.length === 0) return [];
  const union = tables.map((t) => `(select id::text as id from "${t.name}" order by id limit ${perTable})`).join(' union all ');
  const rows = await rawRows<{ id: string }>(db, sql.raw(union));
  return rows.map((r) => r.id);
}
