import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { isKeptOnSignOut } from '../../cache-lifetimes';
import { trpc } from '../../trpc';

/**
 * What sign-out forgets (spec 1 §4 "on sign-out the profile cache is cleared", §7 "logout followed
 * by cache clear"): the member's own profile and every cached answer they were given, except the
 * profiles by id, which spec 1 §9 keeps on logout (./cache-lifetimes). Who is signed in is set to
 * nobody, not removed: every observer is told, and removing it would orphan the mounted ones.
 */
export function forgetOnSignOut(queryClient: QueryClient) {
  const meKey = getQueryKey(trpc.auth.me, undefined, 'query');
  const meHash = JSON.stringify(meKey);
  queryClient.setQueryData(meKey, null);
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== meHash && !isKeptOnSignOut(query.queryKey) });
}
