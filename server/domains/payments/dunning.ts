import { eq } from 'drizzle-orm';
import { type subscriptions, users } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { formatCents } from '../../lib/money';
import { queueMail } from '../../providers/mail/outbox';
import { createNotification } from '../notifications/create';
import { escapeHtml } from '../notifications/email';

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
