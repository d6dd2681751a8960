import type { Page } from 'playwright-core';

// Helpers for journeys on a page the server sent as HTML (src/main.tsx hydrates it at load).

/** The page's uncaught errors (an exception thrown by the app's own code, e.g. InvalidStateError). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  return errors;
}

/** Resolves once the app has taken the server's page over. */
export const appHasTakenOver = (page: Page, timeout?: number) =>
  page.waitForFunction(() => document.getElementById('root')?.dataset.serverRendered === undefined, undefined, { timeout });

/**
 * Makes every tRPC call of `procedure` answer 500 while `failing` is on (a batch carrying it fails
 * whole, as a server down would). Turn it off to let a Retry reach the server.
 */
export async function failProcedure(page: Page, procedure: string) {
  const state = { failing: true };
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes(procedure),
    (route) =>
      state.failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }) : route.continue(),
  );
  return state;
}

/** The page's cumulative layout shift so far (shifts right after input excluded, as CLS does). */
export const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
