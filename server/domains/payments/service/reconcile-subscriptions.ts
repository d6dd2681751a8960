import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import { ACTION_TIMEOUT_MS } from '../../../charge-actions';
import type { Settling } from '../../orders/service/reconcile';
import { settleStart } from './subscription-starts';
import { providerFields, recordSubscriptionPayment, subscriptionStartKey } from './subscriptions';

/** Subscription starts one pass settles at most. */
const RECONCILE_BATCH = 50;

const stillStarting = (id: string) =>
  and(eq(subscriptions.id, id), eq(subscriptions.status, 'incomplete'), isNull(subscriptions.stripeSubscriptionId));

/** Subscription claims ('incomplete', no provider id) older than `olderThanMs`: their subscribe request died mid-way. */
export function findStuckSubscriptionStarts(ctx: ServiceCtx, olderThanMs: number): Promise<Array<{ id: string }>> {
  const cutoff = new Date(ctx.deps.clock.now().getTime() - olderThanMs);
  return ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'incomplete'), isNull(subscriptions.stripeSubscriptionId), lte(subscriptions.createdAt, cutoff)))
    .orderBy(asc(subscriptions.createdAt))
    .limit(RECONCILE_BATCH);
}

/**
 * Settles a stuck subscription start: the provider is asked for the subscription made under the
 * claim's idempotency key. Found, the row takes its fields (and the first payment goes into the
 * payer's history, once); not found, nothing was started or charged and the claim is removed, as
 * a refused start removes it. The provider is asked outside any transaction; the claim is then
 * settled under its row lock (SKIP LOCKED). The card the request was saving is on the provider's
 * customer; our copy was not written, so the payer adds it again to see it in their methods.
 */
export async function reconcileSubscriptionStart(ctx: ServiceCtx, claim: { id: string }): Promise<Settling> {
  const started = await ctx.deps.payments.findSubscription(subscriptionStartKey(claim.id));
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(subscriptions).where(stillStarting(claim.id)).for('update', { skipLocked: true });
    if (!row) return 'already';
    if (!started) {
      await tx.db.delete(subscriptions).where(stillStarting(row.id));
      return 'settled';
    }
    await tx.db.update(subscriptions).set(providerFields(started)).where(stillStarting(row.id));
    if (started.payment) await recordSubscriptionPayment(tx, row, started.payment, row.createdAt);
    return 'settled';
  });
}

/** Starts ('incomplete' with the provider's id) older than `olderThanMs`: their first payment waits for the payer's challenge, or its outcome was never read. */
export function findWaitingSubscriptionStarts(ctx: ServiceCtx, olderThanMs: number) {
  const cutoff = new Date(ctx.deps.clock.now().getTime() - olderThanMs);
  return ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'incomplete'), isNotNull(subscriptions.stripeSubscriptionId), lte(subscriptions.createdAt, cutoff)))
    .orderBy(asc(subscriptions.createdAt))
    .limit(RECONCILE_BATCH);
}

/**
 * Settles a start whose browser never came back (decision 040): paid meanwhile, it becomes active;
 * failed, it is ended and the claim removed. A challenge still unanswered ACTION_TIMEOUT_MS after
 * the start is abandoned: the provider ends it (a late approval can no longer charge) and the
 * claim is removed, so the holder can subscribe again.
 */
export async function settleWaitingStart(ctx: ServiceCtx, row: typeof subscriptions.$inferSelect): Promise<Settling> {
  if (!row.stripeSubscriptionId) return 'already';
  const start = await ctx.deps.payments.getSubscriptionStart({
    subscriptionId: row.stripeSubscriptionId,
    idempotencyKey: subscriptionStartKey(row.id),
  });
  const timedOut = ctx.deps.clock.now().getTime() - row.createdAt.getTime() >= ACTION_TIMEOUT_MS;
  const outcome = await settleStart(ctx, row, start, timedOut);
  return outcome.kind === 'waiting' ? 'undecided' : 'settled';
}
