// The payments provider seam. Two implementations stand behind it: Stripe (the official SDK,
// when STRIPE_SECRET_KEY is set; STRIPE_API_URL points it at a local server in tests) and the
// local provider (the default), which simulates the same behaviour in our own database so every
// flow works on a fresh machine. Domains never import either implementation directly.
//
// Amounts are integer cents. Every mutating call carries an idempotency key derived from our own
// ids (e.g. `order:<orderId>:charge`), so a retried call can never charge or refund twice.

/**
 * Payment method ids the local provider understands. They are Stripe's own test ids, so the same
 * values behave the same way against Stripe in test mode.
 */
export const LOCAL_TEST_PAYMENT_METHODS = {
  succeeds: 'pm_card_visa',
  succeedsMastercard: 'pm_card_mastercard',
  declined: 'pm_card_chargeDeclined',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
  /** Attaches (and starts a trial) fine; every charge fails: a renewal that goes to dunning. */
  failsOnCharge: 'pm_card_chargeCustomerFail',
  /** Every charge asks the payer to authenticate (3-D Secure 2): a challenge they approve or fail. */
  threeDSecure: 'pm_card_threeDSecure2Required',
} as const;

export type ChargeInput = {
  amountCents: number;
  currency: string;
  /** pm_… */
  paymentMethodId: string;
  /** Provider customer id (cus_…), when the payer has one. */
  customerId?: string | null;
  description: string;
  idempotencyKey: string;
  metadata?: Record<string, string>;
  /** A connected payment: the platform keeps applicationFeeCents, the rest goes to the account. */
  connect?: { destinationAccountId: string; applicationFeeCents: number };
};

export type ChargeResult =
  | { ok: true; paymentIntentId: string; chargeId: string | null; receiptUrl: string | null }
  /** A decline or any refusal by the provider: nothing was charged. */
  | { ok: false; reason: string; declineCode: string | null; action?: undefined }
  | ChargeAwaitingAction;

/**
 * What the payer's browser needs to authenticate a charge (3-D Secure): Stripe.js's
 * handleNextAction takes the client secret; in local mode the app's own challenge takes both.
 */
export type NextAction = { paymentIntentId: string; clientSecret: string };

/**
 * A charge waiting for the payer to authenticate (decision 040). Nothing is charged yet. It is
 * `ok: false` so that a caller which does not handle it treats it as a decline (nothing charged,
 * the card refused); the callers that do handle it keep the payment open and hand `action` to
 * the browser, then read the outcome with getCharge (or a webhook, or the reconcile job).
 */
export type ChargeAwaitingAction = { ok: false; reason: string; declineCode: 'requires_action'; action: NextAction };

/** Stripe's decline code for a charge waiting for authentication; its wording for the payer. */
export const AUTHENTICATION_REQUIRED = 'This payment needs you to confirm it with your bank (3-D Secure).';

export const awaitsAction = (result: ChargeResult): result is ChargeAwaitingAction => !result.ok && result.action !== undefined;

/**
 * What the provider's record says of a charge asked for under an idempotency key: the answer a
 * crashed request never saw. `processing`: the provider has not decided yet (ask again later);
 * `none`: the provider never received the request, so nothing was, or will be, charged under it.
 */
export type ChargeRecord =
  | { status: 'succeeded'; paymentIntentId: string; chargeId: string | null; receiptUrl: string | null }
  | { status: 'failed'; paymentIntentId: string; reason: string }
  | { status: 'processing'; paymentIntentId: string }
  /** Waiting for the payer to authenticate: nothing charged yet; cancelCharge ends it. */
  | { status: 'requires_action'; paymentIntentId: string; clientSecret: string }
  | { status: 'none' };

/** The reason given for a charge the provider never received. */
export const NOTHING_CHARGED = 'The payment did not go through: nothing was charged.';

/**
 * The record as the answer the charge's request would have had; null while the provider is still
 * deciding or the payer has yet to authenticate (the reconcile job cancels such a charge once it
 * is abandoned, decision 040, and settles on the record cancelCharge returns).
 */
export function chargeResultOf(record: ChargeRecord): ChargeResult | null {
  switch (record.status) {
    case 'succeeded':
      return { ok: true, paymentIntentId: record.paymentIntentId, chargeId: record.chargeId, receiptUrl: record.receiptUrl };
    case 'failed':
      return { ok: false, reason: record.reason, declineCode: null };
    case 'none':
      return { ok: false, reason: NOTHING_CHARGED, declineCode: null };
    case 'processing':
    case 'requires_action':
      return null;
  }
}

export type RefundInput = {
  paymentIntentId: string;
  /** Omitted: the whole charge. */
  amountCents?: number;
  reason?: string;
  idempotencyKey: string;
  /** Shown on the provider's refund; the refund webhooks find our row by it. */
  metadata?: Record<string, string>;
  /**
   * A destination charge's refund also takes back, pro rata, the transfer from the connected
   * account and the platform's application fee (Stripe's reverse_transfer and
   * refund_application_fee; decision 038), so the seller and the platform each return their share.
   */
  reverseTransfer?: boolean;
};

export type RefundResult = { refundId: string; amountCents: number };

/**
 * A refusal by the provider that the user can act on (unknown card, declined first payment, not
 * enough balance for a payout). Services turn it into a BAD_REQUEST with this message.
 */
export class PaymentProviderError extends Error {
  readonly declineCode: string | null;
  constructor(message: string, declineCode: string | null = null) {
    super(message);
    this.name = 'PaymentProviderError';
    this.declineCode = declineCode;
  }
}

export type CardDetails = {
  /** The id to store and charge (Stripe turns a test alias like pm_card_visa into a new pm_…). */
  paymentMethodId: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
};

export type PlanPrice = { planId: string; planName: string; priceCents: number; currency: string };

export type ProviderSubscription = {
  subscriptionId: string;
  /** trialing, active, past_due, canceled, incomplete, … (Stripe's names). */
  status: string;
  planId: string;
  priceCents: number;
  trialEnd: Date | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /**
   * The first period's payment when there is no trial and it is known at once (local provider);
   * with Stripe the invoice is paid asynchronously and reported by the charge.succeeded webhook.
   */
  payment: { chargeId: string; amountCents: number; receiptUrl: string | null } | null;
  /**
   * Dunning (decision 041), when the provider's answer carries it: failed attempts at the current
   * invoice and when the next retry is due (null: none planned).
   */
  dunning?: { failedAttempts: number; nextAttemptAt: Date | null };
  /** Canceled by the provider because the renewal could not be paid (Stripe's cancellation_details.reason payment_failed). */
  endedForNonPayment?: boolean;
  /**
   * A start (status incomplete) whose first payment waits for the payer's 3-D Secure challenge
   * (decision 040): what their browser needs to show it.
   */
  action?: NextAction;
  /** A start (status incomplete) whose first payment failed, e.g. a failed challenge: why. Nothing was charged. */
  firstPaymentFailure?: string;
  /**
   * A trial whose card Stripe is still authenticating, or did (its pending_setup_intent is set; a
   * webhook does not say which): a start is then settled by reading it, not by the event.
   */
  cardSetupPending?: true;
};

export type CreateSubscriptionInput = {
  customerId: string;
  plan: PlanPrice;
  paymentMethodId: string;
  trialDays: number;
  idempotencyKey: string;
  metadata?: Record<string, string>;
};

export type ConnectAccountSnapshot = {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  capabilities: { card_payments?: 'active' | 'inactive' | 'pending'; transfers?: 'active' | 'inactive' | 'pending' };
  currentlyDue: string[];
  eventuallyDue: string[];
  pastDue: string[];
  pendingVerification: string[];
  /** Set when the provider disabled the account (e.g. rejected.fraud, requirements.past_due). */
  disabledReason: string | null;
  defaultCurrency: string;
  country: string;
};

export type ConnectBalance = { availableCents: number; pendingCents: number; instantAvailableCents: number; currency: string };

export type ProviderPayout = {
  payoutId: string;
  amountCents: number;
  currency: string;
  method: string;
  status: string;
  createdAt: Date;
  arrivalDate: Date | null;
};

export interface PaymentsProvider {
  readonly kind: 'local' | 'stripe';
  charge(input: ChargeInput): Promise<ChargeResult>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** The provider's record of the charge made (or not) under this idempotency key. */
  findCharge(idempotencyKey: string): Promise<ChargeRecord>;
  /**
   * The record of one PaymentIntent, read once the payer's browser acted on it; `none` unless it
   * was made under this idempotency key (so a browser cannot settle our payment with another intent).
   */
  getCharge(input: { paymentIntentId: string; idempotencyKey: string }): Promise<ChargeRecord>;
  /**
   * Ends a charge still waiting for the payer's authentication, so it can never complete; the
   * record as it ends (succeeded when the payer completed it first). Other states are left as they are.
   */
  cancelCharge(input: { paymentIntentId: string; idempotencyKey: string }): Promise<ChargeRecord>;

  /** The payer's customer record; the same idempotency key always gives the same customer. */
  createCustomer(input: { email: string; name: string; userId: string; idempotencyKey: string }): Promise<string>;
  /** Saves a card on the customer; throws PaymentProviderError for an unknown or unusable card. */
  attachPaymentMethod(input: { customerId: string; paymentMethodId: string }): Promise<CardDetails>;
  setDefaultPaymentMethod(input: { customerId: string; paymentMethodId: string }): Promise<void>;
  detachPaymentMethod(input: { paymentMethodId: string }): Promise<void>;

  /**
   * Starts a subscription; without a trial the first period is charged at once. A decline throws
   * (and leaves no subscription live); a first payment that needs 3-D Secure leaves it incomplete
   * with `action` for the payer's browser.
   */
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  /**
   * A subscription start read again after the payer's browser acted on it (incomplete → active
   * once its first payment succeeded); null unless it was created under this idempotency key.
   */
  getSubscriptionStart(input: { subscriptionId: string; idempotencyKey: string }): Promise<ProviderSubscription | null>;
  /**
   * Ends a start whose first payment was never completed (a failed or abandoned challenge), so a
   * late approval can no longer charge it; the subscription as it ends (active when the payer
   * completed the payment first). A start already decided is returned as it is.
   */
  endSubscriptionStart(input: { subscriptionId: string; idempotencyKey: string }): Promise<ProviderSubscription>;
  /** The subscription created under this idempotency key, or null when the provider has none. */
  findSubscription(idempotencyKey: string): Promise<ProviderSubscription | null>;
  /** Moves to another plan; the new price applies from the next period (no proration). */
  changeSubscriptionPlan(input: { subscriptionId: string; plan: PlanPrice; idempotencyKey: string }): Promise<ProviderSubscription>;
  /** At period end: the subscription runs out; otherwise it ends now. */
  cancelSubscription(input: { subscriptionId: string; atPeriodEnd: boolean; idempotencyKey: string }): Promise<ProviderSubscription>;

  /** An Express account for receiving payments. */
  createConnectAccount(input: {
    userId: string;
    email: string;
    firstName: string;
    lastName: string;
    idempotencyKey: string;
  }): Promise<ConnectAccountSnapshot>;
  getConnectAccount(accountId: string): Promise<ConnectAccountSnapshot>;
  /** Where the account holder completes onboarding (Stripe's hosted page, or ours in local mode). */
  createOnboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string; expiresAt: Date }>;
  getBalance(accountId: string): Promise<ConnectBalance>;
  createPayout(input: {
    accountId: string;
    amountCents: number;
    currency: string;
    method: 'instant' | 'standard';
    idempotencyKey: string;
  }): Promise<ProviderPayout>;
  listPayouts(accountId: string, limit: number): Promise<ProviderPayout[]>;
}
