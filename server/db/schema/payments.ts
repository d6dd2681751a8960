import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, softDelete, timestamptz, updatedAt } from './columns';
import { messages, threads } from './messaging';
import { shops } from './studios';
import { users } from './users';

// ---------------------------------------------------------------------------------------------
// Subscriptions, saved payment methods, payment history
// ---------------------------------------------------------------------------------------------

/** Provider subscription statuses (spec 2 §4 names trialing and active; the rest are Stripe's). */
export const SUBSCRIPTION_STATUS_VALUES = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUS_VALUES)[number];

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studioId: uuid().references(() => shops.id, { onDelete: 'set null' }),
    stripeSubscriptionId: text(),
    planId: text().notNull(),
    planName: text().notNull(),
    /** cents per period */
    price: cents(),
    currency: text().notNull().default('usd'),
    status: text().$type<SubscriptionStatus>().notNull(),
    trialEnd: timestamptz(),
    currentPeriodStart: timestamptz(),
    currentPeriodEnd: timestamptz(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    canceledAt: timestamptz(),
    /** Dunning (decision 041): failed attempts at the current invoice, and the provider's next retry. */
    failedPaymentAttempts: integer().notNull().default(0),
    nextPaymentAttemptAt: timestamptz(),
    /**
     * Stripe's events come in any order (decision 041): the newest subscription event applied (an
     * older one is stale), and the newest invoice heard of, by its creation time, and whether it is
     * paid (a failure of it, or of an older invoice, is stale).
     */
    providerEventAt: timestamptz(),
    latestInvoiceAt: timestamptz(),
    latestInvoicePaid: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete,
  },
  (t) => [
    uniqueIndex('subscriptions_stripe_subscription_id_key').on(t.stripeSubscriptionId),
    index('subscriptions_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('subscriptions_studio_idx').on(t.studioId),
    /** One live personal subscription per user, one live subscription per studio (double "subscribe" clicks). */
    uniqueIndex('subscriptions_one_live_personal_key')
      .on(t.userId)
      .where(sql`${t.studioId} is null and ${t.deleted} = false and ${t.status} not in ('canceled', 'incomplete_expired')`),
    // The reconcile job's look for subscription starts that never recorded the provider's answer.
    index('subscriptions_starting_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'incomplete' and ${t.stripeSubscriptionId} is null`),
    uniqueIndex('subscriptions_one_live_studio_key')
      .on(t.studioId)
      .where(sql`${t.studioId} is not null and ${t.deleted} = false and ${t.status} not in ('canceled', 'incomplete_expired')`),
  ],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pm_… */
    stripePaymentMethodId: text().notNull(),
    last4: text(),
    expMonth: integer(),
    expYear: integer(),
    brand: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete,
  },
  (t) => [
    uniqueIndex('payment_methods_user_method_key')
      .on(t.userId, t.stripePaymentMethodId)
      .where(sql`${t.deleted} = false`),
    /** At most one default method per user. */
    uniqueIndex('payment_methods_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault} = true and ${t.deleted} = false`),
  ],
);

export const paymentHistory = pgTable(
  'payment_history',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeChargeId: text(),
    /** cents */
    amount: cents(),
    currency: text().notNull().default('usd'),
    description: text(),
    date: timestamptz().notNull().defaultNow(),
    status: text().notNull(),
    receiptUrl: text(),
  },
  (t) => [
    index('payment_history_user_date_idx').on(t.userId, t.date.desc().nullsFirst()),
    /** One row per provider charge: the synchronous result and its webhook both record it. */
    uniqueIndex('payment_history_charge_key').on(t.stripeChargeId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Payment requests between users, and their transactions
// ---------------------------------------------------------------------------------------------

export const PAYMENT_REQUEST_STATUS_VALUES = ['pending', 'recipient_setup', 'ready_to_pay', 'paid', 'declined', 'cancelled'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUS_VALUES)[number];
export const paymentRequestStatus = pgEnum('payment_request_status', PAYMENT_REQUEST_STATUS_VALUES);
/** Statuses from which a request may be processed (paid). */
export const PAYABLE_PAYMENT_REQUEST_STATUSES = ['pending', 'ready_to_pay'] as const satisfies readonly PaymentRequestStatus[];

export const RECIPIENT_SETUP_STATUS_VALUES = ['not_required', 'required', 'completed'] as const;
export type RecipientSetupStatus = (typeof RECIPIENT_SETUP_STATUS_VALUES)[number];

/**
 * The requester and payee of a payment request and an amount in cents, as the request, its
 * attempts (payment_transactions) and its refunds record them. A function: each table needs its own builders.
 */
const partiesAndAmount = () => ({
  requesterId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  payeeId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  amount: integer().notNull(),
  currency: text().notNull().default('usd'),
});

export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: id(),
    /** amount: cents */
    ...partiesAndAmount(),
    description: text().notNull(),
    status: paymentRequestStatus().notNull().default('pending'),
    dueDate: timestamptz(),
    /** cents: 2.9% + 30 */
    processingFee: cents(),
    /** cents: 1% */
    platformFee: cents(),
    /** cents: amount − platformFee */
    netAmount: cents(),
    stripePaymentIntentId: text(),
    messageId: uuid().references(() => messages.id, { onDelete: 'set null' }),
    threadId: uuid().references(() => threads.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamptz(),
    declinedAt: timestamptz(),
    declineReason: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    recipientSetupRequired: boolean().notNull().default(false),
    recipientSetupStatus: text().$type<RecipientSetupStatus>().notNull().default('not_required'),
    recipientSetupError: text(),
    /** cents the requester has refunded (settled refunds); see payment_request_refunds. */
    refundedAmount: cents(),
    /** cents claimed by refunds still being asked of the provider. */
    refundPendingAmount: cents(),
  },
  (t) => [
    index('payment_requests_thread_idx').on(t.threadId),
    index('payment_requests_payee_idx').on(t.payeeId, t.createdAt.desc().nullsFirst()),
    index('payment_requests_requester_idx').on(t.requesterId, t.createdAt.desc().nullsFirst()),
    index('payment_requests_status_idx').on(t.status),
    check('payment_requests_amount_positive', sql`${t.amount} > 0`),
    check('payment_requests_not_self', sql`${t.requesterId} <> ${t.payeeId}`),
    /** The SQL guard of refunds: settled and claimed refunds together never exceed what was paid. */
    check(
      'payment_requests_refund_bounds',
      sql`${t.refundedAmount} >= 0 and ${t.refundPendingAmount} >= 0 and ${t.refundedAmount} + ${t.refundPendingAmount} <= ${t.amount}`,
    ),
  ],
);

export const PAYMENT_TRANSACTION_STATUS_VALUES = [
  'pending',
  'processing',
  'requires_action',
  'succeeded',
  'failed',
  'refunded',
  'disputed',
] as const;
export type PaymentTransactionStatus = (typeof PAYMENT_TRANSACTION_STATUS_VALUES)[number];

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    paymentRequestId: uuid()
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'restrict' }),
    /** All amounts in cents. */
    ...partiesAndAmount(),
    processingFee: cents(),
    platformFee: cents(),
    netAmount: cents(),
    /** What the requester (the one who asked to be paid) receives, cents. */
    requesterReceives: cents(),
    stripePaymentIntentId: text(),
    stripeChargeId: text(),
    paymentMethodId: text(),
    status: text().$type<PaymentTransactionStatus>().notNull().default('pending'),
    receiptUrl: text(),
    createdAt: createdAt(),
    completedAt: timestamptz(),
    failureReason: text(),
    refundId: text(),
    disputeId: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    /** A request can be paid only once. */
    uniqueIndex('payment_transactions_one_success_key')
      .on(t.paymentRequestId)
      .where(sql`${t.status} = 'succeeded'`),
    /** At most one attempt in flight, and none once paid: concurrent "pay" calls claim this. */
    uniqueIndex('payment_transactions_one_open_key')
      .on(t.paymentRequestId)
      .where(sql`${t.status} in ('processing', 'succeeded')`),
    index('payment_transactions_request_idx').on(t.paymentRequestId),
    index('payment_transactions_requester_idx').on(t.requesterId, t.createdAt.desc().nullsFirst()),
    index('payment_transactions_payee_idx').on(t.payeeId, t.createdAt.desc().nullsFirst()),
    index('payment_transactions_intent_idx').on(t.stripePaymentIntentId),
    // The reconcile job's look for attempts still processing.
    index('payment_transactions_processing_idx').on(t.createdAt).where(sql`${t.status} = 'processing'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Refunds of paid payment requests (decision 039)
// ---------------------------------------------------------------------------------------------

export const PAYMENT_REQUEST_REFUND_STATUS_VALUES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentRequestRefundStatus = (typeof PAYMENT_REQUEST_REFUND_STATUS_VALUES)[number];

/**
 * One refund by the requester. The id is chosen by the client when the refund is asked for, so a
 * retried call finds this row instead of refunding again; the provider's idempotency key is made
 * from it. 'pending' holds a claim on the request's refundPendingAmount while the provider is asked.
 */
export const paymentRequestRefunds = pgTable(
  'payment_request_refunds',
  {
    id: uuid().primaryKey(),
    paymentRequestId: uuid()
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'restrict' }),
    paymentTransactionId: uuid()
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'restrict' }),
    /** amount: cents returned to the payer */
    ...partiesAndAmount(),
    /** cents of the platform fee given back with this refund (pro rata, decision 039) */
    platformFeeReturned: cents(),
    reason: text().notNull(),
    status: text().$type<PaymentRequestRefundStatus>().notNull().default('pending'),
    /** re_… */
    providerRefundId: text().unique('payment_request_refunds_provider_refund_id_key'),
    failureReason: text(),
    createdAt: createdAt(),
    completedAt: timestamptz(),
  },
  (t) => [
    index('payment_request_refunds_request_idx').on(t.paymentRequestId, t.createdAt),
    check('payment_request_refunds_amount_positive', sql`${t.amount} > 0`),
    check('payment_request_refunds_fee_bounds', sql`${t.platformFeeReturned} >= 0 and ${t.platformFeeReturned} <= ${t.amount}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Connected payout accounts and payouts
// ---------------------------------------------------------------------------------------------

export const CONNECT_ACCOUNT_STATUS_VALUES = ['not_started', 'pending', 'active', 'restricted', 'disabled'] as const;
export type ConnectAccountStatus = (typeof CONNECT_ACCOUNT_STATUS_VALUES)[number];
export const connectAccountStatus = pgEnum('connect_account_status', CONNECT_ACCOUNT_STATUS_VALUES);

/** Provider capability states, e.g. { card_payments: 'active', transfers: 'pending' }. */
export type ConnectCapabilities = {
  card_payments?: 'active' | 'inactive' | 'pending';
  transfers?: 'active' | 'inactive' | 'pending';
};

export const connectAccounts = pgTable('connect_accounts', {
  id: id(),
  userId: uuid()
    .notNull()
    .unique('connect_accounts_user_id_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Provider account id (acct_…). */
  accountId: text().notNull().unique('connect_accounts_account_id_key'),
  status: connectAccountStatus().notNull().default('not_started'),
  capabilities: jsonb().$type<ConnectCapabilities>().notNull().default({}),
  payoutsEnabled: boolean().notNull().default(false),
  chargesEnabled: boolean().notNull().default(false),
  detailsSubmitted: boolean().notNull().default(false),
  currentlyDue: text().array().notNull().default(sql`'{}'::text[]`),
  eventuallyDue: text().array().notNull().default(sql`'{}'::text[]`),
  pastDue: text().array().notNull().default(sql`'{}'::text[]`),
  pendingVerification: text().array().notNull().default(sql`'{}'::text[]`),
  defaultCurrency: text().notNull().default('usd'),
  country: text().notNull().default('US'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    /** Provider account id (connect_accounts.account_id). */
    accountId: text()
      .notNull()
      .references(() => connectAccounts.accountId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** cents */
    amount: integer().notNull(),
    currency: text().notNull().default('usd'),
    /** 'standard' or 'instant' */
    method: text().notNull().default('standard'),
    /** Provider payout status: pending, in_transit, paid, failed, canceled. */
    status: text().notNull().default('pending'),
    providerPayoutId: text().unique('payouts_provider_payout_id_key'),
    createdAt: createdAt(),
    arrivalDate: timestamptz(),
  },
  (t) => [index('payouts_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst()), check('payouts_amount_positive', sql`${t.amount} > 0`)],
);

/** Processed provider webhook events, for de-duplication. */
export const webhookEvents = pgTable('webhook_events', {
  /** The provider's event id. */
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamptz().notNull().defaultNow(),
  processedAt: timestamptz(),
});
