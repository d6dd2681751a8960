import type pino from 'pino';
import type { Database } from '../db/client';
import { createChangeFeedCache } from '../lib/change-feed-cache';
import type { Session, SessionUser } from './sessions';

// Reads (GET requests) may use a session row validated moments ago instead of a database round
// trip per request; writes always validate against the database. The database itself announces
// every change to the users and sessions tables on AUTH_CHANGES_CHANNEL (triggers of migration
// 0005), whoever wrote them — a service, the admin console, a CLI run, another server process — so
// each process evicts what changed within milliseconds: the sessions of the users named. This is
// the change-feed cache every cache of the server uses (server/lib/change-feed-cache.ts), with a
// user's sessions as one group.

export const AUTH_CHANGES_CHANNEL = 'inklink_auth';
/** The triggers send this instead of a list of ids when a statement changed many users. */
export const ALL_USERS = '*';
export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_ENTRIES = 50_000;

export type SessionRow = { session: Session; user: SessionUser };

export type SessionCache = {
  get(sessionId: string): SessionRow | undefined;
  /** Bumped by every eviction; read it before a database read and pass it to `set`. */
  generation(): number;
  /**
   * Keeps a row read from the database — unless an eviction happened since the read began
   * (`generationAtRead`), in which case the row may already be stale and is not kept.
   */
  set(sessionId: string, row: SessionRow, generationAtRead: number): void;
  evictSession(sessionId: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createSessionCache(
  database: Database,
  logger: pino.Logger,
  options: { ttlMs?: number; maxEntries?: number } = {},
): SessionCache {
  const cache = createChangeFeedCache<SessionRow>(database, logger, {
    channel: AUTH_CHANGES_CHANNEL,
    ttlMs: options.ttlMs ?? SESSION_CACHE_TTL_MS,
    maxEntries: options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES,
    groupsOf: (payload) => (payload === ALL_USERS ? 'all' : payload.split(',')),
  });
  return {
    get: cache.peek,
    generation: cache.generation,
    set: (sessionId, row, generationAtRead) => cache.set(sessionId, row, generationAtRead, row.user.id),
    evictSession: cache.evict,
    start: cache.start,
    stop: cache.stop,
  };
}
