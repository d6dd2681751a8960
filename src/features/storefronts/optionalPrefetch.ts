import type { EnsureInfiniteQueryDataOptions, EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Loads a section of a page's first screen (its Shop, its galleries) in the route's loader, so the
 * server's HTML has it instead of a skeleton. Unlike the page's own data it is optional: when it
 * fails, its failed query is dropped (the server's render declines a page holding a failed query),
 * and the section asks again in the browser.
 */
export async function optionalPrefetch<T, E, D, K extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<T, E, D, K>,
): Promise<void> {
  await queryClient.ensureQueryData(options).catch(() => queryClient.removeQueries({ queryKey: options.queryKey, exact: true }));
}

/** The same for the first page of an infinite list (a gallery). */
export async function optionalPrefetchInfinite<T, E, D, K extends QueryKey, P>(
  queryClient: QueryClient,
  options: EnsureInfiniteQueryDataOptions<T, E, D, K, P>,
): Promise<void> {
  await queryClient.ensureInfiniteQueryData(options).catch(() => queryClient.removeQueries({ queryKey: options.queryKey, exact: true }));
}
