import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { withReconnectRetries } from './reconnect';
import * as schema from './schema';

export type Schema = typeof schema;
/** One Drizzle type over both drivers; a transaction is assignable to it too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL connection string (absent on PGlite). */
  url?: string;
  /** LISTEN on a channel; returns an unlisten function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Connection pool size on PostgreSQL. */
  maxConnections?: number;
  /** In-memory PGlite (tests); no data directory, no lock. */
  memory?: boolean;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 20);
  return openPglite(options);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connection: { application_name: 'inklink' },
  });
  // postgres.js reads the array types on every new connection, and when the backend is terminated
  // during that read it rejects a promise nobody holds (postgres.js issues 1192, 1205, 1223): an
  // unhandled rejection, which ends a Node process. The types are read once here, on the first
  // connection, and shared by the pool; later connections skip the read. (The schema's array
  // columns are of built-in types, whose array types exist before any migration.)
  await client`select 1`;
  client.options.fetch_types = false;
  const db = drizzlePostgres({ client: withReconnectRetries(client), schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    async listen(channel, onPayload) {
      const sub = await client.listen(channel, onPayload);
      return () => sub.unlisten();
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let releaseLock = () => {};
  let dataPath: string | undefined;
  if (!options.memory) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(options.dataDir);
    dataPath = path.join(options.dataDir, 'pglite');
  }
  try {
    const client = await PGlite.create(dataPath, { extensions: { pg_trgm, btree_gist, cube } });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      async listen(channel, onPayload) {
        return client.listen(channel, onPayload);
      },
      async notify(channel, payload) {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      async close() {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite is single-process: two processes on one data directory would corrupt it. The lock file
 * holds the owner's pid; a lock whose process is gone is stale and taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'inklink.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another InkLink process (pid ${owner}). ` +
            'The embedded database allows one process per data directory: stop that process, ' +
            'set DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
