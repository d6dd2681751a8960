import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/browser';
import { productInput, studioWithStorefront } from '../support/commerce-fixtures';

const app = useBrowserApp();

/**
 * Opens a page and counts the browser's requests for each tRPC URL: a preload the app uses is one
 * request; one it does not use (the app asked for a URL written differently) is two.
 */
async function openCounting(page: Page, path: string, heading: string) {
  const requests = new Map<string, number>();
  page.on('request', (request) => {
    const url = request.url().replace(app.url, '');
    if (url.startsWith('/trpc/')) requests.set(url, (requests.get(url) ?? 0) + 1);
  });
  const html = await (await page.goto(`${app.url}${path}`))?.text();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  const preloaded = [...(html ?? '').matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) =>
    m[1].replaceAll('&amp;', '&'),
  );
  const codePreloads = [...(html ?? '').matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  return { requests, preloaded, codePreloads };
}

describe('the HTML of a page preloads its code and its first data, and the app uses them', () => {
  it('studio, storefront and checkout pages the server renders: their data is in the page, and no code loads before the first input', async () => {
    const { owner, member, studio, storefront } = await studioWithStorefront(app.server);
    await owner.client.product.create.mutate(productInput(storefront.id));
    const page = await app.newPage();
    await app.signInAs(page, member.user);

    for (const [path, heading, loaderPath] of [
      [`/studio/${studio.urlSlug}`, studio.name, 'studio.bySlug'],
      [`/storefront/${storefront.id}`, storefront.name, 'storefront.byId,product.search'],
      [`/checkout/${storefront.id}`, 'Checkout', 'storefront.byId'],
    ] as const) {
      const { requests, preloaded, codePreloads } = await openCounting(page, path, heading);
      expect({ path, preloaded, codePreloads }).toEqual({ path, preloaded: [], codePreloads: [] });
      // The app takes the page over with the server's data: it asks for none of it again.
      await page.mouse.move(30, 300);
      await page.waitForFunction(() => document.getElementById('root')?.dataset.serverRendered === undefined);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menu').waitFor();
      await page.keyboard.press('Escape');
      const asked = [...requests.keys()].filter((url) => url.startsWith('/trpc/auth.me') || url.startsWith(`/trpc/${loaderPath}?`));
      expect({ path, asked }).toEqual({ path, asked: [] });
      page.removeAllListeners('request');
    }
  });

  it('studio, storefront and checkout pages the server does not render (not found): each preloaded request is made once', async () => {
    const { member } = await studioWithStorefront(app.server);
    const page = await app.newPage();
    await app.signInAs(page, member.user);
    const unknownId = randomUUID();

    for (const [path, heading, loaderPath] of [
      ['/studio/no-such-studio', 'Studio not found', 'studio.bySlug'],
      [`/storefront/${unknownId}`, 'Storefront not found', 'storefront.byId,product.search'],
      [`/checkout/${unknownId}`, 'Storefront not found', 'storefront.byId'],
    ] as const) {
      const { requests, preloaded, codePreloads } = await openCounting(page, path, heading);
      // Who is signed in, then the route loader's batch.
      expect(preloaded.map((url) => url.split('?')[0])).toEqual(['/trpc/auth.me', `/trpc/${loaderPath}`]);
      for (const url of preloaded) expect({ url, requests: requests.get(url) }).toEqual({ url, requests: 1 });
      // The route's own chunk is among the code announced in the HTML.
      expect(codePreloads.length).toBeGreaterThan(5);
      page.removeAllListeners('request');
    }
  });

  it('a signed-out visitor gets no preload of a signed-in page data (they are sent to sign in)', async () => {
    const { studio } = await studioWithStorefront(app.server);
    const page = await app.newPage();
    const { preloaded } = await openCounting(page, `/studio/${studio.urlSlug}`, 'Sign in');
    expect(preloaded.map((url) => url.split('?')[0])).toEqual(['/trpc/auth.me']);
  });
});
