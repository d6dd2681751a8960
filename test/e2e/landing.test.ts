import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/browser';
import { createUser, DEFAULT_PASSWORD } from '../support/factories';

const app = useBrowserApp();

/** Resolves once the app has replaced the prerendered HTML (React keeps its fiber on the DOM nodes it made). */
const appMounted = (page: Page) =>
  page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return Boolean(heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber')));
  });

/** The page's cumulative layout shift so far (shifts right after input excluded, as CLS does). */
const layoutShift = (page: Page) =>
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

describe('the prerendered landing page', () => {
  it('is in the HTML itself: a visitor without JavaScript sees the page and its links', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      await page.goto(app.url);
      await page.getByRole('heading', { name: 'Create Together', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Everything a tattoo business needs' }).waitFor();
      expect(await page.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
      expect(await page.getByRole('link', { name: 'Find Your Artist' }).getAttribute('href')).toBe('/register?userType=client');
      // Styled already: the prerendered CSS is in the page (the primary button has its colour).
      const signUp = page.getByRole('link', { name: 'Sign Up' });
      expect(await signUp.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe('rgb(122, 162, 247)');
    } finally {
      await context.close();
    }
  });

  it('becomes the app without moving anything: the same page, working controls, CLS 0', async () => {
    const page = await app.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(app.url);
    // The visitor's first input (here the mouse moving onto the page) starts the app.
    await page.mouse.move(200, 400);
    await appMounted(page);
    await page.getByRole('heading', { name: 'Create Together', level: 1 }).waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
    // The app's elements use the prerendered rules (same class names), which the browser adopted
    // instead of inserting them a second time.
    const styles = await page.evaluate(() => {
      const prerendered = document.querySelector('style[data-emotion^="css "]');
      const ids = new Set((prerendered?.getAttribute('data-emotion') ?? '').split(' ').slice(1));
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
  });

  it('starts the app only once the visitor uses the page (a reader who does nothing runs no app code)', async () => {
    const page = await app.newPage();
    const appCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/main-[^/]+\.js$/.test(request.url())) appCode.push(request.url());
    });
    await page.goto(app.url, { waitUntil: 'load' });
    await page.waitForTimeout(1000);
    expect(appCode).toEqual([]);
    expect(await page.evaluate(() => document.getElementById('root')?.dataset.prerendered)).toBe('landing');
    await page.keyboard.press('Tab');
    await appMounted(page);
    expect(appCode).toHaveLength(1);
  });

  it('starts the app on a click without a pointer (a screen reader activating the theme switch) and does that click', async () => {
    const page = await app.newPage();
    await page.goto(app.url, { waitUntil: 'load' });
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('button[aria-label="Switch to light mode"]')?.click());
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    await appMounted(page);
  });

  it('keeps a tap on a button made before the app has started, and does it once the app runs', async () => {
    const page = await app.newPage();
    // The app's entry script is held back until the tap has been made.
    let release: () => void = () => {};
    const tapped = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      await tapped;
      await route.continue();
    });
    await page.goto(app.url, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    release();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    await appMounted(page);
    expect(await page.evaluate(() => localStorage.getItem('theme-mode'))).toBe('light');
  });

  it('shows a light-mode visitor the light page once the app runs (the prerendered page is dark)', async () => {
    const page = await app.newPage();
    await page.goto(app.url);
    await page.evaluate(() => localStorage.setItem('theme-mode', 'light'));
    await page.goto(app.url);
    await appMounted(page);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(245, 247, 242)');
    expect(await page.locator('style[data-prerendered-global]').count()).toBe(0);
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
