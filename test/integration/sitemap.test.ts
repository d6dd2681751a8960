import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists, blogs, products, shops, storefronts, users } from '../../server/db/schema';
import { SITEMAP_MAX_URLS, STATIC_PATHS, sitemapCounts, sitemapUrls } from '../../server/domains/sitemap/service';
import { PRIVATE_PATHS, registerSitemap } from '../../server/http/sitemap';
import { createUser } from '../support/factories';
import { useTestServer } from '../support/server';

// /sitemap.xml and /robots.txt (issue 20): every public page and nothing private (a draft, archived
// or deleted record, an inactive storefront, a deleted member's profile); split into a sitemap index
// past the per-file limit (a small limit here), each file streamed in id-ordered chunks.

const server = useTestServer({ serveClient: false });

/** Every public record and, beside each, one that must never be listed. */
async function seed() {
  const db = server.deps.db;
  const member = await createUser({}, db);
  const gone = await createUser({ deleted: true }, db);
  const [artist] = await db
    .insert(artists)
    .values({ userId: member.id, name: 'Rosa Martinez', displayName: 'rosa', urlSlug: 'rosa-ink' })
    .returning();
  const [hiddenArtist] = await db
    .insert(artists)
    .values({ userId: gone.id, name: 'Gone Artist', displayName: 'gone', urlSlug: 'gone-artist' })
    .returning();
  const [studio, deletedStudio, unslugged] = await db
    .insert(shops)
    .values([
      { name: 'Black Anchor', urlSlug: 'black-anchor', ownerId: member.id },
      { name: 'Closed Studio', urlSlug: 'closed-studio', deleted: true },
      { name: 'Imported Studio' },
    ])
    .returning();
  const [store, inactiveStore] = await db
    .insert(storefronts)
    .values([
      { ownerId: studio.id, ownerType: 'shop', name: 'Anchor Shop' },
      { ownerId: member.id, ownerType: 'user', name: 'Paused Shop', isActive: false },
    ])
    .returning();
  const [active, draft, archived, deletedProduct, ofInactive] = await db
    .insert(products)
    .values([
      { storefrontId: store.id, name: 'Balm', price: 1500, status: 'active' },
      { storefrontId: store.id, name: 'Draft', price: 1500, status: 'draft' },
      { storefrontId: store.id, name: 'Archived', price: 1500, status: 'archived' },
      { storefrontId: store.id, name: 'Deleted', price: 1500, status: 'active', deleted: true },
      { storefrontId: inactiveStore.id, name: 'Hidden', price: 1500, status: 'active' },
    ])
    .returning();
  const [post, draftPost] = await db
    .insert(blogs)
    .values([
      {
        title: 'Care',
        slug: 'care',
        excerpt: 'e',
        content: 'c',
        category: 'Aftercare',
        status: 'published',
        publishedAt: new Date('2026-10-01T00:00:00Z'),
      },
      { title: 'Soon', slug: 'soon-draft', excerpt: 'e', content: 'c', category: 'News', status: 'draft' },
      { title: 'Old', slug: 'old-archived', excerpt: 'e', content: 'c', category: 'News', status: 'archived' },
    ])
    .returning();
  return {
    artist,
    hiddenArtist,
    studio,
    deletedStudio,
    unslugged,
    store,
    inactiveStore,
    active,
    draft,
    archived,
    deletedProduct,
    ofInactive,
    post,
    draftPost,
  };
}

let data: Awaited<ReturnType<typeof seed>>;
const small = Fastify();
beforeAll(async () => {
  data = await seed();
  registerSitemap(small, server.deps, { urlsPerSitemap: 4 });
  await small.ready();
});
afterAll(() => small.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('/sitemap.xml', () => {
  it('is one urlset listing every public page, each record with its lastmod, and nothing private', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    const origin = server.deps.config.appOrigin;
    const { artist, studio, unslugged, store, active, post } = data;
    expect(locs(xml)).toEqual([
      ...STATIC_PATHS.map((path) => `${origin}${path}`),
      ...[studio, unslugged]
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((s) => (s.urlSlug ? `${origin}/studio/${s.urlSlug}` : `${origin}/studio/id/${s.id}`)),
      `${origin}/artist/${artist.urlSlug}`,
      `${origin}/storefront/${store.id}`,
      `${origin}/storefront/${store.id}/product/${active.id}`,
      `${origin}/blog/${post.slug}`,
    ]);
    expect(xml).toContain(`<loc>${origin}/blog/care</loc><lastmod>${post.updatedAt.toISOString()}</lastmod>`);
    expect(xml).toContain(
      `<loc>${origin}/storefront/${store.id}/product/${active.id}</loc><lastmod>${active.updatedAt.toISOString()}</lastmod>`,
    );
    for (const hidden of [
      'gone-artist',
      'closed-studio',
      data.inactiveStore.id,
      data.draft.id,
      data.archived.id,
      data.deletedProduct.id,
      data.ofInactive.id,
      'soon-draft',
      'old-archived',
    ]) {
      expect(xml).not.toContain(hidden);
    }
  });

  it('past the limit is a sitemap index of files of at most that many URLs, which together list every URL once', async () => {
    const index = await small.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    const files = locs(index.body);
    const origin = server.deps.config.appOrigin;
    // 7 site pages + 2 studios + 1 artist + 1 storefront + 1 product + 1 post = 13 URLs: 4 files of ≤ 4.
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(files).toEqual([1, 2, 3, 4].map((n) => `${origin}/sitemap-${n}.xml`));
    const listed: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const file = await small.inject({ url: `/sitemap-${n}.xml` });
      expect(file.statusCode).toBe(200);
      const urls = locs(file.body);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(4);
      listed.push(...urls);
    }
    const whole = locs((await fetch(`${server.url}/sitemap.xml`).then((r) => r.text())) ?? '');
    expect(listed).toEqual(whole);
    expect((await small.inject({ url: '/sitemap-5.xml' })).statusCode).toBe(404);
    expect((await small.inject({ url: '/sitemap-0.xml' })).statusCode).toBe(404);
    expect((await small.inject({ url: '/sitemap-x.xml' })).statusCode).toBe(404);
  });

  it('reads a section in chunks after the last id (a window across sections and inside one)', async () => {
    const counts = await sitemapCounts(server.deps.db);
    expect(counts).toEqual([STATIC_PATHS.length, 2, 1, 1, 1, 1]);
    const all: string[] = [];
    for await (const chunk of sitemapUrls(server.deps.db, counts, 0, 13)) all.push(...chunk.map((u) => u.path));
    const window: string[] = [];
    for await (const chunk of sitemapUrls(server.deps.db, counts, 6, 9)) window.push(...chunk.map((u) => u.path));
    expect(window).toEqual(all.slice(6, 9));
    // One row a query: each after the last id of the one before (both studios: the second read after the first's id).
    const chunks: string[][] = [];
    for await (const chunk of sitemapUrls(server.deps.db, counts, 7, 13, 1)) chunks.push(chunk.map((u) => u.path));
    expect(chunks).toEqual(all.slice(7, 13).map((path) => [path]));
    expect(SITEMAP_MAX_URLS).toBe(50_000);
  });
});

describe('/robots.txt', () => {
  it('allows the public pages, keeps crawlers out of the private routes and the API, and names the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text.split('\n').slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of [
      '/account',
      '/calendar',
      '/inbox',
      '/messages',
      '/manage',
      '/checkout',
      '/orders',
      '/bookings',
      '/payment',
      '/payment-setup',
      '/api/',
      '/trpc/',
      '/admin',
    ]) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
    expect(PRIVATE_PATHS).not.toContain('/storefront');
    expect(text).not.toMatch(/Disallow: \/(studio|artist|storefront|blog|files)\n/);
    expect(text.trim().split('\n').at(-1)).toBe(`Sitemap: ${server.deps.config.appOrigin}/sitemap.xml`);
  });

  it('closes the admin console host to crawlers, which has no sitemap', async () => {
    const host = new URL(server.deps.config.adminOrigin).host;
    expect((await small.inject({ url: '/robots.txt', headers: { host } })).body).toBe('User-agent: *\nDisallow: /\n');
    expect((await small.inject({ url: '/sitemap.xml', headers: { host } })).statusCode).toBe(404);
  });
});

describe('a private record never reaches the sitemap', () => {
  it('a studio deleted, a product set back to draft and a storefront paused leave it at once', async () => {
    const { eq } = await import('drizzle-orm');
    const db = server.deps.db;
    const extra = await db.insert(shops).values({ name: 'Soon Gone', urlSlug: 'soon-gone' }).returning();
    expect(await fetch(`${server.url}/sitemap.xml`).then((r) => r.text())).toContain('/studio/soon-gone<');
    await db.update(shops).set({ deleted: true }).where(eq(shops.id, extra[0].id));
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, data.active.id));
    await db.update(storefronts).set({ isActive: false }).where(eq(storefronts.id, data.store.id));
    const xml = await fetch(`${server.url}/sitemap.xml`).then((r) => r.text());
    expect(xml).not.toContain('soon-gone');
    expect(xml).not.toContain(data.active.id);
    expect(xml).not.toContain(data.store.id);
    await db.update(products).set({ status: 'active' }).where(eq(products.id, data.active.id));
    await db.update(storefronts).set({ isActive: true }).where(eq(storefronts.id, data.store.id));
    await db.update(users).set({ deleted: false }).where(eq(users.id, data.hiddenArtist.userId));
    expect(await fetch(`${server.url}/sitemap.xml`).then((r) => r.text())).toContain('/artist/gone-artist<');
    await db.update(users).set({ deleted: true }).where(eq(users.id, data.hiddenArtist.userId));
  });
});
