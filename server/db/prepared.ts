import { getTableColumns, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PgTable, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** What Drizzle's `.prepare(name)` keeps of a built query: its text and how to map its rows. */
type Built = PgPreparedQuery<PreparedQueryConfig> & {
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  isResponseInArrayMode(): boolean;
};

const built = new Map<string, Built>();

/**
 * A hot statement, written as an ordinary Drizzle query with `sql.placeholder`s and `.prepare(name)`,
 * built into SQL text once per process, then run on whatever `db` is given: the pool or a
 * transaction (decision 013). Each call only fills the values and maps the rows as Drizzle's own
 * prepared query does. Named, so postgres.js prepares it once per connection and PostgreSQL keeps a
 * generic plan after five calls instead of parsing and planning it on every call. `name` must be
 * unique per statement text: the text is kept under it.
 */
export function prepared<T extends PgPreparedQuery<PreparedQueryConfig>>(db: Db, name: string, build: (db: Db) => T): T {
  let template = built.get(name);
  if (!template) {
    template = build(db) as unknown as Built;
    built.set(name, template);
  }
  const session = db._.session as unknown as {
    prepareQuery(query: ReturnType<Built['getQuery']>, fields: unknown, name: string, arrayMode: boolean, mapper: unknown): Built;
  };
  const statement = session.prepareQuery(
    template.getQuery(),
    template.fields,
    name,
    template.isResponseInArrayMode(),
    template.customResultMapper,
  );
  statement.joinsNotNullableMap = template.joinsNotNullableMap;
  return statement as unknown as T;
}

/**
 * The values of a prepared INSERT or UPDATE of `table`'s `columns`: one placeholder each, named as
 * the column, converted on each call by the column's own encoder (a Date, a JSON value), as Drizzle
 * converts the values of an unprepared statement.
 */
export function placeholders<T extends PgTable, K extends keyof T['_']['columns'] & string>(table: T, ...columns: K[]): Record<K, SQL> {
  const all = getTableColumns(table);
  return Object.fromEntries(columns.map((column) => [column, sql`${sql.param(sql.placeholder(column), all[column])}`])) as Record<K, SQL>;
}

/**
 * The rows of a raw statement of a fixed shape (its values are parameters, so its text is the same
 * on every call), sent named as prepared() statements are: postgres.js prepares each text once per
 * connection and PostgreSQL keeps its plan. Only for statements with a bounded number of shapes
 * (decision 013): postgres.js keeps every text it has prepared.
 */
export async function executeNamedRows<T>(db: Db, name: string, statement: SQL): Promise<T[]> {
  const session = db._.session as unknown as { prepareQuery(query: Query, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
  const result = (await session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false).execute()) as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** The app's dialect (snake_case columns, as in client.ts). */
const dialect = new PgDialect({ casing: 'snake_case' });
