import { and, eq, inArray, lte, or } from 'drizzle-orm';
import { localPaymentIntents, localSubscriptions } from '../../db/schema';
import { DAY } from '../../lib/time';
import { cancelLocalCharge, chargeLocally, findLocalCharge, localReceiptUrl } from './local-charges';
import { localCard, noSuchPaymentMethod } from './local-cards';
import { type LocalBooks, localId } from './local-books';
import { awaitsAction, type CreateSubscriptionInput, type PlanPrice, PaymentProviderError, type ProviderSubscription } from './types';

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
    dunning: { failedAttempts: row.failedAttempts, nextAttemptAt: row.nextRetryAt },
  };
}

/**
 * Local mode (spec 2 §4): trialing for the trial days when there are any, otherwise active with
 * the first month charged at once; a declined first payment creates nothing. With the 3-D Secure
 * test card it is incomplete until the payer answers the challenge: for the first payment, or,
 * with a trial, for the card's authentication (decision 040).
 */
export async function createLocalSubscription(books: LocalBooks, input: CreateSubscriptionInput): Promise<ProviderSubscription> {
  // The first invoice's charge and the subscription commit together: a process killed between the
  // two leaves neither, as Stripe's own books would (findLocalSubscription then finds nothing).
  return books.db.transaction((tx) => createInBooks({ ...books, db: tx as unknown as LocalBooks['db'] }, input));
}

async function createInBooks(books: LocalBooks, input: CreateSubscriptionInput): Promise<ProviderSubscription> {
  const [existing] = await books.db.select().from(localSubscriptions).where(eq(localSubscriptions.idempotencyKey, input.idempotencyKey));
  if (existing) return startSnapshot(books, existing);
  if (!localCard(input.paymentMethodId)) throw new PaymentProviderError(noSuchPaymentMethod(input.paymentMethodId));
  const now = books.clock.now();
  let payment: ProviderSubscription['payment'] = null;
  let action: ProviderSubscription['action'];
  if (input.trialDays > 0) action = await authenticateCard(books, input);
  else {
    const charged = await chargeLocally(books, {
      amountCents: input.plan.priceCents,
      currency: input.plan.currency,
      paymentMethodId: input.paymentMethodId,
      customerId: input.customerId,
      description: `${input.plan.planName} subscription`,
      idempotencyKey: firstInvoiceKey(input.idempotencyKey),
      metadata: input.metadata,
    });
    // A card asking for 3-D Secure leaves the subscription incomplete until the payer answers
    // (decision 040), with its first month as the period it will have once paid, as Stripe's has.
    if (awaitsAction(charged)) action = charged.action;
    else if (!charged.ok) throw new PaymentProviderError(charged.reason, charged.declineCode);
    else
      payment = {
        chargeId: charged.chargeId ?? charged.paymentIntentId,
        amountCents: input.plan.priceCents,
        receiptUrl: charged.receiptUrl,
      };
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
      status: action ? 'incomplete' : trialEnd ? 'trialing' : 'active',
      trialEnd,
      currentPeriodStart: now,
      currentPeriodEnd: trialEnd ?? addMonth(now),
      latestChargeId: payment?.chargeId ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: localSubscriptions.idempotencyKey })
    .returning();
  // Without a row, a concurrent retry with the same key won the insert; its row is the subscription.
  const [started] = row
    ? [row]
    : await books.db.select().from(localSubscriptions).where(eq(localSubscriptions.idempotencyKey, input.idempotencyKey));
  return action ? { ...snapshot(started), action } : snapshot(started, payment);
}

/** The first invoice's charge of the subscription started under this key. */
const firstInvoiceKey = (idempotencyKey: string) => `${idempotencyKey}:first-invoice`;

/** The card's authentication at the start of a trial (Stripe's pending_setup_intent), under this key. */
const cardSetupKey = (idempotencyKey: string) => `${idempotencyKey}:card-setup`;

/** The record that decides a start: its card's authentication with a trial, its first invoice's charge without. */
const startKey = (row: Pick<SubscriptionRow, 'idempotencyKey' | 'trialEnd'>) =>
  row.trialEnd ? cardSetupKey(row.idempotencyKey) : firstInvoiceKey(row.idempotencyKey);

/**
 * A trial charges nothing, yet a card that asks for 3-D Secure is authenticated now, for the
 * renewals it will pay off-session (Stripe's pending_setup_intent, decision 040): a zero-amount
 * record in the local charges, answered through the same challenge. Other cards need nothing.
 */
async function authenticateCard(books: LocalBooks, input: CreateSubscriptionInput): Promise<ProviderSubscription['action']> {
  if (!localCard(input.paymentMethodId)?.challenge) return undefined;
  const setup = await chargeLocally(books, {
    amountCents: 0,
    currency: input.plan.currency,
    paymentMethodId: input.paymentMethodId,
    customerId: input.customerId,
    description: `${input.plan.planName} subscription: card authentication`,
    idempotencyKey: cardSetupKey(input.idempotencyKey),
    metadata: input.metadata,
  });
  return awaitsAction(setup) ? setup.action : undefined;
}

/**
 * Whether the subscription's current card was authenticated for it (its trial's card setup or its
 * first invoice's challenge succeeded on that card): Stripe then exempts its off-session renewals
 * from 3-D Secure, so the local test card charges them without a challenge.
 */
async function cardAuthenticatedFor(books: LocalBooks, sub: SubscriptionRow): Promise<boolean> {
  const [authenticated] = await books.db
    .select({ id: localPaymentIntents.id })
    .from(localPaymentIntents)
    .where(
      and(
        inArray(localPaymentIntents.idempotencyKey, [cardSetupKey(sub.idempotencyKey), firstInvoiceKey(sub.idempotencyKey)]),
        eq(localPaymentIntents.paymentMethodId, sub.defaultPaymentMethodId),
        eq(localPaymentIntents.status, 'succeeded'),
      ),
    )
    .limit(1);
  return authenticated !== undefined;
}

/**
 * The subscription with its first payment when it has one; an incomplete start also with what its
 * first invoice's charge waits for (the challenge) or why it failed.
 */
async function startSnapshot(books: LocalBooks, row: SubscriptionRow): Promise<ProviderSubscription> {
  const payment = row.latestChargeId
    ? { chargeId: row.latestChargeId, amountCents: row.price, receiptUrl: localReceiptUrl(books, row.latestChargeId) }
    : null;
  if (row.status !== 'incomplete') return snapshot(row, payment);
  const record = await findLocalCharge(books, startKey(row));
  if (record.status === 'requires_action')
    return { ...snapshot(row), action: { paymentIntentId: record.paymentIntentId, clientSecret: record.clientSecret } };
  if (record.status === 'failed') return { ...snapshot(row), firstPaymentFailure: record.reason };
  return snapshot(row);
}

/** The subscription created under this idempotency key, with its first payment when it had one. */
export async function findLocalSubscription(books: LocalBooks, idempotencyKey: string): Promise<ProviderSubscription | null> {
  const [row] = await books.db.select().from(localSubscriptions).where(eq(localSubscriptions.idempotencyKey, idempotencyKey));
  return row ? startSnapshot(books, row) : null;
}

/**
 * An incomplete start whose first charge succeeded becomes active, once (the status guard: two
 * readers, or a reader and endLocalSubscriptionStart, activate it one time), as Stripe's does when
 * its first invoice is paid.
 */
async function activatePaidStart(books: LocalBooks, row: SubscriptionRow): Promise<SubscriptionRow> {
  if (row.status !== 'incomplete') return row;
  const record = await findLocalCharge(books, startKey(row));
  if (record.status !== 'succeeded') return row;
  // An authenticated card starts the trial; a paid first invoice, the first month.
  const [activated] = await books.db
    .update(localSubscriptions)
    .set(row.trialEnd ? { status: 'trialing' } : { status: 'active', latestChargeId: record.chargeId ?? record.paymentIntentId })
    .where(and(eq(localSubscriptions.id, row.id), eq(localSubscriptions.status, 'incomplete')))
    .returning();
  return activated ?? (await startRow(books, row.id, row.idempotencyKey)) ?? row;
}

async function startRow(books: LocalBooks, subscriptionId: string, idempotencyKey: string) {
  const [row] = await books.db
    .select()
    .from(localSubscriptions)
    .where(and(eq(localSubscriptions.id, subscriptionId), eq(localSubscriptions.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** The start read again after the payer answered the challenge; null when it is not ours. */
export async function getLocalSubscriptionStart(books: LocalBooks, input: { subscriptionId: string; idempotencyKey: string }) {
  const row = await startRow(books, input.subscriptionId, input.idempotencyKey);
  return row ? startSnapshot(books, await activatePaidStart(books, row)) : null;
}

/**
 * Ends a start whose first payment never completed: its charge is cancelled first (so the payer
 * can no longer approve it), then the subscription is canceled, unless the payer approved just
 * before, which activates it instead.
 */
export async function endLocalSubscriptionStart(books: LocalBooks, input: { subscriptionId: string; idempotencyKey: string }) {
  const row = await startRow(books, input.subscriptionId, input.idempotencyKey);
  if (!row) throw new PaymentProviderError(`No such subscription: '${input.subscriptionId}'`);
  if (row.status !== 'incomplete') return startSnapshot(books, row);
  const record = await findLocalCharge(books, startKey(row));
  if (record.status === 'requires_action')
    await cancelLocalCharge(books, { paymentIntentId: record.paymentIntentId, idempotencyKey: startKey(row) });
  const paid = await activatePaidStart(books, row);
  if (paid.status !== 'incomplete') return startSnapshot(books, paid);
  await books.db
    .update(localSubscriptions)
    .set({ status: 'canceled', canceledAt: books.clock.now() })
    .where(and(eq(localSubscriptions.id, row.id), eq(localSubscriptions.status, 'incomplete')));
  return startSnapshot(books, (await startRow(books, row.id, row.idempotencyKey)) ?? row);
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
  updateSubscription(
    books,
    subscriptionId,
    atPeriodEnd ? { cancelAtPeriodEnd: true } : { status: 'canceled', canceledAt: books.clock.now() },
  );

/** How many due subscriptions one renewal pass handles. */
const RENEWAL_BATCH = 50;

/**
 * Days after a renewal's first failed charge on which it is retried (decision 041); after the
 * last retry fails the subscription is canceled. Stripe's retry schedule is set to the same.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;

/** A subscription changed by billing, with the failed charge when the change is a failure. */
export type RenewalChange = { subscription: ProviderSubscription; failure: { reason: string; attempt: number } | null };

/** Records a change in the app's own tables, on the transaction that makes it in the local books. */
export type OnRenewal = (db: LocalBooks['db'], change: RenewalChange) => Promise<void>;

const LIVE = ['trialing', 'active'];

/** A period that is over and unpaid, or a past_due subscription whose next retry is due. */
const dueAt = (now: Date) =>
  or(
    and(lte(localSubscriptions.currentPeriodEnd, now), inArray(localSubscriptions.status, LIVE)),
    and(eq(localSubscriptions.status, 'past_due'), lte(localSubscriptions.nextRetryAt, now)),
  );

/** The charge of one attempt at one period: a second node, or a retried pass, gets the first outcome. */
const attemptKey = (sub: SubscriptionRow) =>
  `${sub.idempotencyKey}:period:${sub.currentPeriodEnd.toISOString()}${sub.failedAttempts > 0 ? `:retry:${sub.failedAttempts}` : ''}`;

/** What a failed attempt leaves: past_due until the next retry of the schedule, canceled after the last. */
function afterFailure(sub: SubscriptionRow, now: Date) {
  const failedAttempts = sub.failedAttempts + 1;
  const firstFailedAt = sub.firstFailedAt ?? now;
  const retryDays = RENEWAL_RETRY_DAYS[failedAttempts - 1];
  if (retryDays === undefined) return { status: 'canceled', canceledAt: now, failedAttempts, firstFailedAt, nextRetryAt: null };
  return { status: 'past_due', failedAttempts, firstFailedAt, nextRetryAt: new Date(firstFailedAt.getTime() + retryDays * DAY) };
}

/**
 * What Stripe's billing does at a period's end, for the local provider: a subscription set to
 * cancel at period end is canceled; any other is charged for the next month on its card (trialing
 * → active). A decline makes it past_due and retries it on RENEWAL_RETRY_DAYS after the first
 * failure; a retry that succeeds makes it active for the next period, and after the last failed
 * retry it is canceled. Each subscription is renewed in its own transaction under its row lock
 * (SKIP LOCKED: another node skips it), with the charge keyed by subscription, period and attempt,
 * so two nodes charge each attempt once; onChange records the change on that transaction.
 * Returns how many subscriptions changed.
 */
export async function renewDueLocalSubscriptions(books: LocalBooks, onChange: OnRenewal): Promise<number> {
  const now = books.clock.now();
  const due = await books.db
    .select({ id: localSubscriptions.id })
    .from(localSubscriptions)
    .where(dueAt(now))
    .orderBy(localSubscriptions.currentPeriodEnd)
    .limit(RENEWAL_BATCH);
  let changed = 0;
  for (const { id } of due) {
    const change = await books.db.transaction(async (tx) => {
      const txBooks = { ...books, db: tx as unknown as LocalBooks['db'] };
      const [sub] = await tx
        .select()
        .from(localSubscriptions)
        .where(and(eq(localSubscriptions.id, id), dueAt(now)))
        .for('update', { skipLocked: true });
      if (!sub) return null;
      const renewed = await renewOne(txBooks, sub, now);
      if (renewed) await onChange(txBooks.db, renewed);
      return renewed;
    });
    if (change) changed++;
  }
  return changed;
}

async function renewOne(books: LocalBooks, sub: SubscriptionRow, now: Date): Promise<RenewalChange> {
  const update = async (changes: Partial<typeof localSubscriptions.$inferInsert>) =>
    (await books.db.update(localSubscriptions).set(changes).where(eq(localSubscriptions.id, sub.id)).returning())[0];
  if (sub.cancelAtPeriodEnd)
    return {
      subscription: snapshot(await update({ status: 'canceled', canceledAt: sub.currentPeriodEnd, nextRetryAt: null })),
      failure: null,
    };
  const charged = await chargeLocally(
    books,
    {
      amountCents: sub.price,
      currency: sub.currency,
      paymentMethodId: sub.defaultPaymentMethodId,
      customerId: sub.customerId,
      description: `Subscription renewal (${sub.planId})`,
      idempotencyKey: attemptKey(sub),
    },
    { authenticated: await cardAuthenticatedFor(books, sub) },
  );
  if (!charged.ok)
    return {
      subscription: snapshot(await update(afterFailure(sub, now))),
      failure: { reason: charged.reason, attempt: sub.failedAttempts + 1 },
    };
  const row = await update({
    status: 'active',
    currentPeriodStart: sub.currentPeriodEnd,
    currentPeriodEnd: addMonth(sub.currentPeriodEnd),
    latestChargeId: charged.chargeId,
    failedAttempts: 0,
    firstFailedAt: null,
    nextRetryAt: null,
  });
  return {
    subscription: snapshot(row, {
      chargeId: charged.chargeId ?? charged.paymentIntentId,
      amountCents: sub.price,
      receiptUrl: charged.receiptUrl,
    }),
    failure: null,
  };
}

/**
 * A new default card of the customer becomes the card of their live subscriptions (the next
 * renewal or retry charges it), as the billing page's "update your card" promises.
 */
export async function useCardForLocalSubscriptions(books: LocalBooks, customerId: string, paymentMethodId: string) {
  await books.db
    .update(localSubscriptions)
    .set({ defaultPaymentMethodId: paymentMethodId })
    .where(and(eq(localSubscriptions.customerId, customerId), inArray(localSubscriptions.status, [...LIVE, 'past_due'])));
}
