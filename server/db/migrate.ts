import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Applies the committed drizzle-kit migrations; on PostgreSQL, serialized across processes. */
export async function runMigrations(database: Database) {
  const migrationsFolder = MIGRATIONS_FOLDER;
  if (database.kind === 'pglite' || !database.url) {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // Several nodes may start at once: one applies while holding a session advisory lock on a
  // dedicated connection, the others wait for it and then find nothing left to do.
  const client = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(727274)`;
    await migratePostgres(drizzle({ client }), { migrationsFolder });
    await client`select pg_advisory_unlock(727274)`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
