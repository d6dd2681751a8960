import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A Date as a SQL parameter inside raw `sql` templates (drivers do not serialize Dates there). */
export const sqlTime = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** An instant inside SQL: a value, or a placeholder of a prebuilt statement (filled with ISO text). */
export type TimeArg = Date | Placeholder;
export const timeSql = (at: TimeArg) => (at instanceof Date ? sqlTime(at) : sql`${at}::timestamptz`);

/** The rows of a raw statement on either driver (postgres.js answers an array, PGlite `{ rows }`). */
export async function executeRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** The app's dialect (snake_case columns, as in client.ts): turns a statement into its text once. */
const dialect = new PgDialect({ casing: 'snake_case' });

/** Any name makes drizzle ask postgres.js to prepare; postgres.js names statements by their text. */
const PREPARED = 'prebuilt';

/**
 * A hot raw statement written once: its values are `sql.placeholder(name)`s, it becomes text at
 * module load, and each call only fills the values and runs it on the given db or transaction. No
 * query building and no row mapping per call (the ORM's share of a checkout's CPU): rows come as
 * the statement names its columns, json parsed, timestamps as PostgreSQL's text. Values go to
 * the driver as they are: ISO strings for timestamps, JSON text for json columns. Prepared (named)
 * on each connection, unlike drizzle's unnamed queries: PostgreSQL then keeps a generic plan after
 * five calls instead of planning each checkout's statements again (about a third of their time).
 */
export function prebuiltStatement<Row, Values extends Record<string, unknown>>(statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return async (db: Db, values: Values): Promise<Row[]> => {
    const result = (await db._.session.prepareQuery(query, undefined, PREPARED, false).execute(values)) as Row[] | { rows: Row[] };
    return Array.isArray(result) ? result : result.rows;
  };
}

/** Sends NOTIFYs in one statement on `db` (a transaction's are delivered when it commits). */
export async function notifyEach(db: Db, notices: ReadonlyArray<readonly [channel: string, payload: string]>) {
  await db.execute(sql`select pg_notify(n ->> 0, n ->> 1) from jsonb_array_elements(${JSON.stringify(notices)}::jsonb) as n`);
}
