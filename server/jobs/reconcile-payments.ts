import type { AppDeps } from '../deps';
import { reconcileCardOrders } from '../domains/orders/service/reconcile';
import { reconcilePaymentAttempts } from '../domains/payments/requests/reconcile';
import { reconcileSubscriptionStarts } from '../domains/payments/service/reconcile-subscriptions';

/**
 * Card payments whose request died before it recorded the provider's answer (a crash, a killed
 * process, a lost connection) are settled against the provider's record: card orders, payment
 * request attempts and subscription starts undecided for longer than the configured threshold.
 * Runs at start and every minute on every node; each row is settled once (SQL guards under
 * SKIP LOCKED row locks). Returns what it settled.
 */
export async function reconcilePayments(deps: AppDeps) {
  const ctx = { db: deps.db, user: null, deps };
  const after = deps.config.paymentReconcileAfterMs;
  const orders = await reconcileCardOrders(ctx, after);
  const paymentAttempts = await reconcilePaymentAttempts(ctx, after);
  const subscriptionStarts = await reconcileSubscriptionStarts(ctx, after);
  if (orders.settled + paymentAttempts + subscriptionStarts > 0) {
    deps.logger.info({ orders, paymentAttempts, subscriptionStarts }, 'settled stuck card payments against the provider');
  }
  return { orders, paymentAttempts, subscriptionStarts };
}
