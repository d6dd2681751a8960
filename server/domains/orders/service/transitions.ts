import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type OrderStatus, orders } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import { conflict } from '../../../lib/errors';
import { itemsOf, loadOrderForSeller } from '../access';
import { ORDER_MESSAGES, type orderIdInput, type setTrackingInput, type updateOrderStatusInput } from '../inputs';
import { notifyCustomerOfStatus } from '../notify';
import { PAID_MOVES, sourcesOf } from '../rules';
import { type OrderRow, toOrder } from '../views';

type Changes = Partial<typeof orders.$inferInsert>;

/**
 * Moves an order to `to` if its status allows it at the moment of the UPDATE (the WHERE is the
 * transition table), so two sellers, or a seller and a cancelling customer, cannot both win.
 */
async function moveOrder(ctx: ServiceCtx, order: OrderRow, to: OrderStatus, changes: Changes, guard?: SQL) {
  // A pending card order is confirmed by its payment, and shipped only once paid (rules.awaitingCardPayment).
  const paid = PAID_MOVES.includes(to)
    ? sql`(${orders.status} <> 'pending' or ${orders.paymentMethod} = 'cash' or ${orders.paidAt} is not null)`
    : undefined;
  const row = await withTransaction(ctx, async (tx) => {
    const [moved] = await tx.db
      .update(orders)
      .set({ ...changes, status: to, updatedAt: ctx.deps.clock.now() })
      .where(and(eq(orders.id, order.id), inArray(orders.status, sourcesOf(to)), paid, guard))
      .returning();
    if (moved) await notifyCustomerOfStatus(tx, moved);
    return moved;
  });
  if (!row) {
    const [current] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    throw conflict(ORDER_MESSAGES.cannotMove(current?.status ?? order.status, to));
  }
  return toOrder(row, await itemsOf(ctx, row));
}

/**
 * A seller's status update, with optional seller notes (spec 1 §4). The same status again only
 * saves the notes. An unpaid card order is confirmed by its payment, not by hand.
 */
export async function updateOrderStatus({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateOrderStatusInput> }) {
  const { order } = await loadOrderForSeller(ctx, input.orderId);
  const notes = input.sellerNotes === undefined ? {} : { sellerNotes: input.sellerNotes };
  if (input.status === order.status) {
    const [row] = await ctx.db.update(orders).set({ ...notes, updatedAt: ctx.deps.clock.now() }).where(eq(orders.id, order.id)).returning();
    return toOrder(row, await itemsOf(ctx, row));
  }
  const now = ctx.deps.clock.now();
  if (input.status === 'delivered') return moveOrder(ctx, order, 'delivered', { ...notes, actualDelivery: now });
  return moveOrder(ctx, order, input.status, notes);
}

/**
 * Spec 1 §4: the first tracking number ships the order; a later one replaces the number of a
 * shipped or delivered order without moving it.
 */
export async function setTracking({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof setTrackingInput> }) {
  const { order } = await loadOrderForSeller(ctx, input.orderId);
  const tracking = { trackingNumber: input.trackingNumber, ...(input.estimatedDelivery ? { estimatedDelivery: input.estimatedDelivery } : {}) };
  if (order.trackingNumber === null) {
    try {
      return await moveOrder(ctx, order, 'shipped', tracking, isNull(orders.trackingNumber));
    } catch (error) {
      // Someone shipped it meanwhile: fall through to replacing the number.
      const [current] = await ctx.db.select({ trackingNumber: orders.trackingNumber }).from(orders).where(eq(orders.id, order.id));
      if (!current?.trackingNumber) throw error;
    }
  }
  const [row] = await ctx.db
    .update(orders)
    .set({ ...tracking, updatedAt: ctx.deps.clock.now() })
    .where(and(eq(orders.id, order.id), isNotNull(orders.trackingNumber), inArray(orders.status, ['shipped', 'delivered'])))
    .returning();
  if (!row) throw conflict(ORDER_MESSAGES.cannotMove(order.status, 'shipped'));
  return toOrder(row, await itemsOf(ctx, row));
}

/** Spec 1 §4: delivered sets actualDelivery, then status delivered. */
export async function markDelivered({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof orderIdInput> }) {
  const { order } = await loadOrderForSeller(ctx, input.orderId);
  return moveOrder(ctx, order, 'delivered', { actualDelivery: ctx.deps.clock.now() });
}
