// The plans (spec 2 §9) and what each unlocks (decision 042). A domain of its own, below every
// domain that gates a feature, so storefronts, studios, booking, images and calendar can ask
// without importing payments (decision 025: no domain cycles). Pure functions only.

export const PLAN_IDS = ['artist_pro', 'studio'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLANS: Record<PlanId, { planId: PlanId; planName: string; priceCents: number; currency: 'usd' }> = {
  artist_pro: { planId: 'artist_pro', planName: 'Artist Pro', priceCents: 500, currency: 'usd' },
  studio: { planId: 'studio', planName: 'Studio', priceCents: 5000, currency: 'usd' },
};

export const isPlanId = (value: string): value is PlanId => (PLAN_IDS as readonly string[]).includes(value);

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
