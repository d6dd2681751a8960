import type pino from 'pino';
import type { Database } from '../db/client';
import { markShared } from './shared-answers';

// A per-process cache of answers computed from a set of tables, emptied whenever the database
// announces a change to those tables on a NOTIFY channel (statement-level triggers, so every
// writer is covered: services, the admin console, CLIs, other server processes). Fills racing a
// change are discarded by a generation check; the TTL bounds staleness should a notification be
// lost while the LISTEN connection reconnects. Without the change feed nothing is cached.

export type ChangeFeedCache<V> = {
  /** The cached answer, or the one `load` computes (kept only if nothing changed meanwhile). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  stop(): Promise<void>;
};

export type ChangeFeedCacheOptions = { channel: string; ttlMs: number; maxEntries: number };

type Entry<V> = { value: V; expiresAt: number };

const cachesOf = new WeakMap<Database, Set<ChangeFeedCache<unknown>>>();

/**
 * Empties this process's caches over a database. Called after each of the process's own writes
 * is answered, so the writer's next read never races the notification of its own change.
 */
export function clearChangeFeedCaches(database: Database) {
  for (const cache of cachesOf.get(database) ?? []) cache.clear();
}

export function createChangeFeedCache<V>(database: Database, logger: pino.Logger, options: ChangeFeedCacheOptions): ChangeFeedCache<V> {
  const entries = new Map<string, Entry<V>>();
  let generation = 0;
  let listening: Promise<(() => Promise<void>) | undefined> | undefined;
  let stopped = false;

  const clear = () => {
    generation++;
    entries.clear();
  };

  const ensureListening = () => {
    listening ??= database.listen(options.channel, clear).catch((error: unknown) => {
      logger.warn({ err: error, channel: options.channel }, 'cache disabled: could not listen for changes');
      return undefined;
    });
    return listening;
  };

  const cache: ChangeFeedCache<V> = {
    async get(key, load) {
      const unlisten = await ensureListening();
      const entry = entries.get(key);
      if (entry && entry.expiresAt > performance.now()) return entry.value;
      const generationAtRead = generation;
      const value = await load();
      if (unlisten && !stopped && generationAtRead === generation) {
        entries.delete(key);
        // Oldest first in a Map: dropping the first key keeps memory bounded.
        if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
        // Every later hit hands out this very object: it must never be mutated.
        const entry: Entry<V> = { value, expiresAt: performance.now() + options.ttlMs };
        markShared(value, () => entries.get(key) === entry && entry.expiresAt > performance.now());
        entries.set(key, entry);
      }
      return value;
    },
    clear,
    async stop() {
      stopped = true;
      clear();
      cachesOf.get(database)?.delete(cache as ChangeFeedCache<unknown>);
      const unlisten = await listening;
      await unlisten?.();
    },
  };
  const registered = cachesOf.get(database) ?? new Set();
  registered.add(cache as ChangeFeedCache<unknown>);
  cachesOf.set(database, registered);
  return cache;
}
