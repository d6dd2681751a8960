import { and, eq, isNull } from 'drizzle-orm';
import { orderItems, orders } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { type ChargeResult, PaymentProviderError } from '../../../providers/payments/types';
import type { StorefrontRow } from '../../storefronts/access';
import { ORDER_MESSAGES } from '../inputs';
import { confirmOrderAndNotifySellers } from '../notify';
import type { OrderRow } from '../views';
import { restockItems } from './stock';

/**
 * The charge's idempotency key: the order id and its creation instant, so a resumed checkout of
 * the same order reuses it (one charge at most) while a fresh attempt after a decline, which is a
 * new order row, gets its own.
 */
export const chargeKey = (order: Pick<OrderRow, 'id' | 'createdAt'>) => `order:${order.id}:charge:${order.createdAt.getTime()}`;
export const refundKey = (order: Pick<OrderRow, 'id'>) => `order:${order.id}:refund`;

/**
 * Charges the card for a placed (pending) order. Approved: the payment is recorded, paidAt set,
 * status confirmed and the sellers notified. Declined: the order is removed and its stock given
 * back ('Payment processing failed', no order). A provider that cannot be reached leaves the
 * order pending with its stock held, so the same checkoutId can finish it without a double charge.
 */
export async function payForOrder(ctx: ServiceCtx, order: OrderRow, storefront: StorefrontRow, paymentMethodId: string): Promise<OrderRow> {
  let result: ChargeResult;
  try {
    result = await ctx.deps.payments.charge({
      amountCents: order.total,
      currency: 'usd',
      paymentMethodId,
      description: `${storefront.name} order ${order.orderNumber}`,
      idempotencyKey: chargeKey(order),
      metadata: { orderId: order.id, orderNumber: order.orderNumber, storefrontId: order.storefrontId },
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) {
      ctx.deps.logger.error({ err: error, orderId: order.id }, 'order charge did not complete; the order stays pending for a retry');
      throw new AppError('UNAVAILABLE', ORDER_MESSAGES.paymentFailed, { cause: error });
    }
    result = { ok: false, reason: error.message, declineCode: error.declineCode };
  }
  if (!result.ok) {
    await discardUnpaidOrder(ctx, order.id);
    throw new AppError('PRECONDITION_FAILED', ORDER_MESSAGES.paymentFailed);
  }
  return confirmPaidOrder(ctx, order, storefront, result.paymentIntentId);
}

/** Removes an unpaid pending order and returns its stock, in one transaction. */
async function discardUnpaidOrder(ctx: ServiceCtx, orderId: string) {
  await withTransaction(ctx, async (tx) => {
    const items = await tx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const [removed] = await tx.db
      .delete(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), isNull(orders.paidAt)))
      .returning({ id: orders.id });
    if (removed) await restockItems(tx, items);
  });
}

/**
 * Cancels a still pending, unpaid order whose charge failed or never happened, notes the payment
 * failure (the seller note, as a cancel's reason is) and returns its stock, in one transaction.
 * The order row is locked first and the products before the update that moves the order's stats,
 * the order checkout takes them in. False when the order was no longer pending and unpaid.
 */
export async function releaseUnpaidOrder(ctx: ServiceCtx, orderId: string, failure: string): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    const unpaid = and(eq(orders.id, orderId), eq(orders.status, 'pending'), isNull(orders.paidAt));
    const [order] = await tx.db.select({ id: orders.id }).from(orders).where(unpaid).for('update');
    if (!order) return false;
    await restockItems(tx, await tx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)));
    await tx.db.update(orders).set({ status: 'cancelled', sellerNotes: failure, updatedAt: ctx.deps.clock.now() }).where(unpaid);
    return true;
  });
}

export async function confirmPaidOrder(ctx: ServiceCtx, order: OrderRow, storefront: StorefrontRow, paymentIntentId: string): Promise<OrderRow> {
  const now = ctx.deps.clock.now();
  // One statement (its own transaction): the sellers hear of the order only if it was confirmed.
  if (await confirmOrderAndNotifySellers(ctx, order, storefront, paymentIntentId, now)) {
    return { ...order, status: 'confirmed', paymentIntentId, paidAt: now, updatedAt: now };
  }
  const [current] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
  if (current?.paymentIntentId === paymentIntentId) return current; // a concurrent resume confirmed it
  // Cancelled while the card was being charged: the money goes straight back.
  await ctx.deps.payments.refund({ paymentIntentId, amountCents: order.total, reason: 'Cancelled during payment', idempotencyKey: refundKey(order) });
  const [refunded] = await ctx.db
    .update(orders)
    .set({ paymentIntentId, paidAt: now, refundedAt: now, refundAmount: order.total, refundReason: current?.sellerNotes ?? 'Cancelled during payment', updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  return refunded;
}
