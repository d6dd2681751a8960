import type { AppDeps } from '../deps';
import { findStuckCardOrders, reconcileCardOrder, type Settling } from '../domains/orders/service/reconcile';
import { findStuckPaymentAttempts, reconcilePaymentAttempt } from '../domains/payments/requests/reconcile';
import {
  findStuckSubscriptionStarts,
  findWaitingSubscriptionStarts,
  reconcileSubscriptionStart,
  settleWaitingStart,
} from '../domains/payments/service/reconcile-subscriptions';
import type { ServiceCtx } from '../service-context';

export type SettlingCounts = { settled: number; undecided: number; failed: number };

/**
 * Settles each stuck row on its own: a row that cannot be settled (the provider unreachable, a
 * storefront gone) is logged and tried again next pass, and never holds up the rows after it.
 */
async function settleEach<Row extends { id: string }>(
  ctx: ServiceCtx,
  kind: string,
  rows: Row[],
  settle: (ctx: ServiceCtx, row: Row) => Promise<Settling>,
) {
  const counts: SettlingCounts = { settled: 0, undecided: 0, failed: 0 };
  for (const row of rows) {
    try {
      const settling = await settle(ctx, row);
      if (settling !== 'already') counts[settling]++;
    } catch (error) {
      counts.failed++;
      ctx.deps.logger.error({ err: error, kind, id: row.id }, 'settling a stuck payment failed; the next pass tries again');
    }
  }
  return counts;
}

/**
 * Card payments whose request died before it recorded the provider's answer (a crash, a killed
 * process, a lost connection) are settled against the provider's record: card orders, payment
 * request attempts and subscription starts undecided for longer than the configured threshold.
 * Runs at start and every minute on every node; each row is settled once (SQL guards under
 * SKIP LOCKED row locks). Returns what it did.
 */
export async function reconcilePayments(deps: AppDeps) {
  const ctx: ServiceCtx = { db: deps.db, user: null, deps };
  const after = deps.config.paymentReconcileAfterMs;
  const orders = await settleEach(ctx, 'order', await findStuckCardOrders(ctx, after), reconcileCardOrder);
  const paymentAttempts = await settleEach(ctx, 'payment attempt', await findStuckPaymentAttempts(ctx, after), reconcilePaymentAttempt);
  const subscriptionStarts = await settleEach(
    ctx,
    'subscription start',
    await findStuckSubscriptionStarts(ctx, after),
    reconcileSubscriptionStart,
  );
  // Decision 040: starts whose first payment waited for a 3-D Secure challenge nobody came back from.
  const waitingStarts = await settleEach(
    ctx,
    'waiting subscription start',
    await findWaitingSubscriptionStarts(ctx, after),
    settleWaitingStart,
  );
  if (orders.settled + paymentAttempts.settled + subscriptionStarts.settled + waitingStarts.settled > 0) {
    deps.logger.info({ orders, paymentAttempts, subscriptionStarts, waitingStarts }, 'settled stuck card payments against the provider');
  }
  return { orders, paymentAttempts, subscriptionStarts, waitingStarts };
}
