import { useRouteContext } from '@tanstack/react-router';

// Apart from ./trpc, which the admin console imports too: the console has no router, and this one
// import put TanStack Router in its first download.

/**
 * The router context's tRPC utilities, for a page to read with `useSuspenseQuery` the same query
 * options its route's loader loaded (the server's render has its own, over the request's cache).
 */
export const useTrpcUtils = () => useRouteContext({ from: '__root__', select: (context) => context.trpcUtils });
