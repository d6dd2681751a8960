import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentHistory, shops, shopUsers, subscriptions } from '../../../db/schema';
import { type AuthedCtx, type ServiceCtx, withTransaction } from '../../../service-context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../lib/errors';
import type { NextAction, ProviderSubscription } from '../../../providers/payments/types';
import { activeMembershipAt, canManageShop, requireManagedShop } from '../../studios/access';
import type { cancelSubscriptionInput, changePlanInput, subscribeInput } from '../inputs';
import { providerCall } from '../../../provider-calls';
import { isPlanId, PLANS, trialDaysFor } from '../rules';
import { attachCard, saveCard } from './methods';

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The provider call's idempotency key: the claimed row's id, so a retry never starts a second subscription. */
export const subscriptionStartKey = (claimId: string) => `subscription:${claimId}`;

/** A plan's free trial: the plan's own (spec 2 §9) unless SUBSCRIPTION_TRIAL_DAYS sets every plan's. */
const planTrialDays = (ctx: ServiceCtx, planId: string) => ctx.deps.config.subscriptionTrialDays ?? trialDaysFor(planId);

/** The plans on sale, with their trial (spec 2 §9). */
export function listPlans(ctx: ServiceCtx) {
  return Object.values(PLANS).map((plan) => ({ ...plan, price: plan.priceCents, trialDays: planTrialDays(ctx, plan.planId) }));
}

/** Our copy of the provider's subscription fields. */
export const providerFields = (sub: ProviderSubscription) => ({
  stripeSubscriptionId: sub.subscriptionId,
  status: sub.status as SubscriptionRow['status'],
  trialEnd: sub.trialEnd,
  currentPeriodStart: sub.currentPeriodStart,
  currentPeriodEnd: sub.currentPeriodEnd,
  cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  canceledAt: sub.canceledAt,
  ...(sub.dunning && { failedPaymentAttempts: sub.dunning.failedAttempts, nextPaymentAttemptAt: sub.dunning.nextAttemptAt }),
});

/** Records a charge in the payer's history once (the provider's charge id is unique there). */
export async function recordPayment(
  ctx: ServiceCtx,
  entry: {
    userId: string;
    chargeId: string;
    amountCents: number;
    currency: string;
    description: string;
    receiptUrl: string | null;
    date: Date;
  },
) {
  await ctx.db
    .insert(paymentHistory)
    .values({
      userId: entry.userId,
      stripeChargeId: entry.chargeId,
      amount: entry.amountCents,
      currency: entry.currency,
      description: entry.description,
      date: entry.date,
      status: 'succeeded',
      receiptUrl: entry.receiptUrl,
    })
    .onConflictDoNothing({ target: paymentHistory.stripeChargeId });
}

/** A subscription's period payment in the subscriber's history (once, as recordPayment is). */
export async function recordSubscriptionPayment(
  ctx: ServiceCtx,
  row: SubscriptionRow,
  payment: NonNullable<ProviderSubscription['payment']>,
  date: Date,
) {
  await recordPayment(ctx, {
    userId: row.userId,
    chargeId: payment.chargeId,
    amountCents: payment.amountCents,
    currency: row.currency,
    description: `${isPlanId(row.planId) ? PLANS[row.planId].planName : row.planName} subscription`,
    receiptUrl: payment.receiptUrl,
    date,
  });
}

/**
 * Subscribes the user (or a studio they manage) to a plan with the plan's trial, saving the card.
 * A row is claimed first: the one-live-subscription unique index turns a double click into one
 * subscription, and its id keys the provider call, so a retry never creates a second one with the
 * provider. A refused subscription leaves nothing behind (the claim is removed). A first payment
 * that needs 3-D Secure answers `nextAction`: the row stays incomplete (unlisted, yet still the one
 * live subscription) until completeSubscription, or the reconcile job, settles it (decision 040).
 */
export async function subscribe({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof subscribeInput> }) {
  const plan = PLANS[input.priceId];
  if (input.studioId) await requireManagedShop(ctx, input.studioId);
  const attached = await attachCard(ctx, input.paymentMethodId);
  const now = ctx.deps.clock.now();
  let claim: SubscriptionRow;
  try {
    [claim] = await ctx.db
      .insert(subscriptions)
      .values({
        userId: ctx.user.id,
        studioId: input.studioId ?? null,
        planId: plan.planId,
        planName: plan.planName,
        price: plan.priceCents,
        status: 'incomplete',
        createdAt: now,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(input.studioId ? 'This studio already has a subscription' : 'You already have a subscription');
    throw error;
  }
  let created: ProviderSubscription;
  try {
    created = await providerCall(ctx, 'Failed to create subscription', () =>
      ctx.deps.payments.createSubscription({
        customerId: attached.customerId,
        plan,
        paymentMethodId: attached.card.paymentMethodId,
        trialDays: planTrialDays(ctx, plan.planId),
        idempotencyKey: subscriptionStartKey(claim.id),
        metadata: { userId: ctx.user.id, subscriptionId: claim.id, ...(input.studioId && { studioId: input.studioId }) },
      }),
    );
  } catch (error) {
    await ctx.db.delete(subscriptions).where(eq(subscriptions.id, claim.id));
    throw error;
  }
  return withTransaction(ctx, async (tx) => {
    await saveCard(tx, ctx.user.id, attached, false);
    const [row] = await tx.db.update(subscriptions).set(providerFields(created)).where(eq(subscriptions.id, claim.id)).returning();
    if (created.action) return { ...row, nextAction: created.action };
    if (created.payment) {
      await recordPayment(tx, {
        userId: ctx.user.id,
        chargeId: created.payment.chargeId,
        amountCents: created.payment.amountCents,
        currency: plan.currency,
        description: `${plan.planName} subscription`,
        receiptUrl: created.payment.receiptUrl,
        date: now,
      });
    }
    return { ...row, nextAction: null as NextAction | null };
  });
}

/**
 * The user's own subscriptions and those of studios they manage; anyone else gets NOT_FOUND. A start
 * still `incomplete` is theirs only to complete (completeSubscription), as it is not listed either.
 */
export async function requireOwnSubscription(ctx: AuthedCtx, subscriptionId: string, withStarts = false) {
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.deleted, false),
        withStarts ? undefined : ne(subscriptions.status, 'incomplete'),
      ),
    );
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  const mine =
    row.userId === ctx.user.id || (row.studioId !== null && (await canManageShop(ctx.db, ctx.user.id, row.studioId, ctx.deps.clock.now())));
  if (!mine) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return row;
}

async function requireSubscription(ctx: AuthedCtx, subscriptionId: string) {
  const row = await requireOwnSubscription(ctx, subscriptionId);
  if (!row.stripeSubscriptionId) throw new AppError('PRECONDITION_FAILED', 'Stripe subscription ID not found');
  return { ...row, stripeSubscriptionId: row.stripeSubscriptionId };
}

/** At period end the plan runs until currentPeriodEnd; otherwise it ends and is removed at once (spec 2 §4). */
export async function cancelSubscription({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof cancelSubscriptionInput> }) {
  const row = await requireSubscription(ctx, input.subscriptionId);
  const canceled = await providerCall(ctx, 'Failed to cancel subscription', () =>
    ctx.deps.payments.cancelSubscription({
      subscriptionId: row.stripeSubscriptionId,
      atPeriodEnd: input.cancelAtPeriodEnd,
      idempotencyKey: `subscription:${row.id}:cancel:${input.cancelAtPeriodEnd ? 'period-end' : 'now'}`,
    }),
  );
  const removal = input.cancelAtPeriodEnd ? {} : { deleted: true, deletedAt: ctx.deps.clock.now() };
  const [updated] = await ctx.db
    .update(subscriptions)
    .set({ ...providerFields(canceled), ...removal })
    .where(eq(subscriptions.id, row.id))
    .returning();
  if (!updated) throw notFound('Updated subscription not found');
  return updated;
}

/** Moves to the other plan; the new price applies from the next period. */
export async function changePlan({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof changePlanInput> }) {
  const row = await requireSubscription(ctx, input.subscriptionId);
  if (row.planId === input.priceId) return row;
  const plan = PLANS[input.priceId];
  const changed = await providerCall(ctx, 'Failed to update subscription', () =>
    ctx.deps.payments.changeSubscriptionPlan({
      subscriptionId: row.stripeSubscriptionId,
      plan,
      idempotencyKey: `subscription:${row.id}:plan:${plan.planId}:${row.updatedAt.getTime()}`,
    }),
  );
  const [updated] = await ctx.db
    .update(subscriptions)
    .set({ ...providerFields(changed), planId: plan.planId, planName: plan.planName, price: plan.priceCents })
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.deleted, false)))
    .returning();
  if (!updated) throw notFound('Updated subscription not found');
  return updated;
}

/** Mine and my studios' (studios I own or manage), newest first. */
export async function listSubscriptions({ ctx }: { ctx: AuthedCtx }) {
  const managed = sql`${subscriptions.studioId} in (
    select ${shops.id} from ${shops} where ${shops.ownerId} = ${ctx.user.id}
    union select ${shopUsers.shopId} from ${shopUsers} where ${shopUsers.userId} = ${ctx.user.id}
      and ${activeMembershipAt(ctx.deps.clock.now())} and (${shopUsers.permissions} ->> 'manage')::boolean = true)`;
  return ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.deleted, false),
        sql`${subscriptions.status} <> 'incomplete'`,
        or(eq(subscriptions.userId, ctx.user.id), managed),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(50);
}
