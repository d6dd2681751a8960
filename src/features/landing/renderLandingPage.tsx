import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { renderToString } from 'react-dom/server';
import { AppLayout } from '../../components/AppLayout';
import { ThemeModeProvider } from '../../components/ThemeMode';
import { emotionStyleTags } from '../../ssr/emotionStyles';
import { trpc, trpcClient } from '../../trpc';
import { LandingPage } from './LandingPage';

/**
 * The landing page as a signed-out visitor first sees it (app chrome included), rendered to HTML at
 * build time, with the CSS its elements use. The server sends it for `/` to requests without a
 * session, so the page paints from the HTML before any script runs; the app then mounts over it.
 *
 * Its CSS: see ../../ssr/emotionStyles.
 */
export async function renderLandingPage(): Promise<{ html: string; styleTags: string }> {
  const rootRoute = createRootRoute({ component: AppLayout });
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    isServer: true,
  });
  await router.load();

  // Nobody is signed in on this page (the server only sends it without a session cookie).
  const queryClient = new QueryClient();
  queryClient.setQueryData(getQueryKey(trpc.auth.me, undefined, 'query'), null);

  // compat: rules are collected in cache.inserted (as @emotion/server does) instead of inline tags.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <ThemeModeProvider>
          <RouterProvider router={router} />
        </ThemeModeProvider>
      </trpc.Provider>
    </CacheProvider>,
  );
  return { html, styleTags: emotionStyleTags(cache) };
}
