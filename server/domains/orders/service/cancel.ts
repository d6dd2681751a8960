import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CANCELLABLE_ORDER_STATUSES, orders } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import { AppError, conflict } from '../../../lib/errors';
import { itemsOf, loadOrderForParty } from '../access';
import { type cancelOrderInput, ORDER_MESSAGES } from '../inputs';
import { notifyCustomerOfStatus, notifySellersOfCancellation } from '../notify';
import { type OrderRow, toOrder } from '../views';
import { refundKey } from './payment';
import { lockStockOf, restockItems } from './stock';

/**
 * Spec 1 §4 cancel, by the customer or a seller: only from pending or confirmed (the SQL guard
 * decides a race with shipping); stock of tracked products comes back; the reason becomes the
 * seller note; a card payment is refunded in full (refundAmount = total, the reason kept). The
 * refund is asked of the provider after the cancellation commits, with a key of the order, so a
 * refund that did not go through is finished by cancelling again, and never paid twice.
 */
export async function cancelOrder({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof cancelOrderInput> }) {
  const { order, storefront, isSeller } = await loadOrderForParty(ctx, input.orderId);
  if (order.status === 'cancelled' && order.paymentIntentId && !order.refundedAt) return finishRefund(ctx, order);
  const now = ctx.deps.clock.now();
  const items = await itemsOf(ctx, order);
  const cancelled = await withTransaction(ctx, async (tx) => {
    // Products first, then the order (lockStockOf): the lock order of checkout.
    await lockStockOf(tx, items);
    const [row] = await tx.db
      .update(orders)
      .set({
        status: 'cancelled',
        sellerNotes: input.reason,
        refundAmount: sql`case when ${orders.paidAt} is not null then ${orders.total} end`,
        refundReason: sql`case when ${orders.paidAt} is not null then ${input.reason}::text end`,
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), inArray(orders.status, [...CANCELLABLE_ORDER_STATUSES])))
      .returning();
    if (!row) throw conflict(ORDER_MESSAGES.cannotCancel);
    await restockItems(tx, items);
    // The other side hears of it: the customer when a seller cancels, the sellers otherwise.
    if (isSeller && row.customerId !== ctx.user?.id) await notifyCustomerOfStatus(tx, row);
    else await notifySellersOfCancellation(tx, row, storefront);
    return row;
  });
  if (cancelled.paymentIntentId && cancelled.paidAt) return finishRefund(ctx, cancelled);
  return toOrder(cancelled, items);
}

async function finishRefund(ctx: ServiceCtx, order: OrderRow) {
  if (!order.paymentIntentId) throw new AppError('PRECONDITION_FAILED', ORDER_MESSAGES.cannotCancel);
  try {
    await ctx.deps.payments.refund({
      paymentIntentId: order.paymentIntentId,
      amountCents: order.total,
      reason: order.refundReason ?? order.sellerNotes ?? undefined,
      idempotencyKey: refundKey(order),
    });
  } catch (error) {
    ctx.deps.logger.error({ err: error, orderId: order.id }, 'order refund did not complete; cancelling again retries it');
    throw new AppError('UNAVAILABLE', 'The order is cancelled but the refund has not gone through yet. Please try again.', { cause: error });
  }
  const [refunded] = await ctx.db
    .update(orders)
    .set({ refundedAt: ctx.deps.clock.now(), updatedAt: ctx.deps.clock.now() })
    .where(and(eq(orders.id, order.id), isNull(orders.refundedAt)))
    .returning();
  const current = refunded ?? (await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0];
  return toOrder(current, await itemsOf(ctx, current));
}
