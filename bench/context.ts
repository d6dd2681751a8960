import { createSession } from '../server/auth/sessions';
import { SESSION_COOKIE } from '../server/auth/cookies';
import type { Db } from '../server/db/client';
import type { Row } from './lib';

/** What every bench group gets: the seeded database, the running app (pinned), and sessions. */
export type BenchContext = {
  databaseUrl: string;
  /** The bench's own connection, for setup and checks (not the app's pool). */
  db: Db;
  appUrl: string;
  appPid: number;
  /** RSS of the app right after it answered /healthz, before any load. */
  rssAfterStartMb: number;
  dataDir: string;
  /** A Cookie header for a fresh session of this user (created in the database: no argon2, no throttle). */
  sessionCookie(userId: string): Promise<string>;
  log(line: string): void;
};

export type BenchGroup = {
  name: string;
  /** Runs after the app is stopped (background work that the app's own job loops would race). */
  standalone?: boolean;
  /** Extra data this group needs, written before the app starts (bulk SQL). */
  prepare?(ctx: { databaseUrl: string; db: Db; log(line: string): void }): Promise<void>;
  run(ctx: BenchContext): Promise<Row[]>;
};

export function sessionCookieFactory(db: Db) {
  return async (userId: string) => {
    const { token } = await createSession(db, userId, { now: new Date(), userAgent: 'bench' });
    return `${SESSION_COOKIE}=${token}`;
  };
}
