import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { renderToString } from 'react-dom/server';
import { AppLayout } from '../../components/AppLayout';
import { ThemeModeProvider } from '../../components/ThemeMode';
import { trpc, trpcClient } from '../../trpc';
import { LandingPage } from './LandingPage';
import { PRERENDERED_GLOBAL_STYLE } from './prerendered';

/**
 * The landing page as a signed-out visitor first sees it (app chrome included), rendered to HTML at
 * build time, with the CSS its elements use. The server sends it for `/` to requests without a
 * session, so the page paints from the HTML before any script runs; the app then mounts over it.
 *
 * The components' style tag carries emotion's ids (`data-emotion="css …"`), so the browser's emotion
 * cache adopts these rules instead of inserting them a second time.
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
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  // A component's rules are scoped by its class (.css-<id>); the rest are global (CssBaseline).
  const scoped = rules.filter(([id, css]) => css.includes(`.${cache.key}-${id}`));
  const global = rules.filter((rule) => !scoped.includes(rule));
  const css = (list: typeof rules) => list.map(([, text]) => text).join('');
  // The global rules are the dark theme's; the app removes them once its own (for the visitor's
  // theme) are in place, or a light-mode visitor would keep the dark page background.
  const styleTags =
    `<style ${PRERENDERED_GLOBAL_STYLE}>${css(global)}</style>` +
    `<style data-emotion="${cache.key} ${scoped.map(([id]) => id).join(' ')}">${css(scoped)}</style>`;
  return { html, styleTags };
}
