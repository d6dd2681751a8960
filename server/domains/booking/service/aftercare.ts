import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { type bookings, products, storefronts } from '../../../db/schema';
import type { ServiceCtx } from '../../../service-context';
import { formatCents } from '../../../lib/money';
import { createNotification } from '../../notifications/create';

type Booking = typeof bookings.$inferSelect;

export const AFTERCARE_INSTRUCTIONS =
  'Keep the wrap on for 2 to 4 hours, then wash gently with unscented soap and lukewarm water, pat dry and apply a thin layer of aftercare balm 2 to 3 times a day. No soaking, sun or scratching for 2 weeks.';
/** How many products the aftercare message suggests. */
export const AFTERCARE_PRODUCT_LIMIT = 3;

/**
 * Aftercare products the client can buy now: active products categorised or tagged "aftercare"
 * (any case) that are in stock (untracked, or a positive quantity; a backorder is not stock), from
 * the studio's storefront, or the artist's own when the studio has none with stock. Featured first.
 */
export async function aftercareProducts(ctx: ServiceCtx, booking: Pick<Booking, 'shopId' | 'artistId'>) {
  for (const owner of [
    { ownerType: 'shop' as const, ownerId: booking.shopId },
    { ownerType: 'user' as const, ownerId: booking.artistId },
  ]) {
    const rows = await ctx.db
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        storefrontId: storefronts.id,
        storefrontName: storefronts.name,
      })
      .from(products)
      .innerJoin(storefronts, eq(storefronts.id, products.storefrontId))
      .where(
        and(
          eq(storefronts.ownerType, owner.ownerType),
          eq(storefronts.ownerId, owner.ownerId),
          eq(storefronts.isActive, true),
          eq(storefronts.deleted, false),
          eq(products.status, 'active'),
          eq(products.deleted, false),
          or(eq(products.trackInventory, false), sql`${products.quantity} > 0`),
          or(
            sql`lower(${products.category}) = 'aftercare'`,
            sql`exists (select 1 from unnest(${products.tags}) as tag where lower(tag) = 'aftercare')`,
          ),
        ),
      )
      .orderBy(desc(products.featured), asc(products.price), asc(products.id))
      .limit(AFTERCARE_PRODUCT_LIMIT);
    if (rows.length) return rows;
  }
  return [];
}

/** After the session: the instructions, with the aftercare products in stock, to the client. */
export async function sendAftercare(tx: ServiceCtx, booking: Booking) {
  if (!booking.clientId) return; // a walk-in has no account to write to
  const picks = await aftercareProducts(tx, booking);
  const shop = picks.length
    ? ` Aftercare from ${picks[0].storefrontName}: ${picks.map((p) => `${p.name} (${formatCents(p.price)})`).join(', ')}.`
    : '';
  await createNotification(tx, {
    userId: booking.clientId,
    type: 'general_alert',
    title: 'Aftercare instructions',
    body: `${AFTERCARE_INSTRUCTIONS}${shop}`,
    data: {
      bookingId: booking.id,
      link: picks.length ? `/storefront/${picks[0].storefrontId}` : `/calendar?booking=${booking.id}`,
      products: picks.map((p) => ({ id: p.id, name: p.name, price: p.price, link: `/storefront/${p.storefrontId}/product/${p.id}` })),
    },
  });
}
