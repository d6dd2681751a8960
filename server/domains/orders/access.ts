import { and, asc, eq } from 'drizzle-orm';
import { orderItems, orders, storefronts } from '../../db/schema';
import { type ServiceCtx, requireUser } from '../../service-context';
import { forbidden, notFound } from '../../lib/errors';
import { canManageStorefront } from '../storefronts/access';
import { ORDER_MESSAGES } from './inputs';
import type { OrderRow } from './views';

/**
 * Spec 1 §6 order owner check: the customer of the order or the storefront's managers. Anyone
 * else is told the order does not exist. Returns the order and the caller's role.
 */
export async function loadOrderForParty(ctx: ServiceCtx, orderId: string) {
  const user = requireUser(ctx);
  const [row] = await ctx.db
    .select({ order: orders, storefront: storefronts })
    .from(orders)
    .innerJoin(storefronts, eq(storefronts.id, orders.storefrontId))
    .where(and(eq(orders.id, orderId), eq(orders.deleted, false)))
    .limit(1);
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  const isSeller = await canManageStorefront(ctx.db, user.id, row.storefront, ctx.deps.clock.now());
  const isCustomer = row.order.customerId === user.id;
  if (!isSeller && !isCustomer) throw notFound(ORDER_MESSAGES.notFound);
  return { ...row, isSeller, isCustomer };
}

/** The order, for the storefront's managers only (status, tracking, delivery). */
export async function loadOrderForSeller(ctx: ServiceCtx, orderId: string) {
  const loaded = await loadOrderForParty(ctx, orderId);
  if (!loaded.isSeller) throw forbidden(ORDER_MESSAGES.sellersOnly);
  return loaded;
}

export async function itemsOf(ctx: ServiceCtx, order: Pick<OrderRow, 'id'>) {
  return ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position), asc(orderItems.id));
}
