import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { orders } from '../../../db/schema';
import { type ServiceCtx, requireUser } from '../../../service-context';
import { AppError, notFound } from '../../../lib/errors';
import { loadStorefront } from '../../storefronts/access';
import { readActedCharge } from '../../../charge-actions';
import { itemsOf } from '../access';
import { type completeOrderPaymentInput, ORDER_MESSAGES } from '../inputs';
import { toOrder } from '../views';
import { chargeKey, confirmPaidOrder, releaseUnpaidOrder } from './payment';

/**
 * The buyer's browser after the bank's 3-D Secure challenge (decision 040): the pending order
 * settled on its charge's outcome. Approved: confirmed (confirmPaidOrder's SQL guard: once, however
 * many answers, webhooks or reconcile passes). Failed: released (cancelled, stock back, nothing
 * charged) and the buyer reads 'Payment processing failed', as for a decline at checkout. An order
 * settled before the browser asked answers as it stands.
 */
export async function completeOrderPayment({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof completeOrderPaymentInput> }) {
  const user = requireUser(ctx);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order || order.customerId !== user.id || order.paymentMethod !== 'stripe') throw notFound(ORDER_MESSAGES.notFound);
  if (order.paymentFailure !== null) throw new AppError('PRECONDITION_FAILED', ORDER_MESSAGES.paymentFailed);
  let current = order;
  if (order.status === 'pending' && !order.paidAt) {
    const outcome = await readActedCharge(ctx, input.paymentIntentId, chargeKey(order));
    if (outcome && !outcome.ok) {
      await releaseUnpaidOrder(ctx, order.id, outcome.reason);
      throw new AppError('PRECONDITION_FAILED', ORDER_MESSAGES.paymentFailed);
    }
    // The buyer is reading this answer: no notification tells them again.
    if (outcome)
      current = await confirmPaidOrder(ctx, order, await loadStorefront(ctx.db, order.storefrontId), outcome.paymentIntentId, {
        tellCustomer: false,
      });
  }
  return toOrder(current, await itemsOf(ctx, current));
}
