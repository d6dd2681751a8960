import { environmentManager, type QueryClient, type QueryKey } from '@tanstack/react-query';

const MINUTE = 60_000;

/**
 * How long a cached answer is used before it is asked for again, by tRPC path (spec 1 §9 and
 * spec 2 §9). A path names a whole router (`['blog']`) or one procedure; the longest path that
 * matches a query wins. tRPC's query keys start with the path: `[['blog', 'list'], { input }]`.
 * Procedures not named here get the app's default (`DEFAULT_LIFETIME`).
 */
const CACHE_RULES: ReadonlyArray<{ path: readonly string[]; lifetime: number; keptOnSignOut?: true }> = [
  // Spec 1 §9: "5 minutes for shop users, shops, orders, products, storefronts, payments and
  // notification lists". Shops and their members (shop users) are the studio router.
  { path: ['studio'], lifetime: 5 * MINUTE },
  { path: ['order'], lifetime: 5 * MINUTE },
  { path: ['product'], lifetime: 5 * MINUTE },
  { path: ['storefront'], lifetime: 5 * MINUTE },
  { path: ['notification'], lifetime: 5 * MINUTE },
  // Spec 2 §9: "Payment and connect caches last 5 minutes" (payment requests are payments too).
  { path: ['payment'], lifetime: 5 * MINUTE },
  { path: ['paymentRequest'], lifetime: 5 * MINUTE },
  { path: ['connect'], lifetime: 5 * MINUTE },
  // Spec 1 §9: "10 minutes for images and for user profiles (profile cache kept on logout)".
  // The profiles are read by id (or an artist's handle) and are the same for every viewer, so
  // keeping them past a sign-out shows nobody anything of the member who left.
  { path: ['image'], lifetime: 10 * MINUTE },
  { path: ['user', 'byId'], lifetime: 10 * MINUTE, keptOnSignOut: true },
  { path: ['artist', 'byId'], lifetime: 10 * MINUTE, keptOnSignOut: true },
  { path: ['artist', 'bySlug'], lifetime: 10 * MINUTE, keptOnSignOut: true },
  // Spec 1 §9: "1 minute for the unseen notification count".
  { path: ['notification', 'unseenCounts'], lifetime: MINUTE },
  // Spec 2 §9: "Blog: cache 1 hour".
  { path: ['blog'], lifetime: 60 * MINUTE },
  // Not a spec cache: who is signed in. A minute, so a session ended elsewhere shows soon.
  { path: ['auth', 'me'], lifetime: MINUTE },
];

/** What the spec does not name: five minutes, the spec's common lifetime. */
export const DEFAULT_LIFETIME = 5 * MINUTE;

/** TanStack Query's own in the browser: an unused cached answer is dropped after five minutes. */
const DEFAULT_UNUSED_KEPT = 5 * MINUTE;

/**
 * Gives a query cache the lifetimes above, as per-key defaults: a component or loader asking for
 * a procedure gets its lifetime without saying so. In the browser an unused answer is kept as long
 * as it is fresh (gcTime), or the blog's hour would end five minutes after its page was left. Not on
 * the server: each render has a cache of its own, which TanStack never expires there (no timers);
 * an hour's gcTime would keep every render's answers in memory for an hour.
 */
export function applyCacheLifetimes(client: QueryClient) {
  const inBrowser = !environmentManager.isServer();
  // TanStack merges every matching default in the order they were set: shorter paths first, so the
  // more specific rule is applied last and wins.
  const byPathLength = [...CACHE_RULES].sort((a, b) => a.path.length - b.path.length);
  for (const rule of byPathLength) {
    const keepUnused = inBrowser && rule.lifetime > DEFAULT_UNUSED_KEPT;
    client.setQueryDefaults([rule.path], keepUnused ? { staleTime: rule.lifetime, gcTime: rule.lifetime } : { staleTime: rule.lifetime });
  }
}

/** Whether a cached query is one the spec keeps on logout (spec 1 §4, §9: the profiles by id). */
export function isKeptOnSignOut(queryKey: QueryKey): boolean {
  const [path] = queryKey;
  if (!Array.isArray(path)) return false;
  return CACHE_RULES.some((rule) => rule.keptOnSignOut && rule.path.every((part, i) => path[i] === part));
}
