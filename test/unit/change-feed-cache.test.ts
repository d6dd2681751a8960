import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { clearChangeFeedCaches, createChangeFeedCache } from '../../server/lib/change-feed-cache';

/** A database whose change feed the test fires by hand (or that cannot listen at all). */
function fakeDatabase(canListen = true) {
  let announce: ((payload: string) => void) | undefined;
  const database = {
    async listen(_channel: string, onPayload: (payload: string) => void) {
      if (!canListen) throw new Error('no LISTEN');
      announce = onPayload;
      return async () => {
        announce = undefined;
      };
    },
  } as unknown as Database;
  return { database, announce: () => announce?.('') };
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

  it('expires answers after the TTL, and empties on a local write', async () => {
    const { database } = fakeDatabase();
    const short = createChangeFeedCache<string>(database, logger, { ...options, ttlMs: 20 });
    await short.get('k', async () => 'old');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await short.get('k', async () => 'new')).toBe('new');
    clearChangeFeedCaches(database);
    expect(await short.get('k', async () => 'after write')).toBe('after write');
  });
});
