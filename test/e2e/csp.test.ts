import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/browser';
import { person, productInput, studioWithStorefront } from '../support/commerce-fixtures';
import { createUser } from '../support/factories';

// Issue 18, item 7: every main page of the app and of the admin console runs under the strict
// Content-Security-Policy without a single violation (zod's eval probe used to raise one on most
// signed-in pages). Violations are caught in the page (securitypolicyviolation events, listened to
// before any script of the page runs) and in the console.

const app = useBrowserApp();

type Violation = { directive: string; blocked: string; source: string };

/** A page that records every CSP violation from its first script on. */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<Array<Violation | string>> }> {
  const page = await app.newPage();
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) consoleViolations.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` });
    });
  });
  const violations = async () => [...(await page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations)), ...consoleViolations];
  return { page, violations };
}

/** Opens `path` and waits until it has rendered its main heading and finished loading its data. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.locator('h1').first().waitFor();
  // The live-updates stream keeps a request open, so wait for spinners rather than network idle.
  await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
  // Code that runs after the first render (lazy chunks, effects) has a moment to run.
  await page.waitForTimeout(300);
}

const PUBLIC_PAGES = ['/', '/pricing', '/about', '/contact', '/blog', '/login', '/register', '/forgot-password', '/no/such/page'];

describe('Content-Security-Policy: no violations', () => {
  it('the check itself sees a violation (an inline script the policy blocks)', async () => {
    const { page, violations } = await watchedPage();
    await visit(page, `${app.url}/about`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.appendChild(script);
    });
    await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });

  it('public pages', async () => {
    const { page, violations } = await watchedPage();
    for (const path of PUBLIC_PAGES) {
      await visit(page, `${app.url}${path}`);
      expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
    }
  });

  it('signed-in pages', async () => {
    const { owner, studio, storefront } = await studioWithStorefront(app.server);
    const product = await owner.client.product.create.mutate(productInput(storefront.id));
    const artist = await person(app.server, { userTypes: ['client', 'artist'] });
    await artist.client.artist.saveMine.mutate({ name: 'Policy Artist', urlSlug: 'policy-artist', tattooStyles: ['Fine Line'] });
    const { page, violations } = await watchedPage();
    await app.signInAs(page, owner.user);
    const paths = [
      '/',
      '/account',
      '/account/security',
      '/account/artist',
      '/account/notifications',
      '/studios',
      `/studio/${studio.urlSlug}`,
      `/studio/${studio.urlSlug}/manage`,
      '/artists',
      '/artist/policy-artist',
      '/messages',
      '/inbox',
      '/calendar',
      '/payment',
      '/payment-setup',
      '/shop',
      `/storefront/${storefront.id}`,
      `/storefront/${storefront.id}/product/${product.id}`,
      `/manage/storefront/${storefront.id}`,
      `/manage/storefront/${storefront.id}/products`,
      `/manage/storefront/${storefront.id}/orders`,
      `/manage/storefront/${storefront.id}/inventory`,
      `/manage/storefront/${storefront.id}/settings`,
    ];
    for (const path of paths) {
      await visit(page, `${app.url}${path}`);
      expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
    }
    await page.screenshot({ path: 'test-results/csp-storefront-settings.png' });
  });

  it('the admin console: sign-in and every tab', async () => {
    const admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, app.server.deps.db);
    const { page, violations } = await watchedPage();
    await page.goto(app.adminUrl);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In to Admin Dashboard' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await violations()).toEqual([]);
    const tabs = ['Dashboard', 'User Management', 'Artist Management', 'Studio Management', 'Storefront Management', 'Blog Management', 'Notifications', 'Payment Testing', 'Migrations'];
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForFunction(() => !document.querySelector('[aria-label="Loading"]'));
      await page.waitForTimeout(300);
      expect({ tab, violations: await violations() }).toEqual({ tab, violations: [] });
    }
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('button', { name: /Load Recent/ }).first().click();
    await page.getByRole('cell', { name: admin.email }).first().waitFor();
    await page.screenshot({ path: 'test-results/csp-admin-users.png' });
    expect(await violations()).toEqual([]);
  });
});
