import { and, eq, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { formatCents } from '../../lib/money';
import { queueMail } from '../../providers/mail/outbox';
import type { ProviderSubscription } from '../../providers/payments/types';
import { createNotification } from '../notifications/create';
import { escapeHtml } from '../notifications/email';
import { providerFields } from './service/subscriptions';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Where a subscriber updates the card a failed renewal was charged on (the billing page's payment methods). */
export const CARD_UPDATE_PATH = '/account/billing';

/** A renewal's failed charge: which attempt it was, why, and what happens next. */
export type FailedRenewal = { attempt: number; reason: string; nextAttemptAt: Date | null; canceled: boolean };

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function dunningMessage(row: SubscriptionRow, failure: FailedRenewal) {
  const plan = `${row.planName} (${formatCents(row.price)}/month)`;
  if (failure.canceled) {
    return {
      subject: `Your ${row.planName} subscription was canceled`,
      body: `We could not charge your card for ${plan} after ${failure.attempt} attempts, so the subscription has ended and its features are no longer available. You can subscribe again with another card.`,
    };
  }
  const next = failure.nextAttemptAt
    ? `We will try again on ${day.format(failure.nextAttemptAt)}.`
    : 'This was the last attempt: the subscription will be canceled.';
  return {
    subject: `Payment failed for your ${row.planName} subscription`,
    body: `We could not charge your card for ${plan} (attempt ${failure.attempt}): ${failure.reason} ${next} Update your card to keep your plan.`,
  };
}

/**
 * Tells the subscriber that a renewal charge failed: an e-mail (a billing e-mail, so not subject to
 * notification preferences) with the link to update the card, and an in-app notification, both
 * queued in the caller's transaction so they commit with the status change they report, once.
 */
export async function queueDunningNotice(tx: ServiceCtx, row: SubscriptionRow, failure: FailedRenewal) {
  const [user] = await tx.db
    .select({ email: users.email, firstName: users.firstName, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!user) return;
  const { subject, body } = dunningMessage(row, failure);
  const url = `${tx.deps.config.appOrigin}${CARD_UPDATE_PATH}`;
  const name = user.firstName.trim() || user.displayName;
  await queueMail(tx, {
    to: user.email,
    subject,
    text: `Hi ${name},\n\n${body}\n\nUpdate your card: ${url}\n`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">Update your card</a></p>`,
  });
  await createNotification(tx, {
    userId: row.userId,
    type: 'general_alert',
    title: subject,
    body,
    channels: ['in_app'],
    data: { subscriptionId: row.id, url: CARD_UPDATE_PATH },
  });
}

// Stripe mode: Stripe bills and retries on its schedule (set to RENEWAL_RETRY_DAYS in its
// dashboard) and reports by webhook. Each handler runs in the webhook's transaction, after its
// event id was recorded, so a replayed event changes nothing. Stripe does not deliver in order, so
// the SQL guards below also drop stale news (decision 041): invoices are ordered by their creation
// time (a subscription's later period is billed by a later invoice) and a paid invoice never fails
// again; subscription snapshots are ordered by their event's time.

const bySubscription = (providerId: string) => eq(subscriptions.stripeSubscriptionId, providerId);

/**
 * A failure of the invoice is news when the invoice is newer than the latest we heard of, or is
 * that one, still unpaid, at a later attempt. (No invoice heard of yet: rows from before decision
 * 041's ordering, and a subscription's first renewal.) A failure older than a subscription event
 * that already put the row back in good standing (its invoice.paid not here yet) is stale too.
 */
const failureIsNews = (failed: { invoiceCreatedAt: Date; attemptCount: number; eventAt: Date }) =>
  and(
    or(
      isNull(subscriptions.latestInvoiceAt),
      lt(subscriptions.latestInvoiceAt, failed.invoiceCreatedAt),
      and(
        eq(subscriptions.latestInvoiceAt, failed.invoiceCreatedAt),
        eq(subscriptions.latestInvoicePaid, false),
        lt(subscriptions.failedPaymentAttempts, failed.attemptCount),
      ),
    ),
    or(isNull(subscriptions.providerEventAt), lte(subscriptions.providerEventAt, failed.eventAt), eq(subscriptions.status, 'past_due')),
  );

/** invoice.payment_failed: past_due with the attempt count and next retry, and the subscriber is told (once per attempt). */
export async function recordFailedRenewal(
  tx: ServiceCtx,
  failed: { subscriptionId: string; invoiceCreatedAt: Date; attemptCount: number; nextAttemptAt: Date | null; reason: string; eventAt: Date },
) {
  const [row] = await tx.db
    .update(subscriptions)
    .set({
      status: 'past_due',
      failedPaymentAttempts: failed.attemptCount,
      nextPaymentAttemptAt: failed.nextAttemptAt,
      latestInvoiceAt: failed.invoiceCreatedAt,
      latestInvoicePaid: false,
    })
    .where(
      and(
        bySubscription(failed.subscriptionId),
        failureIsNews(failed),
        notInArray(subscriptions.status, ['canceled', 'incomplete_expired']),
      ),
    )
    .returning();
  if (row)
    await queueDunningNotice(tx, row, {
      attempt: failed.attemptCount,
      reason: failed.reason,
      nextAttemptAt: failed.nextAttemptAt,
      canceled: false,
    });
}

/**
 * invoice.paid: the invoice, and every older one, is settled; a past_due subscription is active
 * again (its period comes with customer.subscription.updated). A paid invoice older than the one
 * that is failing now changes nothing.
 */
export async function recordPaidRenewal(tx: ServiceCtx, paid: { subscriptionId: string; invoiceCreatedAt: Date }) {
  await tx.db
    .update(subscriptions)
    .set({
      status: sql`case when ${subscriptions.status} = 'past_due' then 'active' else ${subscriptions.status} end`,
      failedPaymentAttempts: 0,
      nextPaymentAttemptAt: null,
      latestInvoiceAt: paid.invoiceCreatedAt,
      latestInvoicePaid: true,
    })
    .where(
      and(
        bySubscription(paid.subscriptionId),
        or(isNull(subscriptions.latestInvoiceAt), lte(subscriptions.latestInvoiceAt, paid.invoiceCreatedAt)),
      ),
    );
}

/**
 * customer.subscription.created/updated/deleted: our copy takes the provider's fields, unless a
 * newer subscription event was applied already (`eventAt`; same second: applied, Stripe's times
 * are whole seconds). Out of dunning (any status but past_due) no retry is planned; a subscription
 * Stripe canceled because its renewal was never paid is reported to the subscriber, once (only the
 * change to canceled does).
 */
export async function applySubscriptionSnapshot(tx: ServiceCtx, sub: ProviderSubscription, eventAt: Date) {
  const [before] = await tx.db
    .select({ status: subscriptions.status, providerEventAt: subscriptions.providerEventAt })
    .from(subscriptions)
    .where(bySubscription(sub.subscriptionId))
    .for('update');
  if (!before || (before.providerEventAt && before.providerEventAt > eventAt)) return;
  // A trial start waiting for its card's authentication is trialing on Stripe from the first
  // event; our row starts it once completeSubscription or the reconcile job read the card authenticated.
  if (before.status === 'incomplete' && sub.cardSetupPending) return;
  const [row] = await tx.db
    .update(subscriptions)
    .set({
      ...providerFields(sub),
      providerEventAt: eventAt,
      ...(sub.status !== 'past_due' && { nextPaymentAttemptAt: null }),
      ...((sub.status === 'active' || sub.status === 'trialing') && { failedPaymentAttempts: 0 }),
    })
    .where(bySubscription(sub.subscriptionId))
    .returning();
  if (sub.endedForNonPayment && sub.status === 'canceled' && before.status !== 'canceled') {
    await queueDunningNotice(tx, row, {
      attempt: row.failedPaymentAttempts,
      reason: 'Your card was declined.',
      nextAttemptAt: null,
      canceled: true,
    });
  }
}
