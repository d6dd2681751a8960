import type pino from 'pino';
import type { Database } from '../db/client';
import { changeFeedOf, type FeedSubscriber } from './change-feed';

// A per-process cache of values read from the database, kept until the database announces a
// change to what they were read from (server/lib/change-feed.ts): the search answers, the session
// rows. A value read while a change arrived is not kept (a generation counter), so a read racing a
// change cannot plant a stale value; the TTL bounds staleness should a notification be lost while
// the LISTEN connection reconnects. Without the change feed nothing is cached.

export type ChangeFeedCacheOptions = {
  channel: string;
  ttlMs: number;
  maxEntries: number;
  /** The groups an announcement names (e.g. the users whose sessions changed), or 'all'; by default every change empties the cache. */
  groupsOf?: (payload: string) => string[] | 'all';
};

export type ChangeFeedCache<V> = {
  /** The cached value, or the one `load` reads (kept only if nothing changed meanwhile). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** The cached value, if any (no load). */
  peek(key: string): V | undefined;
  /** Bumped by every eviction; read it before a database read and pass it to `set`. */
  generation(): number;
  /** Keeps a value read from the database, unless an eviction happened since the read began or the feed is not listening. */
  set(key: string, value: V, generationAtRead: number, group?: string): void;
  evict(key: string): void;
  /** Starts listening (at the latest on the first `get`); nothing is kept before. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

type Entry<V> = { key: string; value: V; expiresAt: number; group?: string; encoded?: unknown };

/** Where a value handed out by a cache finds its entry (a property no JSON or superjson writer sees). */
const ENTRY = Symbol('change-feed cache entry');

/**
 * The encoded form of a value a change-feed cache handed out (its HTTP body), made by `encode` on
 * the first call and kept in the value's entry for every later one: a cached search answer is
 * served many times and serialized once. Undefined for any other value. A value is never mutated
 * once cached and an evicted one is replaced, not changed, so the encoded form stays its own.
 */
export function encodedOnce<E>(value: unknown, encode: (value: unknown) => E): E | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = (value as { [ENTRY]?: Entry<unknown> })[ENTRY];
  if (!entry) return undefined;
  entry.encoded ??= encode(value);
  return entry.encoded as E;
}

export function createChangeFeedCache<V>(database: Database, logger: pino.Logger, options: ChangeFeedCacheOptions): ChangeFeedCache<V> {
  const entries = new Map<string, Entry<V>>();
  const keysOfGroup = new Map<string, Set<string>>();
  let generation = 0;
  let started: Promise<void> | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;
  let stopped = false;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    if (entry.group === undefined) return;
    const keys = keysOfGroup.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) keysOfGroup.delete(entry.group);
  };

  const clear = () => {
    generation++;
    entries.clear();
    keysOfGroup.clear();
  };

  const evictGroup = (group: string) => {
    generation++;
    for (const key of keysOfGroup.get(group) ?? []) forget(key);
  };

  const subscriber: FeedSubscriber = {
    channel: options.channel,
    onChange(payload) {
      const groups = options.groupsOf?.(payload) ?? 'all';
      if (groups === 'all') clear();
      else for (const group of groups) evictGroup(group);
    },
    clear,
  };

  const start = () => {
    started ??= changeFeedOf(database, logger)
      .subscribe(subscriber)
      .then((stopListening) => {
        if (stopped) return stopListening?.();
        unsubscribe = stopListening;
      });
    return started;
  };

  const peek = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > performance.now()) return entry.value;
    forget(key);
    return undefined;
  };

  const set = (key: string, value: V, generationAtRead: number, group?: string) => {
    if (!unsubscribe || stopped || generationAtRead !== generation) return;
    forget(key);
    // Oldest first in a Map: dropping the first key keeps memory bounded.
    if (entries.size >= options.maxEntries) forget(entries.keys().next().value as string);
    const entry: Entry<V> = { key, value, expiresAt: performance.now() + options.ttlMs, group };
    entries.set(key, entry);
    if (group !== undefined) keysOfGroup.set(group, (keysOfGroup.get(group) ?? new Set()).add(key));
    // Every later hit hands out this very value: it must never be mutated (encodedOnce relies on it).
    if (typeof value === 'object' && value !== null && Object.isExtensible(value)) {
      Object.defineProperty(value, ENTRY, { value: entry, configurable: true, writable: true });
    }
  };

  return {
    async get(key, load) {
      if (!unsubscribe) await start();
      const hit = peek(key);
      if (hit !== undefined) return hit;
      const generationAtRead = generation;
      const value = await load();
      set(key, value, generationAtRead);
      return value;
    },
    peek,
    generation: () => generation,
    set,
    evict(key) {
      generation++;
      forget(key);
    },
    start,
    async stop() {
      stopped = true;
      clear();
      const stopListening = unsubscribe;
      unsubscribe = undefined;
      await stopListening?.();
    },
  };
}

/**
 * A cache per database, created on first use so that a process which never serves the procedure
 * never opens its LISTEN (tests run several apps, each over its own database, in one process).
 */
export function changeFeedCachePerDatabase<V>(options: ChangeFeedCacheOptions): (database: Database, logger: pino.Logger) => ChangeFeedCache<V> {
  const caches = new WeakMap<Database, ChangeFeedCache<V>>();
  return (database, logger) => {
    let cache = caches.get(database);
    if (!cache) {
      cache = createChangeFeedCache<V>(database, logger, options);
      caches.set(database, cache);
    }
    return cache;
  };
}
