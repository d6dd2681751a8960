import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { withTransaction } from '../../service-context';
import { isLocalProvider } from '../../providers/payments/local';
import { providerFields, recordSubscriptionPayment } from './service/subscriptions';

/**
 * Background job, local mode only (Stripe bills by itself and reports by webhook): lets the local
 * provider renew or end subscriptions whose period is over, and mirrors each change in our
 * subscriptions table, with the renewal's charge in the subscriber's payment history.
 */
export async function renewLocalSubscriptions(deps: AppDeps): Promise<number> {
  const payments = deps.payments;
  if (!isLocalProvider(payments)) return 0;
  const changed = await payments.renewDueSubscriptions();
  for (const sub of changed) {
    await withTransaction({ db: deps.db, user: null, deps }, async (tx) => {
      const [row] = await tx.db.update(subscriptions).set(providerFields(sub)).where(eq(subscriptions.stripeSubscriptionId, sub.subscriptionId)).returning();
      if (!row || !sub.payment) return;
      await recordSubscriptionPayment(tx, row, sub.payment, deps.clock.now());
    });
  }
  return changed.length;
}
