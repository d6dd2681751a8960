import { PassThrough } from 'node:stream';
import createCache from '@emotion/cache';
import type { PaletteMode } from '@mui/material/styles';
import { CacheProvider } from '@emotion/react';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { TRPCLink } from '@trpc/client';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppRouter } from '../server/router';
import { ThemeModeProvider } from './components/ThemeMode';
import { parseCart } from './features/commerce/cart/cartLines';
import { ServerCartsContext } from './features/commerce/cart/serverCarts';
import { createAppRouter } from './router';
import { headHtml } from './seo/head-html';
import { setPublicOrigin } from './seo/origin';
import { emotionStyleTags } from './ssr/emotionStyles';
import { localTimeZone, serializeServerState } from './ssr/serverState';
import { createQueryClient, createTrpcUtils, trpc } from './trpc';

// The server bundle (vite build --ssr, scripts/client-build.ts): renders a page of the app at request
// time with the app's own routes and components, for server/http/page-render.ts. Built in production
// mode with every dependency inside, so React, MUI and emotion run as in the browser build (the same
// class names, so the browser adopts the server's CSS and hydrates its HTML).

/**
 * The app's routes, only to match paths (its context is never used): which page a path shows, and
 * whether that route is flagged to be rendered on the server (staticData.serverRender).
 */
const matcher = (() => {
  const queryClient = createQueryClient();
  return createAppRouter({ queryClient, trpcUtils: createTrpcUtils(queryClient, trpc.createClient({ links: [] })) });
})();

/** How the server renders a path's page, or undefined when its route is not flagged. */
export type ServerRenderedPage = {
  /**
   * Under the `_app` layout and not a public page (staticData.publicPage): rendered only for a
   * request with a session (others are sent to sign in).
   */
  signedIn: boolean;
  /** The storefront whose cart the page shows (its cookie copy is rendered), if any. */
  cartStorefrontId?: string;
};

export function serverRenderedPage(pathname: string): ServerRenderedPage | undefined {
  const [routes, params, found] = matcher.getMatchedRoutes(pathname);
  const flags = found?.options.staticData;
  if (!flags?.serverRender) return undefined;
  return {
    signedIn: !flags.publicPage && routes.some((route) => route.id === '/_app'),
    cartStorefrontId: flags.cartParam ? params[flags.cartParam] : undefined,
  };
}

export type RenderRequest = {
  /** The path and query of the page. */
  url: string;
  /** Calls the app's procedures in-process, as the request's session (tRPC's local link). */
  link: TRPCLink<AppRouter>;
  /** The carts the request's cookies carry (storefront id → the cart's stored text). */
  carts: Record<string, string | null>;
  /** The palette of the request's theme cookie. */
  themeMode: PaletteMode;
  signal: AbortSignal;
  /** The public origin (APP_ORIGIN) the page's canonical, Open Graph and JSON-LD URLs are on. */
  origin?: string;
};

/** `head`: the page's title, meta tags, canonical link and JSON-LD (src/seo), '' when it has none. */
export type RenderedPage = { html: string; styleTags: string; state: string; head: string };

/**
 * The page at `url` as HTML with its CSS and the state the app takes it over with, or undefined when
 * the server does not render it: not one of these pages, or the router did not show it (the `_app`
 * layout's redirect of a signed-out visitor to sign in, a page not found, a failed loader or query).
 * The app then renders it in the browser, as for any other page.
 */
export async function renderPage({ url, link, carts, themeMode, signal, origin }: RenderRequest): Promise<RenderedPage | undefined> {
  // The same for every request (the server's APP_ORIGIN): read by the routes' `head` during the load.
  if (origin) setPublicOrigin(origin);
  const queryClient = createQueryClient();
  const trpcClient = trpc.createClient({ links: [link] });
  const trpcUtils = createTrpcUtils(queryClient, trpcClient);
  const router = createAppRouter({ queryClient, trpcUtils }, { history: createMemoryHistory({ initialEntries: [url] }) });
  // Who is signed in, for the top bar of every page (the storefront is outside the `_app` layout,
  // whose check would ask it), beside the router's load.
  await Promise.all([router.load(), trpcUtils.auth.me.prefetch()]);
  const matches = router.state.matches;
  const page = matches.at(-1);
  if (!page?.staticData.serverRender || matches.some((match) => match.status !== 'success')) {
    return undefined;
  }
  await Promise.all([
    // The top bar's counts, as the signed-in member sees them.
    trpcUtils.auth.me.getData() ? trpcUtils.notification.unseenCounts.prefetch() : undefined,
    // The products of the carts the page shows, which checkout prices them by (its Place Order
    // waits for them).
    ...Object.entries(carts).flatMap(([storefrontId, text]) =>
      [...new Set(parseCart(storefrontId, text).lines.map((line) => line.productId))].map((productId) =>
        trpcUtils.product.byId.prefetch({ productId }, { retry: false }),
      ),
    ),
  ]);
  if (queryClient.getQueryCache().getAll().some((query) => query.state.status === 'error')) return undefined;
  signal.throwIfAborted();

  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = await renderToHtml(
    <CacheProvider value={cache}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ServerCartsContext value={carts}>
            <ThemeModeProvider serverMode={themeMode}>
              <RouterProvider router={router} />
            </ThemeModeProvider>
          </ServerCartsContext>
        </QueryClientProvider>
      </trpc.Provider>
    </CacheProvider>,
    signal,
  );
  const state = serializeServerState({ queries: dehydrate(queryClient), carts, themeMode, timeZone: localTimeZone() });
  return { html, styleTags: emotionStyleTags(cache), state, head: headHtml(matches) };
}

/**
 * The whole HTML of a tree once every lazy part has loaded (the top bar's menus are lazy), so the
 * HTML is complete and the browser hydrates it as it is; any render error rejects.
 */
function renderToHtml(tree: React.ReactNode, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(tree, {
      // Every boundary in place: React would otherwise send a large one after the rest with an
      // inline script to move it in, which the page's Content Security Policy does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const sink = new PassThrough();
        let html = '';
        sink.setEncoding('utf8');
        sink.on('data', (chunk: string) => {
          html += chunk;
        });
        sink.on('end', () => resolve(html));
        stream.pipe(sink);
      },
      onShellError: reject,
      // An error inside a Suspense boundary would leave it to the browser to render: not this page.
      onError: reject,
    });
    signal.addEventListener('abort', () => {
      stream.abort();
      reject(signal.reason);
    });
  });
}
