import { and, eq, inArray, lte } from 'drizzle-orm';
import { localSubscriptions } from '../../db/schema';
import { DAY } from '../../lib/time';
import { chargeLocally, localReceiptUrl } from './local-charges';
import { localCard, noSuchPaymentMethod } from './local-cards';
import { type LocalBooks, localId } from './local-books';
import { awaitsAction, type CreateSubscriptionInput, type PlanPrice, PaymentProviderError, type ProviderSubscription } from './types';

/** A subscription's first payment cannot wait for 3-D Secure yet (decision 040). */
export const SUBSCRIPTION_NEEDS_OTHER_CARD =
  'This card asks for 3-D Secure, which subscriptions do not support yet. Please use another card.';

type SubscriptionRow = typeof localSubscriptions.$inferSelect;

/** One calendar month later, clamped to the month's last day (Jan 31 → Feb 28), as Stripe bills. */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next;
}

function snapshot(row: SubscriptionRow, payment: ProviderSubscription['payment'] = null): ProviderSubscription {
  return {
    subscriptionId: row.id,
    status: row.status,
    planId: row.planId,
    priceCents: row.price,
    trialEnd: row.trialEnd,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    payment,
  };
}

/**
 * Local mode (spec 2 §4): trialing for the trial days when there are any, otherwise active with
 * the first month charged at once; a declined first payment creates nothing.
 */
export async function createLocalSubscription(books: LocalBooks, input: CreateSubscriptionInput): Promise<ProviderSubscription> {
  // The first invoice's charge and the subscription commit together: a process killed between the
  // two leaves neither, as Stripe's own books would (findLocalSubscription then finds nothing).
  return books.db.transaction((tx) => createInBooks({ ...books, db: tx as unknown as LocalBooks['db'] }, input));
}

async function createInBooks(books: LocalBooks, input: CreateSubscriptionInput): Promise<ProviderSubscription> {
  const [existing] = await books.db.select().from(localSubscriptions).where(eq(localSubscriptions.idempotencyKey, input.idempotencyKey));
  if (existing) return snapshot(existing);
  if (!localCard(input.paymentMethodId)) throw new PaymentProviderError(noSuchPaymentMethod(input.paymentMethodId));
  const now = books.clock.now();
  let payment: ProviderSubscription['payment'] = null;
  if (input.trialDays <= 0) {
    const charged = await chargeLocally(books, {
      amountCents: input.plan.priceCents,
      currency: input.plan.currency,
      paymentMethodId: input.paymentMethodId,
      customerId: input.customerId,
      description: `${input.plan.planName} subscription`,
      idempotencyKey: `${input.idempotencyKey}:first-invoice`,
      metadata: input.metadata,
    });
    // Subscription starts do not run the 3-D Secure challenge yet (decision 040): such a card is refused, as with Stripe.
    if (awaitsAction(charged)) throw new PaymentProviderError(SUBSCRIPTION_NEEDS_OTHER_CARD, charged.declineCode);
    if (!charged.ok) throw new PaymentProviderError(charged.reason, charged.declineCode);
    payment = { chargeId: charged.chargeId ?? charged.paymentIntentId, amountCents: input.plan.priceCents, receiptUrl: charged.receiptUrl };
  }
  const trialEnd = input.trialDays > 0 ? new Date(now.getTime() + input.trialDays * DAY) : null;
  const [row] = await books.db
    .insert(localSubscriptions)
    .values({
      id: localId('sub'),
      idempotencyKey: input.idempotencyKey,
      customerId: input.customerId,
      planId: input.plan.planId,
      price: input.plan.priceCents,
      currency: input.plan.currency,
      defaultPaymentMethodId: input.paymentMethodId,
      status: trialEnd ? 'trialing' : 'active',
      trialEnd,
      currentPeriodStart: now,
      currentPeriodEnd: trialEnd ?? addMonth(now),
      latestChargeId: payment?.chargeId ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: localSubscriptions.idempotencyKey })
    .returning();
  if (row) return snapshot(row, payment);
  // A concurrent retry with the same key won the insert; its row is the subscription.
  const [first] = await books.db.select().from(localSubscriptions).where(eq(localSubscriptions.idempotencyKey, input.idempotencyKey));
  return snapshot(first, payment);
}

/** The subscription created under this idempotency key, with its first payment when it had one. */
export async function findLocalSubscription(books: LocalBooks, idempotencyKey: string): Promise<ProviderSubscription | null> {
  const [row] = await books.db.select().from(localSubscriptions).where(eq(localSubscriptions.idempotencyKey, idempotencyKey));
  if (!row) return null;
  const payment = row.latestChargeId ? { chargeId: row.latestChargeId, amountCents: row.price, receiptUrl: localReceiptUrl(books, row.latestChargeId) } : null;
  return snapshot(row, payment);
}

async function updateSubscription(books: LocalBooks, subscriptionId: string, changes: Partial<typeof localSubscriptions.$inferInsert>) {
  const [row] = await books.db.update(localSubscriptions).set(changes).where(eq(localSubscriptions.id, subscriptionId)).returning();
  if (!row) throw new PaymentProviderError(`No such subscription: '${subscriptionId}'`);
  return snapshot(row);
}

/** The new plan's price applies from the next period (no proration), the same on Stripe. */
export const changeLocalSubscriptionPlan = (books: LocalBooks, subscriptionId: string, plan: PlanPrice) =>
  updateSubscription(books, subscriptionId, { planId: plan.planId, price: plan.priceCents, currency: plan.currency });

export const cancelLocalSubscription = (books: LocalBooks, subscriptionId: string, atPeriodEnd: boolean) =>
  updateSubscription(books, subscriptionId, atPeriodEnd ? { cancelAtPeriodEnd: true } : { status: 'canceled', canceledAt: books.clock.now() });

/** How many due subscriptions one renewal pass handles. */
const RENEWAL_BATCH = 50;

/**
 * What Stripe's billing does at a period's end, for the local provider: a subscription set to
 * cancel at period end is canceled; any other is charged for the next month on its card (trialing
 * → active; a decline → past_due, which stays until the subscriber cancels: no automatic retries). The charge is keyed by subscription
 * and period, and the row advances only from the period it was read at, so two nodes renewing at
 * once charge once and advance once. Returns the subscriptions that changed.
 */
export async function renewDueLocalSubscriptions(books: LocalBooks): Promise<ProviderSubscription[]> {
  const now = books.clock.now();
  const due = await books.db
    .select()
    .from(localSubscriptions)
    .where(and(lte(localSubscriptions.currentPeriodEnd, now), inArray(localSubscriptions.status, ['trialing', 'active'])))
    .orderBy(localSubscriptions.currentPeriodEnd)
    .limit(RENEWAL_BATCH);
  const changed: ProviderSubscription[] = [];
  for (const sub of due) {
    const samePeriod = and(eq(localSubscriptions.id, sub.id), eq(localSubscriptions.currentPeriodEnd, sub.currentPeriodEnd), eq(localSubscriptions.status, sub.status));
    if (sub.cancelAtPeriodEnd) {
      const [row] = await books.db.update(localSubscriptions).set({ status: 'canceled', canceledAt: sub.currentPeriodEnd }).where(samePeriod).returning();
      if (row) changed.push(snapshot(row));
      continue;
    }
    const charged = await chargeLocally(books, {
      amountCents: sub.price,
      currency: sub.currency,
      paymentMethodId: sub.defaultPaymentMethodId,
      customerId: sub.customerId,
      description: `Subscription renewal (${sub.planId})`,
      idempotencyKey: `${sub.idempotencyKey}:period:${sub.currentPeriodEnd.toISOString()}`,
    });
    const next = charged.ok
      ? { status: 'active', currentPeriodStart: sub.currentPeriodEnd, currentPeriodEnd: addMonth(sub.currentPeriodEnd), latestChargeId: charged.chargeId }
      : { status: 'past_due' };
    const [row] = await books.db.update(localSubscriptions).set(next).where(samePeriod).returning();
    if (row) changed.push(snapshot(row, charged.ok ? { chargeId: charged.chargeId ?? charged.paymentIntentId, amountCents: sub.price, receiptUrl: charged.receiptUrl } : null));
  }
  return changed;
}
