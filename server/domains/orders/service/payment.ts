import { and, eq, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { placeholders, prepared } from '../../../db/prepared';
import { orderItems, orders } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import { AppError } from '../../../lib/errors';
import { awaitsAction, type ChargeResult, type NextAction, PaymentProviderError } from '../../../providers/payments/types';
import type { StorefrontRow } from '../../storefronts/access';
import { ORDER_MESSAGES } from '../inputs';
import { announceLive, queueConfirmationForCustomer, queueNewOrderForSellers } from '../notify';
import type { OrderRow } from '../views';
import { lockStockOf, restockItems } from './stock';

/**
 * The charge's idempotency key: the order id and its creation instant, so a resumed checkout of
 * the same order reuses it (one charge at most) while a fresh attempt after a decline, which is a
 * new order row, gets its own.
 */
export const chargeKey = (order: Pick<OrderRow, 'id' | 'createdAt'>) => `order:${order.id}:charge:${order.createdAt.getTime()}`;
export const refundKey = (order: Pick<OrderRow, 'id'>) => `order:${order.id}:refund`;

/**
 * Decision 038: a card order is a destination charge to the seller's payout account with the
 * platform's application fee, both fixed on the order when it was placed (so a resumed charge
 * repeats the same request). Orders placed before it carry neither and are charged as before.
 */
const connectOf = (order: Pick<OrderRow, 'payoutAccountId' | 'applicationFee'>) =>
  order.payoutAccountId && order.applicationFee !== null
    ? { connect: { destinationAccountId: order.payoutAccountId, applicationFeeCents: order.applicationFee } }
    : {};

/**
 * The refund of a card order: in full, under the order's key, and for a destination charge the
 * seller's transfer and the platform's fee come back pro rata with it (reverseTransfer).
 */
export const refundOrder = (ctx: ServiceCtx, order: OrderRow, paymentIntentId: string, reason: string | undefined) =>
  ctx.deps.payments.refund({
    paymentIntentId,
    amountCents: order.total,
    reason,
    idempotencyKey: refundKey(order),
    reverseTransfer: order.payoutAccountId !== null,
  });

/** A pending card order that is neither paid nor released (the guard of confirm and release). */
const stillUnpaid = (orderId: string | Placeholder) => and(eq(orders.id, orderId), eq(orders.status, 'pending'), isNull(orders.paidAt));

/** An order after its charge: `nextAction` when the card asks for 3-D Secure (the order stays pending, its stock held). */
export type OrderPayment = { order: OrderRow; nextAction: NextAction | null };

/**
 * Charges the card for a placed (pending) order. Approved: confirmed (confirmPaidOrder).
 * Declined: the order is released in this request (cancelled with the provider's reason, its
 * stock back on the shelf) and the buyer reads 'Payment processing failed'. A provider that
 * cannot be reached leaves the order pending with its stock held, so the same checkoutId (or the
 * reconciliation job) can finish it without a double charge. A card asking for 3-D Secure leaves
 * it pending too, with the action for the buyer's browser (completeOrderPayment; decision 040).
 */
export async function payForOrder(
  ctx: ServiceCtx,
  order: OrderRow,
  storefront: StorefrontRow,
  paymentMethodId: string,
): Promise<OrderPayment> {
  let result: ChargeResult;
  try {
    result = await ctx.deps.payments.charge({
      amountCents: order.total,
      currency: 'usd',
      paymentMethodId,
      description: `${storefront.name} order ${order.orderNumber}`,
      idempotencyKey: chargeKey(order),
      metadata: { orderId: order.id, orderNumber: order.orderNumber, storefrontId: order.storefrontId },
      ...connectOf(order),
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) {
      ctx.deps.logger.error({ err: error, orderId: order.id }, 'order charge did not complete; the order stays pending for a retry');
      throw new AppError('UNAVAILABLE', ORDER_MESSAGES.paymentFailed, { cause: error });
    }
    result = { ok: false, reason: error.message, declineCode: error.declineCode };
  }
  if (awaitsAction(result)) return { order, nextAction: result.action };
  if (!result.ok) {
    await releaseUnpaidOrder(ctx, order.id, result.reason);
    throw new AppError('PRECONDITION_FAILED', ORDER_MESSAGES.paymentFailed);
  }
  // The buyer is reading this request's answer: no notification tells them again.
  return { order: await confirmPaidOrder(ctx, order, storefront, result.paymentIntentId, { tellCustomer: false }), nextAction: null };
}

/**
 * An unpaid pending order whose charge failed: its stock given back and the row kept as the
 * record of the attempt (status cancelled, `failure` as its payment failure) but soft-deleted, so
 * for the buyer, the sellers, the lists and the aggregates the order was never created (spec:
 * 'Payment processing failed (the order is not created)'; decision 017). One transaction,
 * products locked first, then the order (the lock order of every commerce write). False when it
 * was no longer pending and unpaid (confirmed, cancelled or released meanwhile): nothing changed.
 */
export async function releaseUnpaidOrder(ctx: ServiceCtx, orderId: string, failure: string): Promise<boolean> {
  const items = await ctx.db
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const now = ctx.deps.clock.now();
  return withTransaction(ctx, async (tx) => {
    await lockStockOf(tx, items);
    const [released] = await tx.db
      .update(orders)
      .set({ status: 'cancelled', paymentFailure: failure, deleted: true, deletedAt: now, updatedAt: now })
      .where(stillUnpaid(orderId))
      .returning({ id: orders.id });
    if (released) await restockItems(tx, items);
    return Boolean(released);
  });
}

/**
 * A charged order: confirmed with its payment (guarded: only a pending unpaid order moves), and
 * its sellers ("New order") and customer ("Order confirmed") told, in one transaction, so each
 * hears of it exactly once however many callers (a resumed checkout, the reconciliation job, a
 * webhook) confirm it. `tellCustomer: false` when the customer is waiting for the caller's answer
 * (their own checkout request), which tells them. Already confirmed with this payment: the row as
 * it is. Cancelled while the card was charged: the money goes straight back.
 */
export async function confirmPaidOrder(
  ctx: ServiceCtx,
  order: OrderRow,
  storefront: StorefrontRow,
  paymentIntentId: string,
  { tellCustomer = true }: { tellCustomer?: boolean } = {},
): Promise<OrderRow> {
  const now = ctx.deps.clock.now();
  const confirmed = await withTransaction(ctx, async (tx) => {
    const [row] = await confirmOrder(tx.db).execute({ orderId: order.id, paymentIntentId, paidAt: now, updatedAt: now });
    if (!row) return null;
    const sellers = await queueNewOrderForSellers(tx, row, storefront);
    return { row, live: tellCustomer ? [...sellers, ...(await queueConfirmationForCustomer(tx, row))] : sellers };
  });
  if (confirmed) {
    await announceLive(ctx, confirmed.live);
    return confirmed.row;
  }
  const [current] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
  if (current?.paymentIntentId === paymentIntentId) return current; // confirmed already (a concurrent resume)
  // Cancelled while the card was being charged: the money goes straight back.
  await refundOrder(ctx, order, paymentIntentId, 'Cancelled during payment');
  const [refunded] = await ctx.db
    .update(orders)
    .set({
      paymentIntentId,
      paidAt: now,
      refundedAt: now,
      refundAmount: order.total,
      refundReason: current?.sellerNotes ?? 'Cancelled during payment',
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return refunded;
}

// Every card order runs it: prepared (decision 013).
const confirmOrder = (db: Db) =>
  prepared(db, 'confirm_order', (d) =>
    d
      .update(orders)
      .set({ status: 'confirmed', ...placeholders(orders, 'paymentIntentId', 'paidAt', 'updatedAt') })
      .where(stillUnpaid(sql.placeholder('orderId')))
      .returning()
      .prepare('confirm_order'),
  );
