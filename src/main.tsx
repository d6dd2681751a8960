import './csp';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ThemeModeProvider } from './components/ThemeMode';
import { ServerCartsContext } from './features/commerce/cart/serverCarts';
import { createAppRouter } from './router';
import { syncPageHead } from './seo/sync-head';
import { SERVER_GLOBAL_STYLE } from './ssr/emotionStyles';
import { localTimeZone, parseServerState, SERVER_RENDERED, SERVER_STATE_ID, type ServerState } from './ssr/serverState';
import { rememberThemeMode, storedThemeMode } from './theme';
import { queryClient, trpc, trpcClient, trpcUtils } from './trpc';

const router = createAppRouter({ queryClient, trpcUtils });
// document.title, the description and the preview tags follow the page shown (src/seo).
syncPageHead(router);

/**
 * The first page's requests start now, side by side: who is signed in, and the code of the page's
 * routes. Left to the router, the route code would be fetched only after the first render and
 * after the signed-in check of the `_app` layout (its beforeLoad) had come back.
 */
function startFirstPageLoads() {
  void trpcUtils.auth.me.prefetch();
  const [routes] = router.getMatchedRoutes(window.location.pathname);
  // A failed chunk is the router's to report when it loads the page itself.
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => {});
}

/**
 * Once the app has taken over a page rendered by the server, the page is the app's: its global
 * styles replace the server's (which would stay behind when the visitor switches the theme).
 */
function TakeOverPage({ container }: { container: HTMLElement }) {
  useEffect(() => {
    for (const style of document.querySelectorAll(`style[${SERVER_GLOBAL_STYLE}]`)) style.remove();
    delete container.dataset.serverRendered;
  }, [container]);
  return null;
}

/** The state a server-rendered page came with: its queries go into the cache, so nothing is asked again. */
function adoptServerState(): ServerState | undefined {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return undefined;
  const state = parseServerState(script.textContent);
  hydrate(queryClient, state.queries);
  return state;
}

async function mount(container: HTMLElement) {
  const serverState = container.dataset.serverRendered === SERVER_RENDERED ? adoptServerState() : undefined;
  // The server renders the palette of the theme cookie (dark without one), which the theme switch
  // writes. A light choice made before the cookie existed is copied to it here: that visitor gets
  // the app's own render over the dark page once, and their theme's HTML from the next page on.
  // Dark, the default, is never written here (a page that writes a cookie it does not need would
  // also replace a Cookie header set from outside, as Lighthouse's signed-in bench runs set it).
  const themeMode = storedThemeMode();
  if (themeMode === 'light' && serverState?.themeMode !== 'light') rememberThemeMode(themeMode);
  // Dates and times are written in the viewer's zone (formatters without a timeZone): in another
  // zone than the server's, the server's text is not this visitor's, and the app renders its own
  // page over it (the HTML still paints first). Threading the viewer's zone (a cookie) through the
  // formatters would let these visitors hydrate too.
  const hydrating = serverState !== undefined && serverState.themeMode === themeMode && serverState.timeZone === localTimeZone();
  if (!serverState) startFirstPageLoads();
  // Hydrating, the router renders the page as the server did (no Suspense around the matches).
  if (hydrating) router.ssr = { manifest: undefined };
  // The first render waits for the page's route code (preloaded by the page's HTML) and, on a page
  // the server did not render, the signed-in check: rendered before them, the app showed a spinner
  // and then rendered the whole page again. The load starts in a task of its own, not in the one
  // that ran the app's modules. On a server-rendered page the loaders find their data in the cache.
  await new Promise((resolve) => setTimeout(resolve));
  await router.load();
  const app = (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ServerCartsContext value={serverState?.carts ?? {}}>
            <ThemeModeProvider>
              <RouterProvider router={router} />
              {serverState && <TakeOverPage container={container} />}
            </ThemeModeProvider>
          </ServerCartsContext>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
  // A transition renders (or hydrates) in slices that yield to the browser, instead of one long task
  // that blocks input while the whole first page renders (most of the main thread's work on a phone).
  // Hydrating, React handles a tap on a part not hydrated yet by hydrating that part first.
  startTransition(() => {
    if (hydrating) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
void mount(container);
