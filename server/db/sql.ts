import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/** A Date as a SQL parameter inside raw `sql` templates (drivers do not serialize Dates there). */
export const sqlTime = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The rows of a raw statement on either driver (postgres.js answers an array, PGlite `{ rows }`). */
export async function executeRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
