// Spec 2 §9: plans, trial days, payment request fees and limits, recipient setup steps; §4 and §8:
// the payment request status machine and the connect account messages. Pure functions only.

export const PLAN_IDS = ['artist_pro', 'studio'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLANS: Record<PlanId, { planId: PlanId; planName: string; priceCents: number; currency: 'usd' }> = {
  artist_pro: { planId: 'artist_pro', planName: 'Artist Pro', priceCents: 500, currency: 'usd' },
  studio: { planId: 'studio', planName: 'Studio', priceCents: 5000, currency: 'usd' },
};

export const isPlanId = (value: string): value is PlanId => (PLAN_IDS as readonly string[]).includes(value);

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
 * The fees of a payment request, all in cents. Every request is paid through the requester's
 * connected account, so the connect path's $0.50 minimum platform fee applies; what the form shows
 * before sending is exactly what is charged and paid out.
 */
export function paymentRequestFees(amountCents: number): RequestFees {
  const processingFee = toCent(amountCents * PROCESSING_RATE) + PROCESSING_FIXED_CENTS;
  const platformFee = Math.max(toCent(amountCents * PLATFORM_RATE), CONNECT_MIN_PLATFORM_FEE_CENTS);
  return { processingFee, platformFee, netAmount: amountCents - platformFee };
}

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

// --- Entitlements (decision 042): what each plan unlocks ---------------------------------------

/** Statuses that keep a plan's features: a trial, a paid period, and the dunning retries (past_due). */
export const ENTITLED_STATUSES = ['trialing', 'active', 'past_due'] as const;

/** Portfolio images a free account may have; Artist Pro (or Studio) lifts the limit. */
export const FREE_PORTFOLIO_LIMIT = 30;

/**
 * The gated features and the plan that unlocks each. Artist Pro features belong to a person;
 * Studio features to a studio, through the owner's Studio plan or the studio's own subscription.
 * A Studio subscriber also has every Artist Pro feature.
 */
export const PLAN_FEATURES = {
  deposits: { plan: 'artist_pro', label: 'Booking deposits' },
  payment_requests: { plan: 'artist_pro', label: 'Sending payment requests' },
  storefront: { plan: 'artist_pro', label: 'A personal storefront' },
  calendar_sync: { plan: 'artist_pro', label: 'Calendar sync' },
  unlimited_portfolio: { plan: 'artist_pro', label: `More than ${FREE_PORTFOLIO_LIMIT} portfolio images` },
  studio_members: { plan: 'studio', label: 'Studio members beyond the owner' },
  walk_ins: { plan: 'studio', label: 'Walk-ins' },
  studio_storefront: { plan: 'studio', label: 'A studio storefront' },
  shared_calendar: { plan: 'studio', label: 'The shared studio calendar' },
  studio_deposits: { plan: 'studio', label: 'Deposits on studio bookings' },
} as const satisfies Record<string, { plan: PlanId; label: string }>;
export type Feature = keyof typeof PLAN_FEATURES;

/** What every account has without a plan (the pricing page's first column). */
export const FREE_FEATURES = [
  `Portfolio up to ${FREE_PORTFOLIO_LIMIT} images`,
  'Flash gallery',
  'Messaging with photos',
  'Booking without deposits',
  'Paying requests and buying from storefronts',
] as const;

/** The features a plan unlocks: Studio includes Artist Pro. */
export function featuresOf(plan: PlanId): Feature[] {
  const all = Object.keys(PLAN_FEATURES) as Feature[];
  return plan === 'studio' ? all : all.filter((f) => PLAN_FEATURES[f].plan === 'artist_pro');
}

/**
 * The entitlements of a person or a studio from their subscriptions' plans and statuses: only
 * ENTITLED_STATUSES count; a person has the Artist Pro features of their plans (Studio includes
 * them), a studio the Studio features.
 */
export function entitlementsFrom(subs: ReadonlyArray<{ planId: string; status: string }>, holder: 'person' | 'studio') {
  const plans = [...new Set(subs.filter((s) => (ENTITLED_STATUSES as readonly string[]).includes(s.status)).map((s) => s.planId))].filter(
    isPlanId,
  );
  const scope: PlanId = holder === 'person' ? 'artist_pro' : 'studio';
  const features = [...new Set(plans.flatMap(featuresOf))].filter((f) => PLAN_FEATURES[f].plan === scope);
  return { plans, features };
}

/** The refusal's message, naming the plan that unlocks the feature. */
export function upgradeMessage(feature: Feature): string {
  const { plan, label } = PLAN_FEATURES[feature];
  const name = PLANS[plan].planName;
  return `${label}: ${plan === 'artist_pro' ? 'an' : 'a'} ${name} feature. Upgrade to ${name} to use it.`;
}
