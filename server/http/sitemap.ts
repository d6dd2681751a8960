import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { SITEMAP_MAX_URLS, type SitemapUrl, sitemapCounts, sitemapFileCount, sitemapUrls } from '../domains/sitemap/service';
import { isAdminHost } from './admin-host';

// GET /sitemap.xml and /robots.txt (issue 20). The sitemap is one urlset while the public pages
// fit in one file, else a sitemap index naming /sitemap-1.xml, /sitemap-2.xml, … of at most
// `urlsPerSitemap` URLs each (50,000, the protocol's limit; every URL here is well under 1 KB, so a
// file stays far below the 50 MB limit). Each file is streamed as its rows are read
// (server/domains/sitemap/service.ts). robots.txt lets crawlers read the public pages, keeps them
// out of the signed-in ones and the API, and names the sitemap; the admin console's host is
// closed to them entirely.

/**
 * Paths crawlers are kept out of: the signed-in app's pages (every route under the `_app` layout
 * that is not a public profile), the API, sign-in callbacks and webhooks.
 */
export const PRIVATE_PATHS = [
  '/account',
  '/calendar',
  '/inbox',
  '/messages',
  '/manage',
  '/checkout',
  '/orders',
  '/bookings',
  '/events',
  '/invitations',
  '/invite',
  '/payment',
  '/payment-setup',
  '/shop',
  '/studio/*/manage',
  '/studio/*/booking',
  '/studio/id/*/manage',
  '/studio/id/*/booking',
  '/artist/*/booking',
  '/artist/id/*/booking',
  '/api/',
  '/trpc/',
  '/auth/',
  '/webhooks/',
  '/admin',
] as const;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');

/** One <url> entry: the page's absolute URL and, for a record, when it last changed (W3C datetime). */
export const urlEntry = (origin: string, url: SitemapUrl) =>
  `<url><loc>${escapeXml(`${origin}${url.path}`)}</loc>${url.lastmod ? `<lastmod>${url.lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}

export function registerSitemap(app: FastifyInstance, deps: AppDeps, options: { urlsPerSitemap?: number } = {}) {
  const origin = deps.config.appOrigin;
  const limit = options.urlsPerSitemap ?? SITEMAP_MAX_URLS;

  app.get('/robots.txt', (req, reply) => {
    reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return reply.send(isAdminHost(req.headers.host) ? 'User-agent: *\nDisallow: /\n' : robotsTxt(origin));
  });

  /** A urlset of the URLs `start` … `end − 1`, streamed. */
  const urlset = (counts: number[], start: number, end: number) =>
    Readable.from(
      (async function* () {
        yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
        for await (const urls of sitemapUrls(deps.db, counts, start, end)) yield urls.map((url) => urlEntry(origin, url)).join('');
        yield '</urlset>\n';
      })(),
    );

  const xml = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

  app.get('/sitemap.xml', async (req, reply) => {
    if (isAdminHost(req.headers.host)) return reply.code(404).send({ error: 'Not found' });
    const counts = await sitemapCounts(deps.db);
    const total = counts.reduce((sum, n) => sum + n, 0);
    const files = sitemapFileCount(total, limit);
    if (files === 1) return reply.headers(xml).send(urlset(counts, 0, total));
    const entries = Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`,
    );
    return reply.headers(xml).send(`${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('')}</sitemapindex>\n`);
  });

  app.get<{ Params: { file: string } }>('/sitemap-:file', async (req, reply) => {
    const n = /^([1-9]\d{0,5})\.xml$/.exec(req.params.file)?.[1];
    if (!n || isAdminHost(req.headers.host)) return reply.code(404).send({ error: 'Not found' });
    const counts = await sitemapCounts(deps.db);
    const total = counts.reduce((sum, count) => sum + count, 0);
    const index = Number(n) - 1;
    if (index >= sitemapFileCount(total, limit)) return reply.code(404).send({ error: 'Not found' });
    return reply.headers(xml).send(urlset(counts, index * limit, Math.min(total, (index + 1) * limit)));
  });
}
