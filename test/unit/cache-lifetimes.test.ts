import { environmentManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetOnSignOut } from '../../src/features/auth/forgetOnSignOut';
import { createQueryClient, trpc } from '../../src/trpc';

// The spec's cache lifetimes (spec 1 §9, spec 2 §9), read through the app's own query cache: an
// answer cached at one moment is used, or asked for again, a given time later.

const MINUTE = 60_000;
const ID = '00000000-0000-4000-8000-000000000001';

const keys = {
  blogList: getQueryKey(trpc.blog.list, { featured: true }, 'query'),
  blogPages: getQueryKey(trpc.blog.list, {}, 'infinite'),
  blogPost: getQueryKey(trpc.blog.bySlug, { slug: 'first-tattoo' }, 'query'),
  images: getQueryKey(trpc.image.list, { accountId: ID }, 'infinite'),
  artistByHandle: getQueryKey(trpc.artist.bySlug, { slug: 'ink' }, 'query'),
  artistById: getQueryKey(trpc.artist.byId, { id: ID }, 'query'),
  userProfile: getQueryKey(trpc.user.byId, { id: ID }, 'query'),
  unseenCounts: getQueryKey(trpc.notification.unseenCounts, undefined, 'query'),
  notificationList: getQueryKey(trpc.notification.list, {}, 'infinite'),
  order: getQueryKey(trpc.order.byId, { orderId: ID }, 'query'),
  myStudios: getQueryKey(trpc.studio.mine, undefined, 'query'),
  payments: getQueryKey(trpc.payment.methods, undefined, 'query'),
  me: getQueryKey(trpc.auth.me, undefined, 'query'),
};

let client: QueryClient;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  client = createQueryClient();
});
afterEach(() => {
  client.clear();
  vi.useRealTimers();
});

/** Whether an answer cached now is still used `after` ms later (no new request). */
async function servedFromCache(queryKey: QueryKey, after: number) {
  client.setQueryData(queryKey, 'cached');
  vi.setSystemTime(Date.now() + after);
  const ask = vi.fn(async () => 'fresh');
  await client.fetchQuery({ queryKey, queryFn: ask });
  return ask.mock.calls.length === 0;
}

describe('how long a cached answer is used', () => {
  it.each([
    ['the blog (spec 2 §9)', 60, keys.blogList],
    ['a blog post', 60, keys.blogPost],
    ['the blog pages', 60, keys.blogPages],
    ['images (spec 1 §9)', 10, keys.images],
    ['an artist profile by handle (a user profile)', 10, keys.artistByHandle],
    ['an artist profile by id', 10, keys.artistById],
    ['a user profile', 10, keys.userProfile],
    ['the unseen notification count', 1, keys.unseenCounts],
    ['notification lists', 5, keys.notificationList],
    ['orders', 5, keys.order],
    ['shops', 5, keys.myStudios],
    ['payments (spec 2 §9)', 5, keys.payments],
  ])('%s: %i minutes', async (_what, minutes, queryKey) => {
    expect(await servedFromCache(queryKey, minutes * MINUTE - 1_000)).toBe(true);
    client.clear();
    expect(await servedFromCache(queryKey, minutes * MINUTE + 1_000)).toBe(false);
  });

  it('keeps an unused answer in the browser as long as it is fresh: the blog for an hour, not five minutes', () => {
    environmentManager.setIsServer(() => false);
    try {
      const browser = createQueryClient();
      browser.setQueryData(keys.blogList, 'cached');
      browser.setQueryData(keys.unseenCounts, 'cached');
      expect(browser.getQueryCache().find({ queryKey: keys.blogList, exact: true })?.gcTime).toBe(60 * MINUTE);
      expect(browser.getQueryCache().find({ queryKey: keys.unseenCounts, exact: true })?.gcTime).toBe(5 * MINUTE);
      browser.clear();
    } finally {
      environmentManager.setIsServer(() => typeof window === 'undefined');
    }
  });

  it("sets no expiry timer on a server render's cache (TanStack keeps it as long as the render's cache lives)", () => {
    client.setQueryData(keys.blogList, 'cached');
    expect(client.getQueryCache().find({ queryKey: keys.blogList, exact: true })?.gcTime).toBe(Number.POSITIVE_INFINITY);
  });

  it('lets a caller that needs the latest answer ask for it', async () => {
    client.setQueryData(keys.blogList, 'cached');
    const ask = vi.fn(async () => 'fresh');
    await client.fetchQuery({ queryKey: keys.blogList, queryFn: ask, staleTime: 0 });
    expect(ask).toHaveBeenCalledOnce();
  });
});

describe('sign-out (spec 1 §4, §9)', () => {
  it("forgets the member's own profile and what they were shown, and keeps the profiles by id", () => {
    for (const queryKey of Object.values(keys)) client.setQueryData(queryKey, 'cached');
    forgetOnSignOut(client);
    const left = (queryKey: QueryKey) => client.getQueryData(queryKey);
    expect(left(keys.me)).toBeNull();
    expect([left(keys.artistByHandle), left(keys.artistById), left(keys.userProfile)]).toEqual(['cached', 'cached', 'cached']);
    expect([left(keys.order), left(keys.images), left(keys.myStudios), left(keys.unseenCounts), left(keys.blogList)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
