import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { orders, REVENUE_ORDER_STATUSES, storefrontOrderStats } from '../../../db/schema';
import { type ServiceCtx, requireUser } from '../../../service-context';
import { offsetPage } from '../../../lib/pages';
import { requireManagedStorefront } from '../../storefronts/access';
import { itemsOf, loadOrderForParty } from '../access';
import { ORDER_PAGE_SIZE, type myOrdersInput, type orderIdInput, type storefrontOrderStatsInput, type storefrontOrdersInput } from '../inputs';
import { toOrder, toOrderSummary } from '../views';

/** One order, for its customer or the storefront's managers (anyone else: 'Order not found'). */
export async function getOrder({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof orderIdInput> }) {
  const { order, storefront, isSeller, isCustomer } = await loadOrderForParty(ctx, input.orderId);
  return { ...toOrder(order, await itemsOf(ctx, order)), storefrontName: storefront.name, isSeller, isCustomer };
}

async function orderPage(ctx: ServiceCtx, where: SQL | undefined, cursor: number | null | undefined) {
  const offset = cursor ?? 0;
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(where, eq(orders.deleted, false)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_PAGE_SIZE + 1)
    .offset(offset);
  return offsetPage(rows, offset, ORDER_PAGE_SIZE, toOrderSummary);
}

/** The signed-in customer's orders, newest first, 20 a page, optionally of one status. */
export async function myOrders({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof myOrdersInput> }) {
  const user = requireUser(ctx);
  return orderPage(ctx, and(eq(orders.customerId, user.id), input.status ? eq(orders.status, input.status) : undefined), input.cursor);
}

/** A storefront's orders for its managers, newest first, 20 a page, optionally of one status. */
export async function storefrontOrders({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof storefrontOrdersInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  return orderPage(ctx, and(eq(orders.storefrontId, storefront.id), input.status ? eq(orders.status, input.status) : undefined), input.cursor);
}

/** Counts per status and revenue (confirmed, processing, shipped, delivered) over all orders. */
export async function storefrontOrderCounts({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof storefrontOrderStatsInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  const rows = await ctx.db.select().from(storefrontOrderStats).where(eq(storefrontOrderStats.storefrontId, storefront.id));
  const counts = Object.fromEntries(rows.map((r) => [r.status, Number(r.orderCount)]));
  const revenue = rows.filter((r) => (REVENUE_ORDER_STATUSES as readonly string[]).includes(r.status)).reduce((sum, r) => sum + Number(r.totalSum), 0);
  return { counts, total: rows.reduce((sum, r) => sum + Number(r.orderCount), 0), revenue };
}
