import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../lib/context';
import { providerFields, recordSubscriptionPayment, subscriptionStartKey } from './subscriptions';

/** Subscription starts one pass settles at most. */
const RECONCILE_BATCH = 50;

const stillStarting = (id: string) => and(eq(subscriptions.id, id), eq(subscriptions.status, 'incomplete'), isNull(subscriptions.stripeSubscriptionId));

/**
 * Subscription starts stuck mid-way: the claimed row ('incomplete', no provider id) of a subscribe
 * request that died before it recorded the provider's answer. After `olderThanMs` the provider is
 * asked for the subscription made under the claim's idempotency key: found, the row takes its
 * fields (and the first payment goes into the payer's history, once); not found, nothing was
 * started or charged and the claim is removed, as a refused start removes it. The provider is
 * asked outside any transaction; each claim is then settled under its row lock (SKIP LOCKED).
 * The card the request was saving is on the provider's customer; the payer sees it in their
 * methods once they add it again (our copy was not written).
 */
export async function reconcileSubscriptionStarts(ctx: ServiceCtx, olderThanMs: number): Promise<number> {
  const cutoff = new Date(ctx.deps.clock.now().getTime() - olderThanMs);
  const stuck = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'incomplete'), isNull(subscriptions.stripeSubscriptionId), lte(subscriptions.createdAt, cutoff)))
    .orderBy(asc(subscriptions.createdAt))
    .limit(RECONCILE_BATCH);
  let settled = 0;
  for (const claim of stuck) {
    const started = await ctx.deps.payments.findSubscription(subscriptionStartKey(claim.id));
    const done = await withTransaction(ctx, async (tx) => {
      const [row] = await tx.db.select().from(subscriptions).where(stillStarting(claim.id)).for('update', { skipLocked: true });
      if (!row) return false;
      if (!started) {
        await tx.db.delete(subscriptions).where(stillStarting(row.id));
        return true;
      }
      await tx.db.update(subscriptions).set(providerFields(started)).where(stillStarting(row.id));
      if (started.payment) await recordSubscriptionPayment(tx, row, started.payment, row.createdAt);
      return true;
    });
    if (done) settled++;
  }
  return settled;
}
