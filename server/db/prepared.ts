import type { Db } from './client';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A server-side prepared statement built once per database handle: hot queries are parsed and
 * planned once per connection instead of on every call.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
