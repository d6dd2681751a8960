import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { scaleId } from '../scripts/seed/scale/index';
import type { BenchContext, BenchGroup } from './context';
import { query, type Row } from './lib';
import { launchChromium, measure, onlyPages, REPORT_DIR, rowsOf } from './lighthouse';
import { type MainPage, visitorCookie } from './pages';

// Lighthouse rows (issue 21) for the main routes the `lighthouse` group does not cover (it has the
// landing, studio, storefront and checkout pages): the same harness, settings and targets, plus
// the module request depth row. Each page is loaded cold (Lighthouse clears the cache) with the
// session of a member who may see it, taken from the scale seed: the bench visitor (client1.2,
// a client of studio 2 and in a conversation with its artist), studio 2's owner (who manages
// storefront 2) and an AppAdmin account this group adds; the public pages also without a session.

const ADMIN_EMAIL = 'appadmin@scale.inklink.test';
/** Chromium resolves the admin console's host (the server's default ADMIN_ORIGIN) to the bench server. */
const ADMIN_HOST = 'admin.localhost';

type Member = 'visitor' | 'owner' | 'admin';
type RoutePage = MainPage & { member: Member; admin?: boolean };

const STORE = scaleId('store2');
/** The bench visitor's conversation with studio 2's artist. */
export const CONVERSATION_PATH = `/messages/${scaleId('thread2')}`;

/** A product of storefront 2 that can be bought (the seed makes some drafts and some sold out), or null. */
export async function buyableProductPath(ctx: BenchContext): Promise<string | null> {
  const [product] = await query<{ id: string }>(
    ctx.db,
    sql`select id from products where storefront_id = ${STORE} and status = 'active' and (not track_inventory or quantity > 0) order by id limit 1`,
  );
  return product ? `/storefront/${STORE}/product/${product.id}` : null;
}

async function routePages(ctx: BenchContext): Promise<RoutePage[]> {
  const productPath = await buyableProductPath(ctx);
  const page = (name: string, path: string, member: Member, extra: Partial<RoutePage> = {}): RoutePage => ({
    name,
    path,
    signedIn: true,
    missing: [],
    member,
    ...extra,
  });
  return [
    page('artists', '/artists', 'visitor'),
    page('studios', '/studios', 'visitor'),
    page('artist profile', '/artist/artist1-2', 'visitor'),
    page('account', '/account', 'visitor'),
    page('calendar', '/calendar', 'visitor'),
    page('inbox', '/inbox', 'visitor'),
    page('conversation', CONVERSATION_PATH, 'visitor'),
    page('manage storefront overview', `/manage/storefront/${STORE}`, 'owner'),
    page('manage storefront products', `/manage/storefront/${STORE}/products`, 'owner'),
    page('product', productPath ?? '', 'visitor', { missing: productPath ? [] : ['an active product in storefront 2'] }),
    page('admin dashboard', '/', 'admin', { admin: true }),
    // Public pages, as a visitor without an account first sees them (issue 20 item 6, decision 034).
    page('signed-out artist profile', '/artist/artist1-2', 'visitor', { signedIn: false }),
    page('signed-out product', productPath ?? '', 'visitor', {
      signedIn: false,
      missing: productPath ? [] : ['an active product in storefront 2'],
    }),
  ];
}

/** The Cookie header of a fresh session of each member. */
async function memberCookies(ctx: BenchContext): Promise<Record<Member, string>> {
  const idOf = async (email: string) => (await query<{ id: string }>(ctx.db, sql`select id from users where email = ${email}`))[0].id;
  return {
    visitor: (await visitorCookie(ctx)).join('='),
    owner: await ctx.sessionCookie(await idOf('owner.2@scale.inklink.test')),
    admin: await ctx.sessionCookie(await idOf(ADMIN_EMAIL)),
  };
}

export const pageRoutesGroup: BenchGroup = {
  name: 'lighthouse-routes',
  async prepare({ db }) {
    // The scale seed has no AppAdmin: one, with the seed's password, for the admin dashboard.
    await db.execute(sql`
      insert into users (id, email, password_hash, display_name, first_name, last_name, user_types)
      select ${scaleId('appadmin')}, ${ADMIN_EMAIL}, password_hash, '@appadmin', 'App', 'Admin', array['client', 'AppAdmin']::text[]
      from users where email = 'owner.1@scale.inklink.test'
      on conflict do nothing`);
  },
  async run(ctx) {
    const rows: Row[] = [];
    const cookies = await memberCookies(ctx);
    const adminUrl = ctx.appUrl.replace('127.0.0.1', ADMIN_HOST);
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    const chrome = await launchChromium([`--host-resolver-rules=MAP ${ADMIN_HOST} 127.0.0.1`]);
    try {
      for (const page of onlyPages(await routePages(ctx))) {
        if (page.missing.length) {
          rows.push({
            name: `Lighthouse ${page.name} page: LCP (mobile)`,
            value: null,
            unit: 's',
            target: '≤ 2.0',
            pass: false,
            note: `no ${page.missing.join(', ')} in the bench data`,
          });
          continue;
        }
        const url = `${page.admin ? adminUrl : ctx.appUrl}${page.path}`;
        rows.push(...rowsOf(page.name, await measure(url, page, cookies[page.member], 'default')));
      }
    } finally {
      await chrome.close();
    }
    ctx.log(`  Lighthouse reports in ${REPORT_DIR}`);
    return rows;
  },
};
