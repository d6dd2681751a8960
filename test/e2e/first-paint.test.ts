import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/browser';
import { createUser, DEFAULT_PASSWORD } from '../support/factories';
import { appHasTakenOver } from '../support/server-rendered';

// A page the server rendered paints before the app's code is asked for (decision 035): the app's
// modules are requested once the page's first contentful paint has been reported, then the app
// hydrates at once, with no input. A page the server did not render asks for them at once.

const app = useBrowserApp();

type Timings = { firstContentfulPaint: number | null; scripts: Array<{ file: string; startTime: number }> };

/** When the page first painted content and when each of its scripts was asked for (ms since navigation). */
const timings = (page: Page) =>
  page.evaluate(
    (): Timings => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ file: new URL(entry.name).pathname, startTime: entry.startTime })),
    }),
  );

/** The module files the page's HTML names (its entry and preloads), wherever in the HTML they are. */
const modulesOfHtml = (html: string) =>
  [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);

describe('first paint before the app', () => {
  it('a server-rendered page asks for its modules only after its first contentful paint, then hydrates without input', async () => {
    const page = await app.newPage({ width: 390 });
    const html = (await (await page.goto(app.url, { waitUntil: 'commit' }))?.text()) ?? '';
    expect(html).toContain('data-server-rendered');
    await appHasTakenOver(page);
    const { firstContentfulPaint, scripts } = await timings(page);
    expect(firstContentfulPaint).not.toBeNull();
    const modules = modulesOfHtml(html);
    expect(modules.length).toBeGreaterThan(5);
    // Every module the HTML names was fetched (the app's entry and the page's preloads)…
    expect(scripts.map((s) => s.file)).toEqual(expect.arrayContaining(modules));
    // …and none of them before the page had painted: only the small start script was.
    const early = scripts.filter((s) => s.startTime < (firstContentfulPaint ?? 0)).map((s) => s.file);
    expect(early.filter((file) => modules.includes(file))).toEqual([]);
    // The app works: the landing page's menu link is the app's (client-side navigation).
    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    await page.waitForURL(/\/register/);
  });

  it('a page the server did not render asks for the app at once (nothing to paint before it)', async () => {
    const page = await app.newPage({ width: 390 });
    const html = (await (await page.goto(`${app.url}/login`, { waitUntil: 'commit' }))?.text()) ?? '';
    expect(html).not.toContain('data-server-rendered');
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor();
    const { scripts } = await timings(page);
    expect(scripts.map((s) => s.file)).toEqual(expect.arrayContaining(modulesOfHtml(html)));
  });

  it("a signed-in member's page names every module its load asks for, the top bar's lazy menu among them (one level after the HTML)", async () => {
    const user = await createUser({}, app.server.deps.db);
    const page = await app.newPage({ width: 1280 });
    await app.signInAs(page, { email: user.email, password: DEFAULT_PASSWORD });
    const html = (await (await page.goto(`${app.url}/studios`, { waitUntil: 'commit' }))?.text()) ?? '';
    expect(html).toContain('data-server-rendered');
    await appHasTakenOver(page);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.waitForLoadState('networkidle');
    const named = modulesOfHtml(html);
    const fetched = (await timings(page)).scripts.map((s) => s.file).filter((file) => !file.startsWith('/assets/start-'));
    expect(fetched.filter((file) => !named.includes(file))).toEqual([]);
  });
});
