import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { createChangeFeedCache } from '../../server/lib/change-feed-cache';
import { adminProcedure, authedProcedure, publicProcedure } from '../../server/trpc/init';
import { createReusedAnswers } from '../../server/trpc/reused-answers';

/** A change-feed cache whose feed the test fires by hand, handing out shared answers. */
function cacheWithFeed() {
  let announce: ((payload: string) => void) | undefined;
  const database = {
    async listen(_channel: string, onPayload: (payload: string) => void) {
      announce = onPayload;
      return async () => undefined;
    },
  } as unknown as Database;
  const cache = createChangeFeedCache<{ items: string[] }>(database, pino({ level: 'silent' }), {
    channel: 'test',
    ttlMs: 60_000,
    maxEntries: 10,
  });
  return { cache, announce: () => announce?.('') };
}

const resolver = () => ({ items: [] as string[] });
const signedInSearch = authedProcedure.meta({ reusesAnswers: true }).query(resolver);
const member = { user: { id: 'u1' } };
const text = (value: string) => () => value;

describe('reused answers', () => {
  it('answers the same request text with the same cached answer while the cache holds it', async () => {
    const { cache, announce } = cacheWithFeed();
    const reused = createReusedAnswers();
    const answer = await cache.get('k', async () => ({ items: ['Quokka Ink'] }));
    reused.remember(signedInSearch, 'studio.search', text('{"q":"quokka"}'), answer);
    expect(reused.find(signedInSearch, 'studio.search', text('{"q":"quokka"}'), member)).toBe(answer);
    expect(reused.find(signedInSearch, 'studio.search', text('{"q":"QUOKKA"}'), member)).toBeUndefined();
    expect(reused.find(signedInSearch, 'product.search', text('{"q":"quokka"}'), member)).toBeUndefined();
    announce();
    expect(reused.find(signedInSearch, 'studio.search', text('{"q":"quokka"}'), member)).toBeUndefined();
  });

  it('checks access on every call, from the level the builder declares', async () => {
    const { cache } = cacheWithFeed();
    const reused = createReusedAnswers();
    const answer = await cache.get('k', async () => ({ items: [] }));
    const publicSearch = publicProcedure.meta({ reusesAnswers: true }).query(resolver);
    const adminSearch = adminProcedure.meta({ reusesAnswers: true }).query(resolver);
    for (const procedure of [signedInSearch, publicSearch, adminSearch]) reused.remember(procedure, 'p', text(''), answer);
    expect(reused.find(signedInSearch, 'p', text(''), { user: null })).toBeUndefined();
    expect(reused.find(publicSearch, 'p', text(''), { user: null })).toBe(answer);
    // An admin-only answer is never reused: being signed in is not what admits the caller.
    expect(reused.find(adminSearch, 'p', text(''), { user: { id: 'admin' } })).toBeUndefined();
  });

  it('remembers only shared answers of procedures that declare it', async () => {
    const { cache } = cacheWithFeed();
    const reused = createReusedAnswers();
    const undeclared = authedProcedure.query(resolver);
    reused.remember(undeclared, 'p', text(''), await cache.get('k', async () => ({ items: [] })));
    expect(reused.find(undeclared, 'p', text(''), member)).toBeUndefined();
    reused.remember(signedInSearch, 'p', text(''), { items: ['not from a cache'] });
    expect(reused.find(signedInSearch, 'p', text(''), member)).toBeUndefined();
  });

  it('keeps at most its limit of request texts, dropping the oldest', async () => {
    const { cache } = cacheWithFeed();
    const reused = createReusedAnswers(2);
    for (const key of ['a', 'b', 'c'])
      reused.remember(signedInSearch, 'p', text(key), await cache.get(key, async () => ({ items: [key] })));
    expect(['a', 'b', 'c'].map((key) => reused.find(signedInSearch, 'p', text(key), member)?.constructor === Object)).toEqual([
      false,
      true,
      true,
    ]);
  });
});
