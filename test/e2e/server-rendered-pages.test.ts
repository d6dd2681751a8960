import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/browser';
import { productInput, studioWithStorefront } from '../support/commerce-fixtures';
import { appHasTakenOver as appTookOver, holdTheAppsCode as holdAppCode, stillServerHtml as isServerRendered } from '../support/server-rendered';

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

/** That buyer on their checkout page as the server sent it, the app's code held back. */
async function checkoutBeforeTheApp() {
  const buyer = await buyerWithCart();
  const errors = collectErrors(buyer.page);
  const code = await holdAppCode(buyer.page);
  await buyer.page.goto(`${app.url}/checkout/${buyer.storefront.id}`);
  return { ...buyer, errors, code };
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
    const { studio } = await studioWithStorefront(app.server);
    const page = await app.newPage();
    const html = await (await page.goto(`${app.url}/studio/${studio.urlSlug}`))?.text();
    expect(html).not.toContain('data-server-rendered');
    await page.waitForURL(/\/login\?redirect=/);
  });

  it('takes the page over without a hydration error, with its data: no request for what the page shows', async () => {
    const { studio, member } = await studioWithStorefront(app.server);
    const page = await app.newPage();
    await app.signInAs(page, member.user);
    const errors = collectErrors(page);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/trpc/')) requests.push(request.url());
    });
    await page.goto(`${app.url}/studio/${studio.urlSlug}`);
    expect(await isServerRendered(page)).toBe(true);
    await page.mouse.move(20, 200);
    await appTookOver(page);
    // The app works: the account menu opens.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').waitFor();
    expect(requests.filter((url) => /\/trpc\/[^?]*(auth\.me|studio\.bySlug)/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps a tap made before the app runs and does it once the app has taken over', async () => {
    const { storefront, page, errors, code } = await checkoutBeforeTheApp();
    await page.getByRole('button', { name: 'Place Order' }).click();
    expect(await isServerRendered(page)).toBe(true);
    // Not sent to the server as a plain form (the page would have reloaded with a query string).
    expect(page.url()).toBe(`${app.url}/checkout/${storefront.id}`);
    await code.release();
    await appTookOver(page);
    await page.getByText('Shipping address is required').waitFor();
    expect(errors).toEqual([]);
  });

  it('keeps what the buyer typed at checkout before the app ran, with the focus, and the order can be placed', async () => {
    const { page, errors, code } = await checkoutBeforeTheApp();
    await page.getByLabel('Full name').fill('Early Typist');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Elm St');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('Zip code').fill('97205');
    await page.getByLabel('Notes for the seller').fill('Leave it at the door');
    expect(await isServerRendered(page)).toBe(true);
    await code.release();
    await appTookOver(page);
    expect(await page.getByLabel('Full name').inputValue()).toBe('Early Typist');
    expect(await page.getByLabel('Notes for the seller').inputValue()).toBe('Leave it at the door');
    // The focus stayed in the field typed in last.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await page.getByLabel('Notes for the seller').getAttribute('id'));
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'OR', exact: true }).click();
    await page.getByLabel('Test card: Visa ending 4242 (succeeds)').check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    // The order carries what was typed before the app ran (React's state had it, not only the page).
    await page.getByText('Early Typist').first().waitFor();
    await page.getByText('Leave it at the door').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('opens a select tapped before the app runs once the app has taken over', async () => {
    const { page, errors, code } = await checkoutBeforeTheApp();
    await page.getByRole('combobox', { name: 'State' }).click();
    expect(await isServerRendered(page)).toBe(true);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await code.release();
    await appTookOver(page);
    await page.getByRole('option', { name: 'OR', exact: true }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'State' }).textContent()).toBe('OR');
    expect(errors).toEqual([]);
  });

  it('lifts the label of a field focused or typed in before the app runs; the app then lifts it as MUI does', async () => {
    const { page, errors, code } = await checkoutBeforeTheApp();
    const label = (text: string) => page.locator('label.MuiInputLabel-root', { hasText: text });
    const transformOf = (text: string) => label(text).evaluate((element) => getComputedStyle(element).transform);
    // The outlined variant's shrunk label (MUI: translate(14px, -9px) scale(0.75)); a resting one is at scale 1.
    const lifted = 'matrix(0.75, 0, 0, 0.75, 14, -9)';
    await page.getByLabel('Full name').fill('Early Typist');
    await page.getByLabel('City').click();
    expect(await isServerRendered(page)).toBe(true);
    await expect.poll(() => transformOf('Full name')).toBe(lifted);
    await expect.poll(() => transformOf('City')).toBe(lifted);
    expect(await transformOf('Zip code')).toMatch(/^matrix\(1, 0, 0, 1, /);

    await code.release();
    await appTookOver(page);
    // MUI's own state now: filled, and focused (the app was told of the focus), the page's marks gone.
    await expect.poll(() => label('Full name').getAttribute('data-shrink')).toBe('true');
    await expect.poll(() => label('City').getAttribute('data-shrink')).toBe('true');
    expect(await label('City').getAttribute('class')).toContain('Mui-focused');
    expect(await page.locator('[data-early-shrink]').count()).toBe(0);
    // Left empty, the field's label comes back down, as it would in the app.
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).click();
    await expect.poll(() => label('City').getAttribute('data-shrink')).toBe('false');
    await expect.poll(() => transformOf('City')).toMatch(/^matrix\(1, 0, 0, 1, /);
    expect(await transformOf('Full name')).toBe(lifted);
    expect(errors).toEqual([]);
  });

  it('keeps a search typed on the storefront before the app ran: the app searches for it', async () => {
    const { storefront, owner, member } = await studioWithStorefront(app.server);
    await owner.client.product.create.mutate(productInput(storefront.id));
    const page = await app.newPage();
    await app.signInAs(page, member.user);
    const errors = collectErrors(page);
    const code = await holdAppCode(page);
    await page.goto(`${app.url}/storefront/${storefront.id}`);
    expect(await page.getByRole('link', { name: /Aftercare Balm/ }).count()).toBeGreaterThan(0);
    await page.getByLabel('Search products').fill('no such thing');
    expect(await isServerRendered(page)).toBe(true);
    await code.release();
    await page.getByText('No products found.').waitFor();
    expect(await page.getByLabel('Search products').inputValue()).toBe('no such thing');
    expect(errors).toEqual([]);
  });

  it('shows a light-mode visitor the light page: the app starts without input and renders over the dark HTML', async () => {
    const { storefront, member } = await studioWithStorefront(app.server);
    const page = await app.newPage();
    await app.signInAs(page, member.user);
    const errors = collectErrors(page);
    await page.goto(`${app.url}/pricing`);
    await page.evaluate(() => localStorage.setItem('theme-mode', 'light'));
    await page.goto(`${app.url}/storefront/${storefront.id}`);
    await appTookOver(page);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(245, 247, 242)');
    expect(await page.locator('style[data-prerendered-global]').count()).toBe(0);
    await page.getByRole('heading', { name: storefront.name }).waitFor();
    expect(errors).toEqual([]);
  });
});
