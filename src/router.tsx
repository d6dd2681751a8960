import { createRouter } from '@tanstack/react-router';
import { NotFound } from './components/NotFound';
import { PageSpinner } from './components/PageSpinner';
import { routeTree } from './routeTree.gen';
import { queryClient, trpcUtils } from './trpc';

export type RouterContext = { queryClient: typeof queryClient; trpcUtils: typeof trpcUtils };

export const router = createRouter({
  routeTree,
  context: { queryClient, trpcUtils },
  defaultPendingComponent: PageSpinner,
  defaultNotFoundComponent: NotFound,
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
