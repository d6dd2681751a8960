import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { subscriptions } from '../../../db/schema';
import { type AuthedCtx, type ServiceCtx, withTransaction } from '../../../service-context';
import { conflict, invalid } from '../../../lib/errors';
import { STILL_AWAITING_ACTION } from '../../../charge-actions';
import type { NextAction, ProviderSubscription } from '../../../providers/payments/types';
import { providerCall } from '../../../provider-calls';
import type { completeSubscriptionInput } from '../inputs';
import { providerFields, recordSubscriptionPayment, requireOwnSubscription, subscriptionStartKey } from './subscriptions';

// Decision 040: a subscription start whose first payment needs 3-D Secure. Our row stays
// `incomplete` (unlisted, yet the one live subscription of its holder: a second subscribe gets
// CONFLICT) with the provider's id, while the payer's browser shows the bank's challenge. Then the
// browser (completeSubscription), a webhook (customer.subscription.updated, applySubscriptionSnapshot)
// or the reconcile job (settleWaitingStart) settles it: active with its first payment recorded,
// or ended with the provider and the claim removed, so the holder can subscribe again.

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Said when a start ended without its first payment and the provider gave no reason (an abandoned challenge). */
export const SUBSCRIPTION_START_ENDED = 'The subscription was not started: its first payment was not completed, so nothing was charged.';

/** A start waiting for its first payment: the row, with the provider's id. */
export const waitingStart = (id: string) => and(eq(subscriptions.id, id), eq(subscriptions.status, 'incomplete'));

const ENDED: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

export type StartOutcome =
  | { kind: 'active'; row: SubscriptionRow }
  | { kind: 'failed'; reason: string }
  | { kind: 'waiting'; action: NextAction | null };

/**
 * Settles a start on the provider's answer (null: the provider has no such subscription). A start
 * still waiting for the payer stays as it is unless `endIfWaiting` (the reconcile job, after
 * ACTION_TIMEOUT_MS); a failed or abandoned one is ended with the provider first (so a late
 * approval cannot charge it), which may find it paid after all. Activation and removal are each
 * one guarded statement on `status = 'incomplete'`: ten completions at once activate, and record
 * the first payment, once.
 */
export async function settleStart(
  ctx: ServiceCtx,
  row: SubscriptionRow,
  start: ProviderSubscription | null,
  endIfWaiting: boolean,
): Promise<StartOutcome> {
  if (start?.status === 'incomplete' && start.firstPaymentFailure === undefined && !(start.action && endIfWaiting)) {
    return { kind: 'waiting', action: start.action ?? null };
  }
  const key = subscriptionStartKey(row.id);
  const final =
    start?.status === 'incomplete' && row.stripeSubscriptionId
      ? await ctx.deps.payments.endSubscriptionStart({ subscriptionId: row.stripeSubscriptionId, idempotencyKey: key })
      : start;
  if (final && !ENDED.has(final.status) && final.status !== 'incomplete') return { kind: 'active', row: await activate(ctx, row, final) };
  await ctx.db.delete(subscriptions).where(waitingStart(row.id));
  return { kind: 'failed', reason: start?.firstPaymentFailure ?? SUBSCRIPTION_START_ENDED };
}

async function activate(ctx: ServiceCtx, row: SubscriptionRow, started: ProviderSubscription): Promise<SubscriptionRow> {
  return withTransaction(ctx, async (tx) => {
    const [activated] = await tx.db.update(subscriptions).set(providerFields(started)).where(waitingStart(row.id)).returning();
    if (!activated) return (await tx.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0] ?? row;
    if (started.payment) await recordSubscriptionPayment(tx, activated, started.payment, ctx.deps.clock.now());
    return activated;
  });
}

/**
 * The payer's browser after the bank's challenge: the start is read again from the provider and
 * settled. Active: the subscription as subscribe answers it. Failed: the provider's reason
 * (nothing charged; the holder may subscribe again). Still waiting: CONFLICT. Only the holder (or
 * a manager of its studio) may complete it; anyone else gets NOT_FOUND.
 */
export async function completeSubscription({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof completeSubscriptionInput> }) {
  const row = await requireOwnSubscription(ctx, input.subscriptionId, true);
  // Settled already (a webhook, the reconcile job, a double click): answered as it stands.
  if (row.status !== 'incomplete') return { ...row, nextAction: null };
  const providerId = row.stripeSubscriptionId;
  if (!providerId) throw conflict(STILL_AWAITING_ACTION);
  const outcome = await providerCall(ctx, 'Failed to create subscription', async () =>
    settleStart(
      ctx,
      row,
      await ctx.deps.payments.getSubscriptionStart({ subscriptionId: providerId, idempotencyKey: subscriptionStartKey(row.id) }),
      false,
    ),
  );
  if (outcome.kind === 'waiting') throw conflict(STILL_AWAITING_ACTION);
  if (outcome.kind === 'failed') throw invalid(outcome.reason);
  return { ...outcome.row, nextAction: null };
}
