import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { TxCtx } from '../../service-context';
import { isLocalProvider } from '../../providers/payments/local';
import type { RenewalChange } from '../../providers/payments/local-subscriptions';
import { queueDunningNotice } from './dunning';
import { providerFields, recordSubscriptionPayment } from './service/subscriptions';

/**
 * Background job, local mode only (Stripe bills by itself and reports by webhook): lets the local
 * provider renew, retry (dunning, decision 041) or end subscriptions that are due, and mirrors each
 * change in our subscriptions table on the provider's transaction: the renewal's charge in the
 * subscriber's payment history, a failed charge as an e-mail and notification. Returns how many changed.
 */
export async function renewLocalSubscriptions(deps: AppDeps): Promise<number> {
  const payments = deps.payments;
  if (!isLocalProvider(payments)) return 0;
  return payments.renewDueSubscriptions((db, change) => mirrorRenewal({ db, user: null, deps, inTransaction: true }, change));
}

async function mirrorRenewal(tx: TxCtx, { subscription: sub, failure }: RenewalChange) {
  const [row] = await tx.db
    .update(subscriptions)
    .set(providerFields(sub))
    .where(eq(subscriptions.stripeSubscriptionId, sub.subscriptionId))
    .returning();
  if (!row) return;
  if (sub.payment) await recordSubscriptionPayment(tx, row, sub.payment, tx.deps.clock.now());
  if (failure) {
    await queueDunningNotice(tx, row, {
      attempt: failure.attempt,
      reason: failure.reason,
      nextAttemptAt: row.nextPaymentAttemptAt,
      canceled: row.status === 'canceled',
    });
  }
}
