// Spec 2 §9: plans, trial days, payment request fees and limits, recipient setup steps; §4 and §8:
// the payment request status machine and the connect account messages. Pure functions only.

export { isPlanId, PLAN_IDS, PLANS, type PlanId } from '../plans/rules';
import { isPlanId, type PlanId } from '../plans/rules';
import { storefrontApplicationFee } from '../storefronts/rules';

export type PaymentsEnvironment = 'production' | 'development' | 'testing';
/** The deployment's environment is fixed to production (spec 2 §9). */
export const PAYMENTS_ENVIRONMENT: PaymentsEnvironment = 'production';

const TRIAL_DAYS: Record<PlanId, Record<PaymentsEnvironment, number>> = {
  artist_pro: { production: 30, development: 3, testing: 1 },
  studio: { production: 30, development: 2, testing: 1 },
};
/** Unknown plan or missing configuration. */
export const DEFAULT_TRIAL_DAYS = 14;

export function trialDaysFor(planId: string, environment: PaymentsEnvironment | undefined = PAYMENTS_ENVIRONMENT): number {
  if (!isPlanId(planId) || !environment) return DEFAULT_TRIAL_DAYS;
  return TRIAL_DAYS[planId][environment] ?? DEFAULT_TRIAL_DAYS;
}

// --- Payment requests -----------------------------------------------------------------------

export const MIN_REQUEST_CENTS = 100;
export const MAX_REQUEST_CENTS = 1_000_000;
export const DESCRIPTION_MAX = 200;
export const DEFAULT_CURRENCY = 'usd';

/** Processing fee 2.9% + $0.30; platform fee 1%, at least $0.50 on the connect path. */
export const PROCESSING_RATE = 0.029;
export const PROCESSING_FIXED_CENTS = 30;
export const PLATFORM_RATE = 0.01;
export const CONNECT_MIN_PLATFORM_FEE_CENTS = 50;

/** Rounds to the cent (2 decimals of dollars), halves away from zero. */
const toCent = (cents: number) => Math.round(cents + Number.EPSILON);

export type RequestFees = { processingFee: number; platformFee: number; netAmount: number };

/**
 * Who pays what in one card payment, in cents: the payer's total, each fee with the party that
 * bears it, and what the recipient receives. The one source of every amount a dialog shows before
 * money moves and of the amounts the server stores and charges (decision 008, 043): nothing is
 * added on top of the amount, the platform fee is deducted from the recipient, and the card
 * processing fee is borne by the platform (with destination charges Stripe takes it from us).
 */
export type PaymentBreakdown = {
  payerTotal: number;
  fees: ReadonlyArray<{ kind: 'processing' | 'platform'; cents: number; borneBy: 'platform' | 'recipient' }>;
  recipientReceives: number;
};

/** A breakdown from stored fees (a request keeps the fees it was sent with; they are what is charged). */
export function breakdownOf(amountCents: number, fees: RequestFees): PaymentBreakdown {
  return {
    payerTotal: amountCents,
    fees: [
      { kind: 'processing' as const, cents: fees.processingFee, borneBy: 'platform' as const },
      { kind: 'platform' as const, cents: fees.platformFee, borneBy: 'recipient' as const },
    ].filter((fee) => fee.kind === 'processing' || fee.cents > 0),
    recipientReceives: fees.netAmount,
  };
}

/**
 * The payment paths: a payment request goes to the requester's connected account (platform fee,
 * at least $0.50); a booking deposit and a plan are charged to the platform's own account (no
 * platform fee); a storefront card sale goes to the seller's payout account less the storefront
 * application fee (decision 038, the same number the order stores and the charge takes).
 */
export type PaymentPath = 'connect' | 'platform' | 'storefront';

function platformFeeOn(amountCents: number, path: PaymentPath) {
  if (path === 'connect') return Math.max(toCent(amountCents * PLATFORM_RATE), CONNECT_MIN_PLATFORM_FEE_CENTS);
  return path === 'storefront' ? storefrontApplicationFee(amountCents) : 0;
}

/** The fees of `amountCents` on a path; amounts round to the cent, halves up (spec 2 §9). */
export function feesFor(amountCents: number, path: PaymentPath): RequestFees {
  const processingFee = toCent(amountCents * PROCESSING_RATE) + PROCESSING_FIXED_CENTS;
  const platformFee = platformFeeOn(amountCents, path);
  return { processingFee, platformFee, netAmount: amountCents - platformFee };
}

export const paymentBreakdown = (amountCents: number, path: PaymentPath): PaymentBreakdown =>
  breakdownOf(amountCents, feesFor(amountCents, path));

/**
 * The fees of a payment request, all in cents. Every request is paid through the requester's
 * connected account, so the connect path's $0.50 minimum platform fee applies; what the form shows
 * before sending is exactly what is charged and paid out.
 */
export const paymentRequestFees = (amountCents: number): RequestFees => feesFor(amountCents, 'connect');

/** The connect payment path's own limits (spec 2 §5, §8), checked again when a request is paid. */
export function connectPaymentLimitProblem(amountCents: number): string | null {
  if (amountCents < MIN_REQUEST_CENTS) return 'Minimum payment amount is $1';
  if (amountCents > MAX_REQUEST_CENTS) return 'Maximum payment amount is $10000';
  return null;
}

export const PAYMENT_REQUEST_STATUSES = ['pending', 'recipient_setup', 'ready_to_pay', 'paid', 'declined', 'cancelled'] as const;
export type RequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

/** Only pending or ready_to_pay requests can be processed, declined or cancelled; the others are final or wait for setup. */
export const PAYABLE_STATUSES: readonly RequestStatus[] = ['pending', 'ready_to_pay'];
/** Declining or cancelling is possible until the request is paid, declined or cancelled. */
export const OPEN_STATUSES: readonly RequestStatus[] = ['pending', 'recipient_setup', 'ready_to_pay'];

export const canProcess = (status: RequestStatus) => PAYABLE_STATUSES.includes(status);
export const canCloseRequest = (status: RequestStatus) => OPEN_STATUSES.includes(status);

/** The initial status: pending when the one to be paid can receive payments, otherwise recipient_setup. */
export const initialRequestStatus = (recipientCanReceive: boolean): RequestStatus => (recipientCanReceive ? 'pending' : 'recipient_setup');

/**
 * Refreshing the recipient's status (spec 2 §4): recipient_setup → ready_to_pay once they can
 * receive; pending → recipient_setup when they no longer can. Other statuses stay.
 */
export function refreshedRequestStatus(status: RequestStatus, recipientCanReceive: boolean): RequestStatus {
  if (status === 'recipient_setup' && recipientCanReceive) return 'ready_to_pay';
  if (status === 'pending' && !recipientCanReceive) return 'recipient_setup';
  return status;
}

// --- Connected accounts -----------------------------------------------------------------------

export type ConnectStatus = 'not_started' | 'pending' | 'active' | 'restricted' | 'disabled';

export type ConnectFacts = {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  pastDue: string[];
  disabledReason: string | null;
};

/** Our status of a provider account: disabled when rejected, active when it can be paid and paid out. */
export function connectStatusOf(account: ConnectFacts | null): ConnectStatus {
  if (!account) return 'not_started';
  if (account.disabledReason?.startsWith('rejected')) return 'disabled';
  if (account.chargesEnabled && account.payoutsEnabled) return 'active';
  if (!account.detailsSubmitted) return 'pending';
  return 'restricted';
}

export const canReceivePayments = (status: ConnectStatus) => status === 'active';

export const CONNECT_MESSAGES = {
  notSetUp: 'Payment account not set up',
  pastDue: 'Required information is past due',
  notCompleted: 'Account setup not completed',
  restricted: 'Account is restricted',
} as const;

/** Why a payment request cannot be sent yet: the requester is the one to be paid (decision 008, 043). */
export const setUpPayoutsFirst = (problem: string) => `Set up your payout account before requesting payment: ${problem.toLowerCase()}`;

/** Why an account cannot receive payments yet (spec 2 §8), or null when it can. */
export function connectProblem(account: ConnectFacts | null): string | null {
  const status = connectStatusOf(account);
  if (!account) return CONNECT_MESSAGES.notSetUp;
  if (status === 'active') return null;
  if (account.pastDue.length > 0) return CONNECT_MESSAGES.pastDue;
  if (!account.detailsSubmitted) return CONNECT_MESSAGES.notCompleted;
  return CONNECT_MESSAGES.restricted;
}

/** Spec 2 §9: create account 5 min, verify identity 3, add bank 2. */
export const SETUP_STEPS = [
  { key: 'create_account', label: 'Create your payment account', minutes: 5 },
  { key: 'verify_identity', label: 'Verify your identity', minutes: 3 },
  { key: 'add_bank', label: 'Add a bank account for payouts', minutes: 2 },
] as const;
export type SetupStepKey = (typeof SETUP_STEPS)[number]['key'];

/** The steps still to do: all three without an account, the last two with an unfinished one, none when active. */
export function remainingSetupSteps(status: ConnectStatus): SetupStepKey[] {
  if (status === 'not_started') return SETUP_STEPS.map((s) => s.key);
  if (status === 'active') return [];
  return ['verify_identity', 'add_bank'];
}

/** Minutes the remaining steps take: 10 without an account, 5 with an incomplete one, at least 1. */
export function setupMinutes(steps: readonly string[]): number {
  const total = SETUP_STEPS.filter((s) => steps.includes(s.key)).reduce((sum, s) => sum + s.minutes, 0);
  return Math.max(1, total);
}

export const PAYOUT_HISTORY_LIMIT = 10;

// --- Refunds of payment requests (decision 039) ---------------------------------------------------

/** The requester may refund a paid request for this long after it was paid. */
export const REFUND_WINDOW_DAYS = 180;
const DAY_MS = 86_400_000;
export const REFUND_REASON_MAX = 500;

type Refundable = {
  status: RequestStatus;
  amount: number;
  refundedAmount: number;
  refundPendingAmount: number;
  paidAt: Date | string | null;
};

/** Cents still refundable: what was paid less refunds settled and under way. */
export const refundableCents = (r: Refundable) => (r.status === 'paid' ? r.amount - r.refundedAmount - r.refundPendingAmount : 0);

/** Whether the refund window is still open at `now` (180 days from payment, inclusive). */
export const withinRefundWindow = (paidAt: Date | string | null, now: Date) =>
  paidAt !== null && now.getTime() - new Date(paidAt).getTime() <= REFUND_WINDOW_DAYS * DAY_MS;

export type RefundState = 'none' | 'partial' | 'full';
export const refundStateOf = (r: Pick<Refundable, 'amount' | 'refundedAmount'>): RefundState =>
  r.refundedAmount <= 0 ? 'none' : r.refundedAmount >= r.amount ? 'full' : 'partial';

/**
 * The platform fee given back with a refund: pro rata to the amount refunded (decision 039), and
 * the rest of the fee when the refund takes the request to fully refunded, so the shares add up to
 * the fee to the cent whatever the partial refunds were.
 */
export function platformFeeShare(input: {
  amount: number;
  platformFee: number;
  refundCents: number;
  alreadyRefundedCents: number;
  feeAlreadyReturned: number;
}) {
  if (input.alreadyRefundedCents + input.refundCents >= input.amount) return input.platformFee - input.feeAlreadyReturned;
  return Math.min(input.platformFee - input.feeAlreadyReturned, Math.round((input.refundCents * input.platformFee) / input.amount));
}
