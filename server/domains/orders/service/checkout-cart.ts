import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { products, shops, storefronts } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { firstPhotoUrlOf } from '../../products/photos/views';
import type { ProductRow } from '../../products/views';
import { owningShop, type StorefrontRow, storefrontTimezone } from '../../storefronts/access';
import { STOREFRONT_MESSAGES } from '../../storefronts/inputs';

/**
 * The cart's products by primary key, whatever their storefront (the join below keeps this one's).
 * Written so the plan is the same for every call (decision 013): the ids come as JSON, whose row
 * estimate does not depend on the value, and OFFSET 0 keeps the planner from driving the lookup by
 * the storefront (a scan of all its products). So PostgreSQL keeps one generic plan per
 * connection instead of planning each checkout again.
 */
const cartProducts = (db: Db) =>
  db
    .select({ ...getTableColumns(products), firstPhotoUrl: firstPhotoUrlOf(products.id).as('first_photo_url') })
    .from(sql`jsonb_array_elements_text(${sql.placeholder('productIds')}::jsonb) as asked (id)`)
    .innerJoin(products, sql`${products.id} = asked.id::uuid`)
    .where(sql`not ${products.deleted}`)
    .offset(sql`0` as unknown as number)
    .as('cart_products');

const checkoutCartStatement = (db: Db) => {
  const cart = cartProducts(db);
  return db
    .select({ storefront: storefronts, timezone: storefrontTimezone, product: cart._.selectedFields })
    .from(storefronts)
    .leftJoin(shops, owningShop)
    .leftJoin(cart, eq(cart.storefrontId, storefronts.id))
    .where(and(eq(storefronts.id, sql.placeholder('storefrontId')), sql`not ${storefronts.deleted}`))
    .prepare('checkout_cart');
};

/** A cart's product, with the URL of its first photo for the order line's picture. */
export type CartProduct = ProductRow & { firstPhotoUrl: string | null };
export type CheckoutCart = { storefront: StorefrontRow & { timezone: string }; products: CartProduct[] };

/**
 * What a checkout reads before it writes: the live storefront, its owner's timezone (the order
 * number's day) and those of `productIds` that are its own live products, in one prepared query
 * (every order runs it; the other readers of a storefront use loadStorefront), with each product's
 * first photo (an indexed probe of product_photos per cart line).
 */
export async function loadCheckoutCart(db: Db, storefrontId: string, productIds: string[]): Promise<CheckoutCart> {
  const rows = await prepared(db, 'checkout_cart', checkoutCartStatement).execute({ storefrontId, productIds: JSON.stringify(productIds) });
  if (rows.length === 0) throw notFound(STOREFRONT_MESSAGES.notFound);
  const [{ storefront, timezone }] = rows;
  return { storefront: { ...storefront, timezone }, products: rows.flatMap((r) => (r.product ? [r.product] : [])) };
}
