import './csp';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ThemeModeProvider } from './components/ThemeMode';
import { ServerCartsContext } from './features/commerce/cart/serverCarts';
import { PRERENDERED_GLOBAL_STYLE } from './features/landing/prerendered';
import { createAppRouter } from './router';
import { replayEarlyInput, stopKeepingTaps } from './ssr/earlyInput';
import { parseServerState, SERVER_RENDERED, SERVER_STATE_ID, type ServerState } from './ssr/serverState';
import { storedThemeMode } from './theme';
import { queryClient, trpc, trpcClient, trpcUtils } from './trpc';

const router = createAppRouter({ queryClient, trpcUtils });

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
 * Once the app has taken over a page sent as HTML (prerendered, or rendered by the server): the page
 * is the app's from now on (its global styles, for the visitor's theme, replace the server's), and
 * what the visitor did before (kept by the page's boot script) is done again on the app's page.
 */
function TakeOverPage({ container, hydrated }: { container: HTMLElement; hydrated: boolean }) {
  useEffect(() => {
    for (const style of document.querySelectorAll(`style[${PRERENDERED_GLOBAL_STYLE}]`)) style.remove();
    delete container.dataset.prerendered;
    delete container.dataset.serverRendered;
    // In a task of its own: within React's effects an event cannot make React hydrate (see replayEarlyInput).
    const replay = setTimeout(() => replayEarlyInput(container, hydrated));
    return () => clearTimeout(replay);
  }, [container, hydrated]);
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
  // The server sent the landing page prerendered, which it does only to requests without a session
  // cookie: nobody is signed in, and the route's code is loaded before the first render, so the app
  // replaces the prerendered HTML with the same page (never with a spinner in between).
  const prerendered = container.dataset.prerendered === 'landing';
  const serverState = container.dataset.serverRendered === SERVER_RENDERED ? adoptServerState() : undefined;
  // The server renders the dark theme: for a visitor who chose the light one the app renders its
  // own page over the server's (the boot script started it at once, before any input).
  const hydrating = serverState !== undefined && storedThemeMode() !== 'light';
  if (prerendered) trpcUtils.auth.me.setData(undefined, null);
  else if (!serverState) startFirstPageLoads();
  // Hydrating, the router renders the page as the server did (no Suspense around the matches).
  if (hydrating) router.ssr = { manifest: undefined };
  // The first render waits for the page's route code and the signed-in check: rendered before them,
  // the app showed a spinner and then rendered the whole page again when the router's state changed,
  // and that second render is synchronous (the router's store is read through
  // useSyncExternalStore), one task of several hundred milliseconds on a phone. The load starts in
  // a task of its own, not in the one that ran the app's modules (on a page already painted from
  // its HTML, that task blocked input for longer). On a server-rendered page the loaders find their
  // data in the cache.
  await new Promise((resolve) => setTimeout(resolve));
  await router.load();
  const app = (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ServerCartsContext value={serverState?.carts ?? {}}>
            <ThemeModeProvider>
              <RouterProvider router={router} />
              {(prerendered || serverState) && <TakeOverPage container={container} hydrated={hydrating} />}
            </ThemeModeProvider>
          </ServerCartsContext>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
  // A transition renders (or hydrates) in slices that yield to the browser, instead of one long task
  // that blocks input while the whole first page renders (most of the main thread's work on a phone).
  startTransition(() => {
    if (hydrating) {
      stopKeepingTaps();
      hydrateRoot(container, app);
    } else createRoot(container).render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
void mount(container);
