import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/browser';
import { bookableArtist } from '../support/booking-fixtures';
import { productInput, studioWithStorefront } from '../support/commerce-fixtures';
import { appHasTakenOver as appTookOver } from '../support/server-rendered';

const app = useBrowserApp();

/**
 * The console's errors and the page's uncaught errors (a hydration mismatch is reported as either),
 * less the browser's notes of an answer's HTTP status (an order refused with 400 is the page working).
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded with a status of 400')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A member with a product in a storefront's cart, added through the product page (which keeps the cart's cookie copy). */
async function buyerWithCart() {
  const fixture = await studioWithStorefront(app.server);
  const product = await fixture.owner.client.product.create.mutate(productInput(fixture.storefront.id));
  const page = await app.newPage();
  await app.signInAs(page, fixture.member.user);
  await page.goto(`${app.url}/storefront/${fixture.storefront.id}/product/${product.id}`);
  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await expect.poll(() => addToCart.isEnabled(), { timeout: 30_000 }).toBe(true);
  await addToCart.click();
  await page.getByLabel('Cart subtotal').getByText('$15.00').waitFor();
  return { ...fixture, product, page };
}

describe('the studio, storefront and checkout pages are rendered on the server', () => {
  it('are in the HTML itself: a member without JavaScript sees each page, its data and their cart; the HTML is private', async () => {
    const { studio, storefront, page: cartPage } = await buyerWithCart();
    // The same member's cookies (session and cart), in a browser that runs no script.
    const context = await app.browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(await cartPage.context().cookies());
    const page = await context.newPage();
    try {
      for (const [path, heading] of [
        [`/studio/${studio.urlSlug}`, studio.name],
        [`/studio/id/${studio.id}`, studio.name],
        [`/storefront/${storefront.id}`, storefront.name],
        [`/checkout/${storefront.id}`, 'Checkout'],
      ] as const) {
        const response = await page.goto(`${app.url}${path}`);
        expect(response?.headers()['cache-control']).toBe('private, no-store');
        expect(response?.headers().vary).toContain('Cookie');
        expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe(heading);
        // The account menu: the top bar as the signed-in member sees it.
        expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(1);
      }
      // The checkout's form and the cart's line, from the cart's cookie.
      expect(await page.getByText('Aftercare Balm × 1').count()).toBe(1);
      expect(await page.getByLabel('Notes for the seller').count()).toBe(1);
      await page.goto(`${app.url}/storefront/${storefront.id}`);
      expect(await page.getByRole('link', { name: /Aftercare Balm/ }).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('a signed-out visitor asking for a signed-in page gets the app, which sends them to sign in', async () => {
    // The studio listing (spec 1 §6); a studio's own page is public (decision 034, below).
    await studioWithStorefront(app.server);
    const page = await app.newPage();
    const html = await (await page.goto(`${app.url}/studios`))?.text();
    expect(html).not.toContain('data-server-rendered');
    await page.waitForURL(/\/login\?redirect=/);
  });

  it('takes the page over at load without a hydration error, with its data: no request for what the page shows', async () => {
    const { studio, member } = await studioWithStorefront(app.server);
    const page = await app.newPage();
    await app.signInAs(page, member.user);
    const errors = collectErrors(page);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/trpc/')) requests.push(request.url());
    });
    await page.goto(`${app.url}/studio/${studio.urlSlug}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    await appTookOver(page);
    // The app works: the account menu opens.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').waitFor();
    expect(requests.filter((url) => /\/trpc\/[^?]*(auth\.me|studio\.bySlug)/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows a light-mode visitor the light page: rendered light by the server (the theme cookie) and hydrated', async () => {
    const { storefront, member } = await studioWithStorefront(app.server);
    const page = await app.newPage();
    await app.signInAs(page, member.user);
    const errors = collectErrors(page);
    await page.goto(`${app.url}/pricing`);
    await page.evaluate(() => localStorage.setItem('theme-mode', 'light'));
    // The app copies the stored choice to the cookie when it starts.
    await page.reload();
    await page.waitForFunction(() => document.cookie.includes('theme-mode=light'));
    await page.addInitScript(keepServerHeading);
    await page.goto(`${app.url}/storefront/${storefront.id}`);
    await appTookOver(page);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(245, 247, 242)');
    expect(await page.locator('style[data-server-global]').count()).toBe(0);
    await page.getByRole('heading', { name: storefront.name }).waitFor();
    expect(await headingIsTheServers(page)).toBe(true);
    expect(errors).toEqual([]);
  });
});

/**
 * Marks the server's first heading before the app's code runs (the document is parsed, deferred
 * module scripts not yet run): a page the app hydrated keeps that element, one it rendered over
 * has a new one.
 */
function keepServerHeading() {
  document.addEventListener('readystatechange', () => {
    const heading = document.querySelector('#root h1');
    if (document.readyState === 'interactive' && heading) heading.setAttribute('data-from-server', '');
  });
}
const headingIsTheServers = (page: Page) => page.evaluate(() => document.querySelector('#root h1')?.hasAttribute('data-from-server') ?? false);

/** Every kind of page whose route is flagged serverRender, with data of its own to show. */
async function everyFlaggedPage() {
  const { owner, studio, storefront } = await studioWithStorefront(app.server);
  const product = await owner.client.product.create.mutate(productInput(storefront.id));
  const artist = await bookableArtist(app.server);
  const { threadId } = await artist.client.thread.open.mutate({ userId: owner.user.id });
  await artist.client.message.send.mutate({ threadId, body: 'Ready when you are.' });
  const store = `/manage/storefront/${storefront.id}`;
  // `signedOut`: what a visitor without a session is shown, on a public page.
  const pages: Array<{ path: string; text: string; signedOut?: string }> = [
    { path: '/', text: `Welcome, ${owner.user.firstName}`, signedOut: 'Create Together' },
    { path: '/artists', text: artist.user.displayName },
    { path: '/studios', text: studio.name },
    // Public pages under the signed-in layout (decision 034).
    { path: `/artist/${artist.slug}`, text: artist.user.displayName, signedOut: artist.user.displayName },
    { path: `/studio/${studio.urlSlug}`, text: studio.name, signedOut: studio.name },
    { path: `/studio/id/${studio.id}`, text: studio.name, signedOut: studio.name },
    { path: '/account', text: owner.user.email },
    { path: '/calendar', text: 'Calendar' },
    { path: '/inbox', text: 'Ready when you are.' },
    { path: `/messages/${threadId}`, text: 'Ready when you are.' },
    { path: store, text: storefront.name },
    { path: `${store}/products`, text: product.name },
    { path: `/storefront/${storefront.id}`, text: product.name, signedOut: product.name },
    { path: `/storefront/${storefront.id}/product/${product.id}`, text: product.name, signedOut: product.name },
    { path: `/checkout/${storefront.id}`, text: 'Checkout' },
  ];
  return { owner, pages };
}

/**
 * The page's HTML as the server sends it, its #root's text (tags and React's text separators left
 * out, the fields' values in) and its state.
 */
async function htmlOf(path: string, cookie = '') {
  const html = await (await fetch(`${app.url}${path}`, { headers: { accept: 'text/html', cookie } })).text();
  const root = html.match(/<div id="root" data-server-rendered="page">([\s\S]*)<\/div><script type="application\/json" id="server-state">([^<]*)<\/script>/);
  const text = (root?.[1] ?? '')
    .replaceAll('<!-- -->', '')
    .replaceAll(/<input[^>]*\svalue="([^"]*)"[^>]*>/g, ' $1 ')
    .replaceAll(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
  return { html, text, state: root ? (JSON.parse(root[2]) as { queries: { json: { queries: unknown[] } } }) : undefined };
}

describe('every page flagged serverRender is rendered on the server, with its data, and hydrated', () => {
  it("sends each page's content and its queries in the HTML (signed in; signed out where the page is public)", async () => {
    const { owner, pages } = await everyFlaggedPage();
    const page = await app.newPage();
    await app.signInAs(page, owner.user);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const { path, text, signedOut: publicText } of pages) {
      const signedIn = await htmlOf(path, cookie);
      expect.soft(signedIn.text, path).toContain(text);
      expect.soft(signedIn.state?.queries.json.queries.length ?? 0, path).toBeGreaterThan(0);
      // No spinner in place of the page (the router's pending component, a lazy part not loaded).
      expect.soft(signedIn.html, path).not.toContain('role="progressbar"');
      const signedOut = await htmlOf(path);
      if (publicText) expect.soft(signedOut.text, `${path} signed out`).toContain(publicText);
      else expect.soft(signedOut.state, `${path} signed out`).toBeUndefined();
    }
  });

  it('hydrates them in Chromium: the server\'s elements are kept, no hydration error or warning in the console', async () => {
    const { owner, pages } = await everyFlaggedPage();
    const page = await app.newPage();
    await app.signInAs(page, owner.user);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    await page.addInitScript(keepServerHeading);
    for (const { path } of pages.filter((p) => ['/', '/artists', '/studios', '/account', '/inbox'].includes(p.path) || p.path.includes('/product'))) {
      await page.goto(`${app.url}${path}`);
      await appTookOver(page);
      expect.soft(await headingIsTheServers(page), path).toBe(true);
    }
    // A section named by the hash, which the server never sees: hydrated as rendered, then opened.
    await page.goto(`${app.url}/account#security`);
    await appTookOver(page);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(errors).toEqual([]);
  });
});
