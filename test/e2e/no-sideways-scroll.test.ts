import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDemoSeed } from '../../scripts/seed/demo/index';
import { blogs, orders, products, storefronts, threads, users } from '../../server/db/schema';
import { ADMIN_TABS } from '../../src/admin/location';
import { ACCOUNT_SECTIONS } from '../../src/features/account/sections';
import { BOTH_WIDTHS, horizontalOverflow, useBrowserApp } from '../support/browser';

const app = useBrowserApp();

type Visitor = 'visitor' | 'client' | 'artist' | 'owner' | 'admin';
const PASSWORDS: Record<Exclude<Visitor, 'visitor'>, { email: string; password: string }> = {
  client: { email: 'client@demo.inklink.test', password: 'demo-client-2026' },
  artist: { email: 'artist@demo.inklink.test', password: 'demo-artist-2026' },
  owner: { email: 'owner@demo.inklink.test', password: 'demo-owner-2026' },
  admin: { email: 'admin@demo.inklink.test', password: 'demo-admin-2026' },
};

/** Every page of the app, by who looks at it, on the demo data (issue 19: nothing scrolls sideways). */
async function everyPage(): Promise<Array<[Visitor, string]>> {
  const db = app.server.deps.db;
  const [post] = await db.select({ slug: blogs.slug }).from(blogs).where(eq(blogs.status, 'published')).limit(1);
  const [studioStore] = await db
    .select()
    .from(storefronts)
    .where(and(eq(storefronts.ownerType, 'shop'), eq(storefronts.deleted, false)));
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.storefrontId, studioStore.id), eq(products.status, 'active')))
    .limit(1);
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.storefrontId, studioStore.id)).limit(1);
  const [thread] = await db.select({ id: threads.id }).from(threads).limit(1);
  const [artist] = await db.select({ id: users.id }).from(users).where(eq(users.email, PASSWORDS.artist.email));
  const manage = `/manage/storefront/${studioStore.id}`;
  const pub = [
    '/',
    '/about',
    '/contact',
    '/pricing',
    '/terms',
    '/privacy',
    '/blog',
    `/blog/${post.slug}`,
    '/login',
    '/register',
    '/forgot-password',
  ];
  const store = [`/storefront/${studioStore.id}`, `/storefront/${studioStore.id}/product/${product.id}`];
  const signedIn = ['/inbox', '/artists', '/studios', '/artist/jonah-park', '/artist/jonah-park/booking', `/artist/id/${artist.id}`];
  const studio = ['/studio/iron-rose-tattoo', '/studio/iron-rose-tattoo/booking'];
  const account = ['/account', ...ACCOUNT_SECTIONS.map((s) => `/account/${s.key}`)];
  const mine = ['/messages', `/messages/${thread.id}`, '/calendar', '/payment', '/payment/artist_pro', '/payment-setup', '/shop'];
  return [
    ...[...pub, ...store].map((path): [Visitor, string] => ['visitor', path]),
    ...[
      ...signedIn,
      ...studio,
      ...store,
      ...account,
      ...mine,
      `/orders/${order.id}`,
      `/checkout/${studioStore.id}`,
      '/invite/no-such-code',
    ].map((path): [Visitor, string] => ['client', path]),
    ...[...account, ...mine, '/payment-setup/onboarding', manage, `${manage}/orders/${order.id}`].map((path): [Visitor, string] => [
      'artist',
      path,
    ]),
    ...[
      '/studio/iron-rose-tattoo/manage',
      '/calendar',
      '/payment/studio',
      manage,
      `${manage}/inventory`,
      `${manage}/orders`,
      `${manage}/orders/${order.id}`,
      `${manage}/products`,
      `${manage}/products/new`,
      `${manage}/products/${product.id}/edit`,
      `${manage}/settings`,
    ].map((path): [Visitor, string] => ['owner', path]),
    ...ADMIN_TABS.map((tab): [Visitor, string] => ['admin', tab.key === 'dashboard' ? '/' : `/?tab=${tab.key}`]),
  ];
}

/** The console's own sign-in form (admin.localhost resolves only inside Chromium). */
async function signInToConsole(page: Page, user: { email: string; password: string }) {
  await page.goto(app.adminUrl);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In to Admin Dashboard' }).click();
  await page.getByRole('tab', { name: 'Dashboard' }).waitFor();
}

/** Waits for the page's first screen: a heading in place and no spinner left. */
async function settle(page: Page) {
  await page
    .waitForFunction(() => document.querySelector('h1, h2') && !document.querySelector('[role="progressbar"]'), undefined, {
      timeout: 10_000,
    })
    .catch(() => {});
  await page.waitForTimeout(150);
}

/** The outermost elements that reach past the right edge, to say where the overflow comes from. */
const widest = (page: Page) =>
  page.evaluate(() => {
    const edge = window.innerWidth;
    const names: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (element.getBoundingClientRect().right <= edge + 1) continue;
      const parent = element.parentElement;
      if (parent && parent.getBoundingClientRect().right > edge + 1) continue;
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
      names.push(
        `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} "${label}"`,
      );
      if (names.length === 3) break;
    }
    return names.join(', ');
  });

describe('no page scrolls sideways', () => {
  beforeAll(async () => {
    await runDemoSeed(app.server.deps, () => {});
  }, 180_000);

  for (const width of BOTH_WIDTHS) {
    it(`every page, as every kind of user, fits ${width} px`, async () => {
      const pages = await everyPage();
      const offenders: string[] = [];
      const tabs = new Map<Visitor, Page>();
      for (const [visitor, path] of pages) {
        let page = tabs.get(visitor);
        if (!page) {
          page = await app.newPage({ width });
          if (visitor === 'admin') await signInToConsole(page, PASSWORDS.admin);
          else if (visitor !== 'visitor') await app.signInAs(page, PASSWORDS[visitor]);
          tabs.set(visitor, page);
        }
        const url = `${visitor === 'admin' ? app.adminUrl : app.url}${path}`;
        try {
          await page.goto(url);
          await settle(page);
          if (visitor !== 'visitor' && new URL(page.url()).pathname === '/login') throw new Error('sent to /login');
          const overflow = await horizontalOverflow(page);
          if (overflow !== 0) offenders.push(`${visitor} ${path}: ${overflow}px wider (${await widest(page)})`);
        } catch (error) {
          offenders.push(`${visitor} ${path}: could not be checked (${error instanceof Error ? error.message.split('\n')[0] : error})`);
        }
      }
      for (const page of tabs.values()) await page.context().close();
      expect(offenders, `pages that scroll sideways at ${width} px`).toEqual([]);
    }, 600_000);
  }
});
