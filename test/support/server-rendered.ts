import type { Page, Route } from 'playwright-core';

// Helpers for journeys on a page the server sent as HTML before the app's code ran.

/** The page's uncaught errors (an exception thrown by the app's own code, e.g. InvalidStateError). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  return errors;
}

/**
 * Holds back the app's code (every script but the page's boot script) until `release`: the page is
 * the server's HTML until then, whatever the visitor does.
 */
export async function holdTheAppsCode(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.+\.js$/, (route) => {
    if (!holding || /\/assets\/boot-[^/]+\.js$/.test(route.request().url())) return route.continue();
    held.push(route);
  });
  return {
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Whether the page is still the server's HTML (the app has not taken it over). */
export const stillServerHtml = (page: Page) => page.evaluate(() => document.getElementById('root')?.dataset.serverRendered === 'page');

/** Resolves once the app has taken the server's page over. */
export const appHasTakenOver = (page: Page) =>
  page.waitForFunction(() => document.getElementById('root')?.dataset.serverRendered === undefined);

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
