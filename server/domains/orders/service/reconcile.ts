import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { orders } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import type { ChargeResult } from '../../../providers/payments/types';
import { stuckChargeOutcome } from '../../../charge-actions';
import { loadStorefront } from '../../storefronts/access';
import { chargeKey, confirmPaidOrder, releaseUnpaidOrder } from './payment';

/** Orders one pass settles at most (the next pass, a minute later, takes the rest). */
const RECONCILE_BATCH = 100;

const stillUnpaid = (orderId: string) => and(eq(orders.id, orderId), eq(orders.status, 'pending'), isNull(orders.paidAt));

/**
 * Settles one card order on its payment's outcome, once however many processes try at the same
 * moment. Paid: confirmed and the sellers told (confirmPaidOrder's SQL guard makes it once; an
 * order released meanwhile, because the charge looked missing, has the late charge refunded).
 * Not paid: cancelled with the failure noted and its stock back (releaseUnpaidOrder's guard).
 * Returns 'settled' when this call made the change, 'already' when the order was no longer
 * pending or another process is settling it right now (its row is locked: SKIP LOCKED).
 */
export async function settleOrderPayment(ctx: ServiceCtx, orderId: string, outcome: ChargeResult): Promise<'settled' | 'already'> {
  const settled = await withTransaction(ctx, async (tx) => {
    const [order] = await tx.db.select().from(orders).where(stillUnpaid(orderId)).for('update', { skipLocked: true });
    if (!order) return false;
    if (!outcome.ok) return releaseUnpaidOrder(tx, order.id, outcome.reason);
    await confirmPaidOrder(tx, order, await loadStorefront(tx.db, order.storefrontId), outcome.paymentIntentId);
    return true;
  });
  if (settled || !outcome.ok) return settled ? 'settled' : 'already';
  // A charge reported for an order no longer pending: confirmed by this very charge (nothing to do),
  // or released meanwhile (confirmPaidOrder refunds it). It waits for a settler holding the row.
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (order && order.paymentMethod === 'stripe' && order.paymentIntentId !== outcome.paymentIntentId) {
    await confirmPaidOrder(ctx, order, await loadStorefront(ctx.db, order.storefrontId), outcome.paymentIntentId);
  }
  return 'already';
}

/** What one settling of a stuck payment did: changed it, found it settled by another, or the provider is still deciding. */
export type Settling = 'settled' | 'already' | 'undecided';

type StuckOrder = { id: string; createdAt: Date };

/**
 * Card orders left pending longer than `olderThanMs`: their checkout request died, or its answer
 * was lost. Oldest first, a batch at a time (the next pass takes the rest).
 */
export function findStuckCardOrders(ctx: ServiceCtx, olderThanMs: number): Promise<StuckOrder[]> {
  const cutoff = new Date(ctx.deps.clock.now().getTime() - olderThanMs);
  return ctx.db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), eq(orders.paymentMethod, 'stripe'), isNull(orders.paidAt), lte(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(RECONCILE_BATCH);
}

/**
 * Settles a stuck card order against the payment provider's record of its charge, found by the
 * charge's idempotency key. The provider is asked outside any transaction (a slow provider holds
 * no lock; on the embedded database a transaction must not wait on another statement); the order
 * is then settled in its own transaction (settleOrderPayment).
 */
export async function reconcileCardOrder(ctx: ServiceCtx, order: StuckOrder): Promise<Settling> {
  // A charge the buyer never authenticated is cancelled after its timeout (decision 040): the stock goes back.
  const outcome = await stuckChargeOutcome(ctx, chargeKey(order), order.createdAt);
  if (!outcome) return 'undecided';
  return settleOrderPayment(ctx, order.id, outcome);
}
