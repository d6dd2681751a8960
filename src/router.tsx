import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from './components/NotFound';
import { PageSpinner } from './components/PageSpinner';
import { RouteError } from './components/RouteError';
import { routeTree } from './routeTree.gen';
import type { TrpcUtils } from './trpc';

export type RouterContext = { queryClient: QueryClient; trpcUtils: TrpcUtils };

/**
 * The app's router over a query cache and its tRPC utilities: the browser's (src/main.tsx), or one
 * per request on the server (src/entry-server.tsx, with a memory history at the request's URL).
 */
export function createAppRouter(context: RouterContext, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    context,
    ...(server && { history: server.history, isServer: true }),
    defaultPendingComponent: PageSpinner,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
