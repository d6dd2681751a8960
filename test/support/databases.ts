import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { type Database, openDatabase } from '../../server/db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../../server/db/migrate';

// On PostgreSQL every test file gets its own database, copied from a template that was migrated
// once per migration set (CREATE DATABASE … TEMPLATE). Without DATABASE_URL each file gets an
// in-memory PGlite, migrated on open.

export const testDatabaseUrl = () => process.env.DATABASE_URL?.trim() || undefined;
export const isPostgres = () => Boolean(testDatabaseUrl());

export function templateName() {
  const hash = createHash('sha256');
  const files = fs
    .readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) hash.update(fs.readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  return `inklink_tpl_${hash.digest('hex').slice(0, 12)}`;
}

export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Creates the migrated template once (idempotent, safe when several runs start together). */
export async function ensureTemplate(url: string) {
  const name = templateName();
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin`select pg_advisory_lock(727275)`;
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) {
      const building = `${name}_build_${randomBytes(3).toString('hex')}`;
      await admin.unsafe(`create database "${building}"`);
      const database = await openDatabase({ databaseUrl: withDatabase(url, building), dataDir: '', maxConnections: 1 });
      await runMigrations(database);
      await database.close();
      await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    }
    await admin`select pg_advisory_unlock(727275)`;
  } finally {
    await admin.end({ timeout: 5 });
  }
  return name;
}

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  if (!url) {
    const database = await openDatabase({ dataDir: '', memory: true });
    await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const template = templateName();
  const name = `inklink_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${template}"`);
  const dbUrl = withDatabase(url, name);
  const database = await openDatabase({ databaseUrl: dbUrl, dataDir: '', maxConnections: 60 });
  return {
    database,
    url: dbUrl,
    async drop() {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * Opens an embedded data directory in this process, migrated, for `fn`, and closes it again: PGlite
 * allows one process per directory, so a test uses it only while no server of its own runs on it.
 */
export async function withDataDir<T>(dataDir: string, fn: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    return await fn(database.db);
  } finally {
    await database.close();
  }
}
