import { and, eq, lt, notInArray } from 'drizzle-orm';
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
// event id was recorded, so a replayed event changes nothing; the SQL guards below also make two
// events about one attempt (or a late one) change the row, and e-mail, once.

const bySubscription = (providerId: string) => eq(subscriptions.stripeSubscriptionId, providerId);

/** invoice.payment_failed: past_due with the attempt count and next retry, and the subscriber is told (once per attempt). */
export async function recordFailedRenewal(
  tx: ServiceCtx,
  failed: { subscriptionId: string; attemptCount: number; nextAttemptAt: Date | null; reason: string },
) {
  const [row] = await tx.db
    .update(subscriptions)
    .set({ status: 'past_due', failedPaymentAttempts: failed.attemptCount, nextPaymentAttemptAt: failed.nextAttemptAt })
    .where(
      and(
        bySubscription(failed.subscriptionId),
        lt(subscriptions.failedPaymentAttempts, failed.attemptCount),
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

/** invoice.paid: a past_due subscription is active again (its period comes with customer.subscription.updated). */
export async function recordPaidRenewal(tx: ServiceCtx, subscriptionId: string) {
  await tx.db
    .update(subscriptions)
    .set({ status: 'active', failedPaymentAttempts: 0, nextPaymentAttemptAt: null })
    .where(and(bySubscription(subscriptionId), eq(subscriptions.status, 'past_due')));
}

/**
 * customer.subscription.created/updated/deleted: our copy takes the provider's fields. Out of
 * dunning (any status but past_due) no retry is planned; a subscription Stripe canceled because
 * its renewal was never paid is reported to the subscriber, once (only the change to canceled does).
 */
export async function applySubscriptionSnapshot(tx: ServiceCtx, sub: ProviderSubscription) {
  const [before] = await tx.db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(bySubscription(sub.subscriptionId))
    .for('update');
  if (!before) return;
  // A trial start waiting for its card's authentication is trialing on Stripe from the first
  // event; our row starts it once completeSubscription or the reconcile job read the card authenticated.
  if (before.status === 'incomplete' && sub.cardSetupPending) return;
  const [row] = await tx.db
    .update(subscriptions)
    .set({
      ...providerFields(sub),
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
