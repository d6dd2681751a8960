import { randomUUID } from 'node:crypto';
import type pino from 'pino';
import type { Database } from '../db/client';
import type { Session, SessionUser } from './sessions';

// Reads (GET requests) may use a session row validated moments ago instead of a database round
// trip per request; writes always validate against the database. The database itself announces
// every change to the users and sessions tables on AUTH_CHANGES_CHANNEL (triggers of migration
// 0005), whoever wrote them — a service, the admin console, a CLI run, another server process — so
// each process evicts what changed within milliseconds. The TTL bounds staleness should a
// notification ever be lost (e.g. while the LISTEN connection reconnects).

export const AUTH_CHANGES_CHANNEL = 'inklink_auth';
/** The triggers send this instead of a list of ids when a statement changed many users. */
export const ALL_USERS = '*';
export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_ENTRIES = 50_000;
/** A catch-up marker sent on the channel itself; never a user id (those are UUIDs). */
const CATCH_UP_PREFIX = 'catch-up:';
/** How long a catch-up waits for its marker before it gives up and empties the cache instead. */
export const CATCH_UP_TIMEOUT_MS = 2_000;

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
  evictUser(userId: string): void;
  /**
   * Resolves once every change committed before the call has been applied here. PostgreSQL
   * delivers notifications in commit order, so receiving a marker sent now means every earlier
   * change notice has arrived too. Used after writes that change other users (an admin revoking
   * a grant), whose notice would otherwise race the affected user's next request.
   */
  catchUp(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

type Entry = { row: SessionRow; expiresAt: number };

export function createSessionCache(
  database: Database,
  logger: pino.Logger,
  options: { ttlMs?: number; maxEntries?: number } = {},
): SessionCache {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  const sessionsOfUser = new Map<string, Set<string>>();
  let generation = 0;
  let unlisten: (() => Promise<void>) | undefined;
  // Other processes see this cache's markers on the shared channel too; the random part keeps them apart.
  const markerPrefix = `${CATCH_UP_PREFIX}${randomUUID()}.`;
  let markers = 0;
  const awaitedMarkers = new Map<string, () => void>();

  const forget = (sessionId: string) => {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const ids = sessionsOfUser.get(entry.row.user.id);
    ids?.delete(sessionId);
    if (ids?.size === 0) sessionsOfUser.delete(entry.row.user.id);
  };

  const evictUser = (userId: string) => {
    generation++;
    for (const sessionId of sessionsOfUser.get(userId) ?? []) forget(sessionId);
  };

  const clear = () => {
    generation++;
    entries.clear();
    sessionsOfUser.clear();
  };

  const onChange = (payload: string) => {
    if (payload.startsWith(CATCH_UP_PREFIX)) return awaitedMarkers.get(payload)?.();
    if (payload === ALL_USERS) return clear();
    for (const userId of payload.split(',')) evictUser(userId);
  };

  return {
    get(sessionId) {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAt <= performance.now()) {
        forget(sessionId);
        return undefined;
      }
      return entry.row;
    },
    generation: () => generation,
    set(sessionId, row, generationAtRead) {
      if (generationAtRead !== generation || !unlisten) return;
      forget(sessionId);
      // Oldest first in a Map: dropping the first key keeps memory bounded.
      if (entries.size >= maxEntries) forget(entries.keys().next().value as string);
      entries.set(sessionId, { row, expiresAt: performance.now() + ttlMs });
      const ids = sessionsOfUser.get(row.user.id) ?? new Set<string>();
      ids.add(sessionId);
      sessionsOfUser.set(row.user.id, ids);
    },
    evictSession(sessionId) {
      generation++;
      forget(sessionId);
    },
    evictUser,
    async catchUp() {
      if (!unlisten) return; // nothing is cached without the feed
      const marker = `${markerPrefix}${++markers}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        awaitedMarkers.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), CATCH_UP_TIMEOUT_MS);
      });
      try {
        await database.notify(AUTH_CHANGES_CHANNEL, marker);
        // A lost marker (the feed reconnecting) must not leave stale grants behind.
        if (!(await arrived)) clear();
      } catch (error) {
        clear();
        throw error;
      } finally {
        clearTimeout(timer);
        awaitedMarkers.delete(marker);
      }
    },
    async start() {
      if (unlisten) return;
      try {
        unlisten = await database.listen(AUTH_CHANGES_CHANNEL, onChange);
      } catch (error) {
        // Without the change feed nothing may be cached; every request reads the database.
        logger.warn({ err: error }, 'session cache disabled: could not listen for auth changes');
      }
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = undefined;
      clear();
      await stopListening?.();
    },
  };
}
