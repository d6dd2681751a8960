import { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils, createTRPCReact, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../server/router';
import { applyCacheLifetimes, DEFAULT_LIFETIME } from './cache-lifetimes';
import { keepUnchanged } from './keep-unchanged';

export const trpc = createTRPCReact<AppRouter>();
export type TrpcClient = ReturnType<typeof trpc.createClient>;

/**
 * A query cache with the app's defaults: the browser's one, or one per server-rendered request.
 * How long each procedure's answer is used is the spec's, set in ./cache-lifetimes.
 */
export function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: DEFAULT_LIFETIME, retry: 1, refetchOnWindowFocus: false, structuralSharing: keepUnchanged } },
  });
  applyCacheLifetimes(client);
  return client;
}

export const queryClient = createQueryClient();

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      // Subscriptions are server-sent events; everything else is batched (maxItems stays below
      // the server's maxBatchSize of 20).
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url: '/trpc', transformer: superjson }),
      false: httpBatchLink({ url: '/trpc', transformer: superjson, maxItems: 10 }),
    }),
  ],
});

/** For route loaders: the same query options the components read, over a given cache and client. */
export const createTrpcUtils = (cache: QueryClient, client: TrpcClient) => createTRPCQueryUtils<AppRouter>({ queryClient: cache, client });

export const trpcUtils = createTrpcUtils(queryClient, trpcClient);
export type TrpcUtils = typeof trpcUtils;
