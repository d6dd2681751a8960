import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { artists, blogs, products, shops, storefronts, users } from '../../db/schema';
import { artistPath } from '../artists/rules';
import { studioPath } from '../studios/rules';

// The public pages a sitemap lists (issue 20): the site's own pages, every studio and artist
// profile not deleted, active storefronts, their active products and published blog posts. Only
// what a signed-out visitor may see: a draft, archived or deleted record, an inactive storefront
// and a deleted member's profile are never listed.
//
// The URLs are numbered in one sequence (the site's pages, then each kind of record by id), and
// sitemap n lists the URLs n·limit … (n+1)·limit − 1 of it. A sitemap's rows are read in chunks,
// each after the last id of the one before (the primary key index: no sort, no offset past the
// first chunk), so a sitemap of 50,000 URLs never holds more than one chunk of rows.

/** The sitemaps protocol's limits: 50,000 URLs and 50 MB (uncompressed) per file (sitemaps.org/protocol.html). */
export const SITEMAP_MAX_URLS = 50_000;

/** The site's own public pages (the SPA's public routes; the signed-in ones stay out). */
export const STATIC_PATHS = ['/', '/about', '/pricing', '/blog', '/contact', '/privacy', '/terms'] as const;

export type SitemapUrl = { path: string; lastmod?: Date };

/** Rows read per query. */
const CHUNK = 1000;

type Section = {
  /** How many URLs it has. */
  count(db: Db): Promise<number>;
  /** Its rows after `afterId` in id order (from its `offset`-th when `afterId` is undefined), at most `limit`. */
  rows(db: Db, range: { afterId?: string; offset: number; limit: number }): Promise<Array<{ id: string; url: SitemapUrl }>>;
};

/** A section of rows read in id order under `where`. */
function tableSection<T extends { id: string }>(options: {
  id: PgColumn;
  where: SQL | undefined;
  /** The select (its FROM and joins) of the section's rows, with `id` and what its URL needs. */
  select: (db: Db) => PgSelect;
  /** The same FROM and joins, counting. */
  countFrom: (db: Db) => PgSelect;
  url: (row: T) => SitemapUrl;
}): Section {
  return {
    async count(db) {
      const [row] = (await options.countFrom(db).where(options.where)) as Array<{ n: number }>;
      return Number(row?.n ?? 0);
    },
    async rows(db, { afterId, offset, limit }) {
      const query = options
        .select(db)
        .where(afterId === undefined ? options.where : and(options.where, gt(options.id, afterId)))
        .orderBy(asc(options.id))
        .limit(limit);
      const rows = (await (afterId === undefined && offset > 0 ? query.offset(offset) : query)) as unknown as T[];
      return rows.map((row) => ({ id: row.id, url: options.url(row) }));
    },
  };
}

const publicStorefront = and(eq(storefronts.isActive, true), eq(storefronts.deleted, false));

/** The record sections, in the order their URLs are numbered. */
const SECTIONS: Section[] = [
  tableSection<{ id: string; urlSlug: string | null; lastmod: Date }>({
    id: shops.id,
    where: eq(shops.deleted, false),
    select: (db) => db.select({ id: shops.id, urlSlug: shops.urlSlug, lastmod: shops.lastUpdated }).from(shops).$dynamic(),
    countFrom: (db) => db.select({ n: count() }).from(shops).$dynamic(),
    url: (row) => ({ path: studioPath(row), lastmod: row.lastmod }),
  }),
  tableSection<{ id: string; urlSlug: string | null; lastmod: Date }>({
    id: artists.id,
    where: and(eq(artists.deleted, false), eq(users.deleted, false)),
    select: (db) =>
      db
        .select({ id: artists.id, urlSlug: artists.urlSlug, lastmod: artists.updatedAt })
        .from(artists)
        .innerJoin(users, eq(users.id, artists.userId))
        .$dynamic(),
    countFrom: (db) => db.select({ n: count() }).from(artists).innerJoin(users, eq(users.id, artists.userId)).$dynamic(),
    url: (row) => ({ path: artistPath(row), lastmod: row.lastmod }),
  }),
  tableSection<{ id: string; lastmod: Date }>({
    id: storefronts.id,
    where: publicStorefront,
    select: (db) => db.select({ id: storefronts.id, lastmod: storefronts.updatedAt }).from(storefronts).$dynamic(),
    countFrom: (db) => db.select({ n: count() }).from(storefronts).$dynamic(),
    url: (row) => ({ path: `/storefront/${row.id}`, lastmod: row.lastmod }),
  }),
  tableSection<{ id: string; storefrontId: string; lastmod: Date }>({
    id: products.id,
    where: and(eq(products.status, 'active'), eq(products.deleted, false), publicStorefront),
    select: (db) =>
      db
        .select({ id: products.id, storefrontId: products.storefrontId, lastmod: products.updatedAt })
        .from(products)
        .innerJoin(storefronts, eq(storefronts.id, products.storefrontId))
        .$dynamic(),
    countFrom: (db) =>
      db.select({ n: count() }).from(products).innerJoin(storefronts, eq(storefronts.id, products.storefrontId)).$dynamic(),
    url: (row) => ({ path: `/storefront/${row.storefrontId}/product/${row.id}`, lastmod: row.lastmod }),
  }),
  tableSection<{ id: string; slug: string; lastmod: Date }>({
    id: blogs.id,
    where: eq(blogs.status, 'published'),
    select: (db) => db.select({ id: blogs.id, slug: blogs.slug, lastmod: blogs.updatedAt }).from(blogs).$dynamic(),
    countFrom: (db) => db.select({ n: count() }).from(blogs).$dynamic(),
    url: (row) => ({ path: `/blog/${encodeURIComponent(row.slug)}`, lastmod: row.lastmod }),
  }),
];

/** How many URLs each part of the sequence has: the site's pages, then each record section. */
export async function sitemapCounts(db: Db): Promise<number[]> {
  return [STATIC_PATHS.length, ...(await Promise.all(SECTIONS.map((section) => section.count(db))))];
}

/** How many sitemaps the URLs need at `limit` URLs each (at least one). */
export const sitemapFileCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/**
 * The URLs number `start` to `end − 1` of the sequence, in chunks of at most `chunk` rows (one
 * query each), given the sequence's counts.
 */
export async function* sitemapUrls(db: Db, counts: number[], start: number, end: number, chunk = CHUNK): AsyncGenerator<SitemapUrl[]> {
  let sectionStart = 0;
  for (const [index, size] of counts.entries()) {
    const from = Math.max(start, sectionStart) - sectionStart;
    const to = Math.min(end, sectionStart + size) - sectionStart;
    sectionStart += size;
    if (from >= to) continue;
    if (index === 0) {
      yield STATIC_PATHS.slice(from, to).map((path) => ({ path }));
      continue;
    }
    const section = SECTIONS[index - 1];
    let afterId: string | undefined;
    for (let read = 0; read < to - from; ) {
      const rows = await section.rows(db, { afterId, offset: from, limit: Math.min(chunk, to - from - read) });
      if (rows.length === 0) break;
      read += rows.length;
      afterId = rows[rows.length - 1].id;
      yield rows.map((row) => row.url);
    }
  }
}
