import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/** A Date as a SQL parameter inside raw `sql` templates (drivers do not serialize Dates there). */
export const sqlTime = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** An instant inside SQL: a value, or a placeholder of a prepared statement (filled with ISO text). */
export type TimeArg = Date | Placeholder;
export const timeSql = (at: TimeArg) => (at instanceof Date ? sqlTime(at) : sql`${at}::timestamptz`);

/** The rows of a raw statement on either driver (postgres.js answers an array, PGlite `{ rows }`). */
export async function executeRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** Sends NOTIFYs in one statement on `db` (a transaction's are delivered when it commits). */
export async function notifyEach(db: Db, notices: ReadonlyArray<readonly [channel: string, payload: string]>) {
  await db.execute(sql`select pg_notify(n ->> 0, n ->> 1) from jsonb_array_elements(${JSON.stringify(notices)}::jsonb) as n`);
}
