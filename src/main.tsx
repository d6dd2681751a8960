import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeModeProvider } from './components/ThemeMode';
import { PRERENDERED_GLOBAL_STYLE } from './features/landing/prerendered';
import { router } from './router';
import { queryClient, trpc, trpcClient, trpcUtils } from './trpc';

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
 * Once the app has replaced the prerendered landing page: the page is the app's from now on (its
 * global styles, for the visitor's theme, replace the prerendered ones), and a button tapped before
 * (kept by the page's boot script) is tapped again, on the app's button.
 */
function TakeOverPrerenderedPage({ container }: { container: HTMLElement }) {
  useEffect(() => {
    for (const style of document.querySelectorAll(`style[${PRERENDERED_GLOBAL_STYLE}]`)) style.remove();
    const label = container.dataset.earlyTap;
    delete container.dataset.prerendered;
    delete container.dataset.earlyTap;
    if (label) container.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(label)}"]`)?.click();
  }, [container]);
  return null;
}

async function mount(container: HTMLElement) {
  // The server sent the landing page prerendered, which it does only to requests without a session
  // cookie: nobody is signed in, and the route's code is loaded before the first render, so the app
  // replaces the prerendered HTML with the same page (never with a spinner in between).
  const prerendered = container.dataset.prerendered === 'landing';
  if (prerendered) trpcUtils.auth.me.setData(undefined, null);
  else startFirstPageLoads();
  // The first render waits for the page's route code and the signed-in check: rendered before them,
  // the app showed a spinner and then rendered the whole page again when the router's state changed,
  // and that second render is synchronous (the router's store is read through
  // useSyncExternalStore), one task of several hundred milliseconds on a phone. The load starts in
  // a task of its own, not in the one that ran the app's modules (on the landing page, where the
  // page is already painted, that task blocked input for longer).
  await new Promise((resolve) => setTimeout(resolve));
  await router.load();
  // A transition renders in slices that yield to the browser, instead of one long task that
  // blocks input while the whole first page renders (most of the main thread's work on a phone).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <ThemeModeProvider>
              <RouterProvider router={router} />
              {prerendered && <TakeOverPrerenderedPage container={container} />}
            </ThemeModeProvider>
          </QueryClientProvider>
        </trpc.Provider>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
void mount(container);
