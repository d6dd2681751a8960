import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { ALL_USERS, createSessionCache, type SessionRow } from '../../server/auth/session-cache';
import type { Database } from '../../server/db/client';
import { CATCH_UP_TIMEOUT_MS, changeFeedOf } from '../../server/lib/change-feed';

/**
 * A change feed like PostgreSQL's: `announce` delivers at once; `commit` queues a notice that
 * `deliver` hands over later, in commit order, with anything notified after it (a marker).
 */
function fakeDatabase(options: { dropNotices?: boolean } = {}) {
  const inFlight: string[] = [];
  const feed: { announce?: (payload: string) => void; commit(payload: string): void; deliver(): void } = {
    commit: (payload) => inFlight.push(payload),
    deliver: () => {
      for (const payload of inFlight.splice(0)) feed.announce?.(payload);
    },
  };
  const database = {
    listen: async (_channel: string, onPayload: (payload: string) => void) => {
      feed.announce = onPayload;
      return async () => {
        feed.announce = undefined;
      };
    },
    notify: async (_channel: string, payload: string) => {
      if (!options.dropNotices) feed.commit(payload);
    },
  } as unknown as Database;
  return { database, feed };
}

const row = (userId: string, sessionId: string) => ({ session: { id: sessionId, userId }, user: { id: userId } }) as unknown as SessionRow;
const logger = pino({ level: 'silent' });

async function startedCache(options?: { ttlMs?: number; maxEntries?: number }, feedOptions?: { dropNotices?: boolean }) {
  const { database, feed } = fakeDatabase(feedOptions);
  const cache = createSessionCache(database, logger, options);
  await cache.start();
  // Catching up is the database's change feed's: every cache over it, this one included.
  return { cache, feed, catchUp: () => changeFeedOf(database, logger).catchUp() };
}

describe('createSessionCache', () => {
  it('keeps nothing until the change feed is listening', () => {
    const cache = createSessionCache(fakeDatabase().database, logger);
    cache.set('s1', row('u1', 's1'), cache.generation());
    expect(cache.get('s1')).toBeUndefined();
  });

  it('does not keep a row read while an eviction happened (it may be stale)', async () => {
    const { cache, feed } = await startedCache();
    const before = cache.generation();
    feed.announce?.('u1');
    cache.set('s1', row('u1', 's1'), before);
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', row('u1', 's1'), cache.generation());
    expect(cache.get('s1')).toBeDefined();
  });

  it("drops every session of an announced user and only theirs; '*' drops all", async () => {
    const { cache, feed } = await startedCache();
    for (const [user, session] of [['u1', 's1'], ['u1', 's2'], ['u2', 's3'], ['u3', 's4']]) cache.set(session, row(user, session), cache.generation());
    feed.announce?.('u1,u3');
    expect(['s1', 's2', 's3', 's4'].map((id) => Boolean(cache.get(id)))).toEqual([false, false, true, false]);
    feed.announce?.(ALL_USERS);
    expect(cache.get('s3')).toBeUndefined();
  });

  it('forgets an entry after its TTL', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const { cache } = await startedCache({ ttlMs: 1000 });
      cache.set('s1', row('u1', 's1'), cache.generation());
      vi.advanceTimersByTime(999);
      expect(cache.get('s1')).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(cache.get('s1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const { cache } = await startedCache({ maxEntries: 3 });
    for (const id of ['s1', 's2', 's3', 's4']) cache.set(id, row(`u-${id}`, id), cache.generation());
    expect(['s1', 's2', 's3', 's4'].map((id) => Boolean(cache.get(id)))).toEqual([false, true, true, true]);
  });

  it('keeps nothing after stop', async () => {
    const { cache } = await startedCache();
    cache.set('s1', row('u1', 's1'), cache.generation());
    await cache.stop();
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', row('u1', 's1'), cache.generation());
    expect(cache.get('s1')).toBeUndefined();
  });

  it('catches up: resolves only once every notice committed before the call has been applied', async () => {
    const { cache, feed, catchUp } = await startedCache();
    cache.set('s1', row('u1', 's1'), cache.generation());
    cache.set('s2', row('u2', 's2'), cache.generation());
    feed.commit('u1'); // an admin's revocation, committed but not yet delivered
    let caughtUp = false;
    const catchingUp = catchUp().then(() => {
      caughtUp = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(caughtUp).toBe(false);
    feed.deliver();
    await catchingUp;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeDefined();
  });

  it('empties the cache when its catch-up marker never arrives', async () => {
    vi.useFakeTimers();
    try {
      const { cache, catchUp } = await startedCache(undefined, { dropNotices: true });
      cache.set('s1', row('u1', 's1'), cache.generation());
      const catchingUp = catchUp();
      await vi.advanceTimersByTimeAsync(CATCH_UP_TIMEOUT_MS);
      await catchingUp;
      expect(cache.get('s1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
