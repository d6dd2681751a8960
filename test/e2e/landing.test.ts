import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/browser';
import { createUser, DEFAULT_PASSWORD } from '../support/factories';
import { layoutShift } from '../support/server-rendered';

const app = useBrowserApp();

/** The light theme's page background (src/theme.ts). */
const LIGHT_BACKGROUND = 'rgb(245, 247, 242)';

/** The console's errors and warnings and the page's uncaught errors (a hydration mismatch is one of them). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Resolves once the app has the page (React keeps its fiber on the DOM nodes it hydrated or made). */
const appMounted = (page: Page) =>
  page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return Boolean(heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber')));
  });

describe('the landing page, rendered by the server for the request', () => {
  it('is in the HTML itself: a visitor without JavaScript sees the page and its links', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      await page.goto(app.url);
      await page.getByRole('heading', { name: 'Create Together', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Everything a tattoo business needs' }).waitFor();
      expect(await page.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
      expect(await page.getByRole('link', { name: 'Find Your Artist' }).getAttribute('href')).toBe('/register?userType=client');
      // Styled already: the render's CSS is in the page (the primary button has its colour).
      const signUp = page.getByRole('link', { name: 'Sign Up' });
      expect(await signUp.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe('rgb(122, 162, 247)');
    } finally {
      await context.close();
    }
  });

  it('becomes the app without moving anything: the same page, working controls, CLS 0', async () => {
    const page = await app.newPage();
    const errors = consoleErrors(page);
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(app.url);
    await appMounted(page);
    await page.getByRole('heading', { name: 'Create Together', level: 1 }).waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
    // The app's elements use the server's rules (same class names), which the browser adopted
    // instead of inserting them a second time.
    const styles = await page.evaluate(() => {
      const rendered = document.querySelector('style[data-emotion^="css "]');
      const ids = new Set((rendered?.getAttribute('data-emotion') ?? '').split(' ').slice(1));
      const headingClasses = [...(document.querySelector('h1')?.classList ?? [])].filter((name) => name.startsWith('css-'));
      const inserted = [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]')].flatMap((tag) =>
        [...(tag.sheet?.cssRules ?? [])].flatMap((rule) => [...rule.cssText.matchAll(/\.css-([a-z0-9]+)/g)].map((m) => m[1])),
      );
      return {
        headingAdopted: headingClasses.length > 0 && headingClasses.every((name) => ids.has(name.slice(4))),
        duplicated: inserted.filter((id) => ids.has(id)),
      };
    });
    expect(styles.headingAdopted).toBe(true);
    const duplicated = styles.duplicated;
    expect(duplicated).toEqual([]);

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    await page.getByRole('link', { name: 'View Pricing' }).click();
    await page.waitForURL(`${app.url}/pricing`);
    await page.getByRole('heading', { name: 'Pricing', level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });

  it('runs the app at load, without any input: the page is the app once it has hydrated', async () => {
    const page = await app.newPage();
    const errors = consoleErrors(page);
    await page.goto(app.url, { waitUntil: 'load' });
    await appMounted(page);
    expect(await page.evaluate(() => document.getElementById('root')?.dataset.serverRendered)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('is rendered in the light theme for a light-mode visitor: the app keeps the choice in a cookie the server reads', async () => {
    const page = await app.newPage();
    const errors = consoleErrors(page);
    await page.goto(app.url);
    await page.evaluate(() => localStorage.setItem('theme-mode', 'light'));
    // This visit's HTML is dark (no cookie yet): the app renders its own light page over it.
    await page.goto(app.url);
    await appMounted(page);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(LIGHT_BACKGROUND);
    expect(await page.locator('style[data-server-global]').count()).toBe(0);
    // From the next visit on the server's HTML is light already, and the app hydrates it.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const html = await (await fetch(app.url, { headers: { accept: 'text/html', cookie } })).text();
    expect(html).toContain(`"themeMode":"light"`);
    const noScript = await app.browser.newContext({ javaScriptEnabled: false });
    try {
      await noScript.addCookies(await page.context().cookies());
      const plain = await noScript.newPage();
      await plain.goto(app.url);
      expect(await plain.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(LIGHT_BACKGROUND);
    } finally {
      await noScript.close();
    }
    await page.goto(app.url);
    await appMounted(page);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(LIGHT_BACKGROUND);
    expect(errors).toEqual([]);
  });

  it('is not what a signed-in member gets at /: their dashboard, with no landing page first', async () => {
    const user = await createUser({}, app.server.deps.db);
    const page = await app.newPage();
    await app.signInAs(page, { email: user.email, password: DEFAULT_PASSWORD });
    const response = await page.goto(app.url);
    expect(await response?.text()).not.toContain('Create Together');
    await page.getByRole('heading', { name: `Welcome, ${user.firstName}` }).waitFor();
  });
});
