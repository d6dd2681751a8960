import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

// The local payments provider's own books: what Stripe would hold on its side, simulated in our
// database so every payment flow works without a Stripe account. Only server/providers/payments/
// local*.ts reads or writes these tables; domains see them through the PaymentsProvider interface.
// Every mutating call is keyed by its idempotency key (unique), so a retry returns the first result.

export const localPaymentIntents = pgTable(
  'local_payment_intents',
  {
    /** pi_local_… */
    id: text().primaryKey(),
    idempotencyKey: text().notNull().unique('local_payment_intents_idempotency_key_key'),
    amount: integer().notNull(),
    currency: text().notNull(),
    paymentMethodId: text().notNull(),
    customerId: text(),
    description: text().notNull(),
    /** succeeded, failed (a decline: nothing was charged) or requires_action (waiting for the payer's 3-D Secure challenge). */
    status: text().$type<'succeeded' | 'failed' | 'requires_action'>().notNull(),
    /** ch_local_…, when it succeeded. */
    chargeId: text(),
    failureMessage: text(),
    declineCode: text(),
    /** Connected payment: the account credited and the platform's cut. */
    destinationAccountId: text(),
    applicationFee: integer().notNull().default(0),
    amountRefunded: integer().notNull().default(0),
    /** Set while a charge asks for authentication: the payer's browser proves it is theirs with it (Stripe's client_secret). */
    clientSecret: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('local_payment_intents_destination_idx').on(t.destinationAccountId),
    check('local_payment_intents_refund_bounds', sql`${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amount}`),
  ],
);

export const localRefunds = pgTable('local_refunds', {
  /** re_local_… */
  id: text().primaryKey(),
  idempotencyKey: text().notNull().unique('local_refunds_idempotency_key_key'),
  paymentIntentId: text()
    .notNull()
    .references(() => localPaymentIntents.id),
  amount: integer().notNull(),
  reason: text(),
  /** A connected charge's refund (decision 038): what came back from the account and of the platform's fee. */
  transferReversal: integer().notNull().default(0),
  applicationFeeRefund: integer().notNull().default(0),
  createdAt: createdAt(),
});

export const localSubscriptions = pgTable('local_subscriptions', {
  /** sub_local_… */
  id: text().primaryKey(),
  idempotencyKey: text().notNull().unique('local_subscriptions_idempotency_key_key'),
  customerId: text().notNull(),
  planId: text().notNull(),
  price: integer().notNull(),
  currency: text().notNull(),
  defaultPaymentMethodId: text().notNull(),
  status: text().notNull(),
  trialEnd: timestamptz(),
  currentPeriodStart: timestamptz().notNull(),
  currentPeriodEnd: timestamptz().notNull(),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  canceledAt: timestamptz(),
  /** The first period's payment (no trial): ch_local_…. */
  latestChargeId: text(),
  createdAt: createdAt(),
  // Dunning (decision 041): the failed attempts at the current period's invoice, when the first
  // failed, and when the next retry is due (Stripe's attempt_count and next_payment_attempt).
  failedAttempts: integer().notNull().default(0),
  firstFailedAt: timestamptz(),
  nextRetryAt: timestamptz(),
});

export const localConnectAccounts = pgTable('local_connect_accounts', {
  /** acct_local_… */
  id: text().primaryKey(),
  idempotencyKey: text().notNull().unique('local_connect_accounts_idempotency_key_key'),
  email: text().notNull(),
  /** Set by the in-app onboarding page (what Stripe's hosted onboarding does). */
  detailsSubmitted: boolean().notNull().default(false),
  createdAt: createdAt(),
});

export const localPayouts = pgTable(
  'local_payouts',
  {
    /** po_local_… */
    id: text().primaryKey(),
    idempotencyKey: text().notNull().unique('local_payouts_idempotency_key_key'),
    accountId: text()
      .notNull()
      .references(() => localConnectAccounts.id),
    amount: integer().notNull(),
    currency: text().notNull(),
    method: text().notNull(),
    status: text().notNull(),
    createdAt: createdAt(),
    arrivalDate: timestamptz().notNull(),
  },
  (t) => [index('local_payouts_account_created_idx').on(t.accountId, t.createdAt.desc()), check('local_payouts_amount_positive', sql`${t.amount} > 0`)],
);
