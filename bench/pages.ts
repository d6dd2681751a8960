import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/browser';
import { scaleId } from '../scripts/seed/scale/index';
import type { BenchContext, BenchGroup } from './context';
import { missingProcedures, NOT_AVAILABLE, query, type Row, round1, unavailable } from './lib';
import { serverRenderRows } from './server-render';

/** The main pages: what each needs to exist, and whether it is a signed-in page. */
export type MainPage = { name: string; path: string; signedIn: boolean; missing: string[] };

export async function mainPages(ctx: BenchContext): Promise<MainPage[]> {
  const [store] = await query<{ id: string }>(ctx.db, sql`select id from storefronts where id = ${scaleId('store2')}`);
  return [
    { name: 'landing', path: '/', signedIn: false, missing: [] },
    { name: 'studio', path: '/studio/studio-2', signedIn: true, missing: missingProcedures(['studio.bySlug']) },
    { name: 'storefront', path: `/storefront/${store?.id ?? 'none'}`, signedIn: true, missing: missingProcedures(['storefront.byId', 'product.search']) },
    { name: 'checkout', path: `/checkout/${store?.id ?? 'none'}`, signedIn: true, missing: missingProcedures(['order.checkout']) },
  ];
}

/** A signed-in visitor (a client of studio 2) for the signed-in pages. */
export async function visitorCookie(ctx: BenchContext) {
  const [{ id }] = await query<{ id: string }>(ctx.db, sql`select id from users where email = 'client1.2@scale.inklink.test'`);
  return (await ctx.sessionCookie(id)).split('=');
}

/**
 * The JavaScript each main page loads, gzipped: every script response of a real page load in
 * Chromium (entry, route chunks, lazy chunks the page pulls in), each body gzipped as a server
 * would send it. Target for the landing page: ≤ 200 KB. Then the server-rendered pages under load.
 */
export const pagesGroup: BenchGroup = {
  name: 'pages',
  async run(ctx) {
    const rows: Row[] = [];
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const [cookieName, cookieValue] = await visitorCookie(ctx);
      for (const page of await mainPages(ctx)) {
        const name = `JavaScript loaded by the ${page.name} page (gzip)`;
        const target = page.name === 'landing' ? '≤ 200' : '—';
        if (page.missing.length) {
          rows.push(unavailable(name, 'KB', target, `${NOT_AVAILABLE}: ${page.missing.join(', ')}`));
          continue;
        }
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        if (page.signedIn) await context.addCookies([{ name: cookieName, value: cookieValue, url: ctx.appUrl }]);
        const tab = await context.newPage();
        const scripts = new Map<string, number>();
        tab.on('response', async (response) => {
          if (response.request().resourceType() !== 'script') return;
          const body = await response.body().catch(() => null);
          if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
        });
        await tab.goto(`${ctx.appUrl}${page.path}`, { waitUntil: 'networkidle' });
        await tab.waitForTimeout(500);
        await context.close();
        const kb = round1([...scripts.values()].reduce((a, b) => a + b, 0) / 1024);
        rows.push({ name, value: kb, unit: 'KB', target, pass: page.name === 'landing' ? kb <= 200 : null, note: `${scripts.size} scripts` });
      }
    } finally {
      await browser.close();
    }
    rows.push(...(await serverRenderRows(ctx)));
    return rows;
  },
};
