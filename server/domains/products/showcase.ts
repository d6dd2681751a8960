import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { products, shops, storefronts, users } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { FEATURED_PRODUCTS, type storefrontShowcaseInput } from './inputs';
import { photosOf } from './photos/views';

type ProductRow = Pick<typeof products.$inferSelect, 'id' | 'storefrontId' | 'name' | 'price' | 'featured'>;

const cardColumns = {
  id: products.id,
  storefrontId: products.storefrontId,
  name: products.name,
  price: products.price,
  featured: products.featured,
};

/** Products as cards show them: name, price and the first photo (its alt text and srcset). Photos in one query. */
export async function toProductCards(db: Db, rows: ProductRow[]) {
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, photo: photos.get(row.id)?.[0] ?? null }));
}
export type ProductCard = Awaited<ReturnType<typeof toProductCards>>[number];

/** A public product: active and not deleted (the literal predicate of the products_public_* partial indexes). */
export const publicProduct = sql`${products.status} = 'active' and ${products.deleted} = false`;

/** The owner is live: a user or a studio that is not deleted (a deleted artist's shop is not shown). */
const ownerIsLive = (ownerType: 'user' | 'shop', ownerId: string) =>
  ownerType === 'user'
    ? sql`exists (select 1 from ${users} where ${users.id} = ${ownerId} and ${users.deleted} = false)`
    : sql`exists (select 1 from ${shops} where ${shops.id} = ${ownerId} and ${shops.deleted} = false)`;

/**
 * The Shop section of an artist's or a studio's page: the owner's storefront when it is active,
 * with up to 6 of its public products, featured first and then the newest (one storefront's rows,
 * through products_public_storefront_idx). Null when the owner has no active storefront, so the
 * page shows no section at all.
 */
export async function storefrontShowcase({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof storefrontShowcaseInput> }) {
  const [store] = await ctx.db
    .select({ id: storefronts.id, name: storefronts.name, description: storefronts.description })
    .from(storefronts)
    .where(
      and(
        eq(storefronts.ownerId, input.ownerId),
        eq(storefronts.ownerType, input.ownerType),
        eq(storefronts.deleted, false),
        eq(storefronts.isActive, true),
        ownerIsLive(input.ownerType, input.ownerId),
      ),
    )
    .limit(1);
  if (!store) return null;
  const rows = await ctx.db
    .select(cardColumns)
    .from(products)
    .where(and(eq(products.storefrontId, store.id), publicProduct))
    .orderBy(desc(products.featured), sql`${products.createdAt} desc nulls last`, asc(products.id))
    .limit(FEATURED_PRODUCTS);
  return { storefront: store, products: await toProductCards(ctx.db, rows) };
}

/**
 * In an active storefront whose owner (user or studio) is not deleted: a scalar subquery, primary-key
 * probes per candidate product (the landing reads a handful).
 */
const inPublicStorefront = sql`coalesce((select ${storefronts.isActive} and not ${storefronts.deleted} and case ${storefronts.ownerType}
    when 'user' then exists (select 1 from ${users} where ${users.id} = ${storefronts.ownerId} and not ${users.deleted})
    else exists (select 1 from ${shops} where ${shops.id} = ${storefronts.ownerId} and not ${shops.deleted}) end
  from ${storefronts} where ${storefronts.id} = ${products.storefrontId}), false)`;

/**
 * The landing page's products: up to 6 public featured products, newest first, topped up with the
 * newest public products when fewer are featured. Each read walks a newest-first index
 * (products_status_featured_idx, products_public_created_idx) and stops after 6 rows.
 */
export async function landingProducts(db: Db) {
  const newest = [sql`${products.createdAt} desc nulls last`, asc(products.id)];
  const featured = await db
    .select(cardColumns)
    .from(products)
    .where(and(publicProduct, inPublicStorefront, eq(products.featured, true)))
    .orderBy(...newest)
    .limit(FEATURED_PRODUCTS);
  const more =
    featured.length < FEATURED_PRODUCTS
      ? await db
          .select(cardColumns)
          .from(products)
          .where(and(publicProduct, inPublicStorefront, eq(products.featured, false)))
          .orderBy(...newest)
          .limit(FEATURED_PRODUCTS - featured.length)
      : [];
  return toProductCards(db, [...featured, ...more]);
}
