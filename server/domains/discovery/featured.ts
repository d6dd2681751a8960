import { and, asc, eq, sql } from 'drizzle-orm';
import { artists, shops, users } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { newestPortfolioImages } from '../artists/portfolio';
import { listColumns } from '../artists/service';
import { FEATURED_PRODUCTS } from '../products/inputs';
import { landingProducts } from '../products/showcase';

/** Spec 1 §10: "featured 6" — each of the landing page's featured rows shows at most this many. */
export const FEATURED_COUNT = FEATURED_PRODUCTS;

/**
 * The landing page's featured artists: active, not deleted, with a live account; featured first,
 * then the most boosted. Read in the order of artists_rank_idx, so it stops after 6 rows (the
 * listing's further order by followers is on users and would sort every artist: 0.8 s at 200,000).
 * Public fields only.
 */
async function featuredArtists(ctx: ServiceCtx) {
  const rows = await ctx.db
    .select(listColumns)
    .from(artists)
    .innerJoin(users, eq(users.id, artists.userId))
    .where(and(eq(artists.deleted, false), eq(artists.isActive, true), eq(users.deleted, false)))
    .orderBy(sql`${artists.isFeatured} desc nulls last`, sql`${artists.boost} desc nulls last`, asc(artists.id))
    .limit(FEATURED_COUNT);
  return rows;
}

const studioColumns = {
  id: shops.id,
  name: shops.name,
  urlSlug: shops.urlSlug,
  city: shops.city,
  state: shops.state,
  isVerified: shops.isVerified,
};

/**
 * The landing page's featured studios: live and active, featured first, each group by quality.
 * Both reads walk shops_rank_idx (quality, not deleted) and stop after 6 rows.
 */
async function featuredStudios(ctx: ServiceCtx) {
  const live = and(eq(shops.deleted, false), eq(shops.isActive, true));
  const byQuality = [sql`${shops.quality} desc nulls first`, asc(shops.id)];
  const featured = await ctx.db
    .select(studioColumns)
    .from(shops)
    .where(and(live, eq(shops.isFeatured, true)))
    .orderBy(...byQuality)
    .limit(FEATURED_COUNT);
  if (featured.length === FEATURED_COUNT) return featured;
  const more = await ctx.db
    .select(studioColumns)
    .from(shops)
    .where(and(live, eq(shops.isFeatured, false)))
    .orderBy(...byQuality)
    .limit(FEATURED_COUNT - featured.length);
  return [...featured, ...more];
}

/**
 * What the landing page shows signed-out visitors from real data: up to 6 artists, studios and
 * products, each artist and studio with its newest public portfolio piece (one query for all; a
 * studio without one, its banner).
 * An empty list hides its row.
 */
export async function getFeatured({ ctx }: { ctx: ServiceCtx }) {
  const [artistRows, studioRows, products] = await Promise.all([featuredArtists(ctx), featuredStudios(ctx), landingProducts(ctx.db)]);
  const [covers, banners] = await Promise.all([
    newestPortfolioImages(ctx.db, [...artistRows.map((a) => a.userId), ...studioRows.map((s) => s.id)], 1),
    newestPortfolioImages(
      ctx.db,
      studioRows.map((s) => s.id),
      1,
      'banner',
    ),
  ]);
  // A studio that shows its artists' work has no portfolio of its own: its banner stands in.
  const studioCover = (id: string) => {
    const portfolio = covers.get(id)?.[0];
    if (portfolio) return { image: portfolio, imageKind: 'portfolio' as const };
    const banner = banners.get(id)?.[0];
    return banner ? { image: banner, imageKind: 'banner' as const } : { image: null, imageKind: null };
  };
  return {
    artists: artistRows.map((a) => ({ ...a, image: covers.get(a.userId)?.[0] ?? null })),
    studios: studioRows.map((s) => ({ ...s, ...studioCover(s.id) })),
    products,
  };
}
