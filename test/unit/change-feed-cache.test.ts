import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import { CATCH_UP_TIMEOUT_MS, changeFeedOf } from '../../server/lib/change-feed';
import { createChangeFeedCache, encodedOnce } from '../../server/lib/change-feed-cache';

/**
 * A database whose change feed the test fires by hand (or that cannot listen at all). A NOTIFY
 * comes back at once on its channel, unless `dropNotices` (a feed that is reconnecting) or `hangs`
 * (a database that does not answer).
 */
function fakeDatabase(canListen = true, options: { dropNotices?: boolean; hangs?: boolean } = {}) {
  const listeners = new Map<string, (payload: string) => void>();
  const notices: string[] = [];
  const database = {
    async listen(channel: string, onPayload: (payload: string) => void) {
      if (!canListen) throw new Error('no LISTEN');
      listeners.set(channel, onPayload);
      return async () => {
        listeners.delete(channel);
      };
    },
    async notify(channel: string, payload: string) {
      notices.push(payload);
      if (options.hangs) await new Promise(() => undefined);
      if (!options.dropNotices) queueMicrotask(() => listeners.get(channel)?.(payload));
    },
  } as unknown as Database;
  return { database, notices, announce: (payload = '') => listeners.get('test')?.(payload) };
}

const options = { channel: 'test', ttlMs: 60_000, maxEntries: 3 };
const logger = pino({ level: 'silent' });

describe('change-feed cache', () => {
  it('keeps an answer until the feed announces a change', async () => {
    const { database, announce } = fakeDatabase();
    const cache = createChangeFeedCache<number>(database, logger, options);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    announce();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep an answer whose computation a change overtook', async () => {
    const { database, announce } = fakeDatabase();
    const cache = createChangeFeedCache<string>(database, logger, options);
    await cache.get('warm', async () => 'listening');
    expect(await cache.get('k', async () => (announce(), 'stale'))).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('caches nothing without a change feed', async () => {
    const { database } = fakeDatabase(false);
    const cache = createChangeFeedCache<number>(database, logger, options);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('holds at most maxEntries answers, dropping the oldest', async () => {
    const { database } = fakeDatabase();
    const cache = createChangeFeedCache<string>(database, logger, options);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => key);
    expect(await cache.get('a', async () => 'reloaded')).toBe('reloaded');
    expect(await cache.get('d', async () => 'reloaded')).toBe('d');
  });

  it('expires answers after the TTL', async () => {
    const { database } = fakeDatabase();
    const short = createChangeFeedCache<string>(database, logger, { ...options, ttlMs: 20 });
    await short.get('k', async () => 'old');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await short.get('k', async () => 'new')).toBe('new');
  });

  it('evicts only the groups an announcement names, when told how to read it', async () => {
    const { database, announce } = fakeDatabase();
    const cache = createChangeFeedCache<string>(database, logger, { ...options, groupsOf: (payload) => (payload === '*' ? 'all' : payload.split(',')) });
    await cache.start();
    for (const [key, group] of [['a', 'g1'], ['b', 'g1'], ['c', 'g2']]) cache.set(key, key, cache.generation(), group);
    announce('g1');
    expect(['a', 'b', 'c'].map((key) => cache.peek(key))).toEqual([undefined, undefined, 'c']);
    announce('*');
    expect(cache.peek('c')).toBeUndefined();
  });

  it('keeps a value encoded once with its entry, for that value only', async () => {
    const { database, announce } = fakeDatabase();
    const cache = createChangeFeedCache<{ items: string[] }>(database, logger, options);
    let encodings = 0;
    const encode = (value: unknown) => `${++encodings}:${JSON.stringify(value)}`;
    const cached = await cache.get('k', async () => ({ items: ['Iron Rose'] }));
    expect(encodedOnce(cached, encode)).toBe('1:{"items":["Iron Rose"]}');
    expect(encodedOnce(await cache.get('k', async () => ({ items: ['not loaded'] })), encode)).toBe('1:{"items":["Iron Rose"]}');
    // Nothing a JSON or superjson writer sees: the entry hides behind a symbol.
    expect(Object.keys(cached)).toEqual(['items']);
    expect(encodedOnce({ items: ['Iron Rose'] }, encode)).toBeUndefined();
    announce();
    const reloaded = await cache.get('k', async () => ({ items: ['Velvet'] }));
    expect(encodedOnce(reloaded, encode)).toBe('2:{"items":["Velvet"]}');
  });
});

describe('change feed catch-up', () => {
  it('resolves once its marker came back, with one marker for the writers that waited together', async () => {
    const { database, notices } = fakeDatabase();
    const cache = createChangeFeedCache<string>(database, logger, options);
    await cache.get('k', async () => 'kept');
    const feed = changeFeedOf(database, logger);
    await Promise.all([feed.catchUp(), feed.catchUp(), feed.catchUp()]);
    // The first left at once; the two that came while it was on its way shared the next.
    expect(notices).toHaveLength(2);
    expect(await cache.get('k', async () => 'reloaded')).toBe('kept');
  });

  it.each([
    ['its marker never arrives', { dropNotices: true }],
    ['the database does not answer its marker', { hangs: true }],
  ])('empties every cache in bounded time when %s', async (_case, feedOptions) => {
    vi.useFakeTimers();
    try {
      const { database } = fakeDatabase(true, feedOptions);
      const cache = createChangeFeedCache<string>(database, logger, options);
      await cache.get('k', async () => 'kept');
      const catchingUp = changeFeedOf(database, logger).catchUp();
      await vi.advanceTimersByTimeAsync(CATCH_UP_TIMEOUT_MS);
      await catchingUp;
      expect(cache.peek('k')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
