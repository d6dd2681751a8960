import type Stripe from 'stripe';
import type { ConnectAccountSnapshot, ProviderPayout, ProviderSubscription } from './types';

// Stripe objects → the provider interface's shapes (cents stay cents; Stripe's seconds become Dates).

const fromSeconds = (seconds: number) => new Date(seconds * 1000);
const maybeSeconds = (seconds: number | null | undefined) => (seconds ? fromSeconds(seconds) : null);

/** Since API version 2025-03 the billing period lives on the subscription's item. */
export function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    planId: subscription.metadata.planId ?? '',
    priceCents: item?.price.unit_amount ?? 0,
    trialEnd: maybeSeconds(subscription.trial_end),
    currentPeriodStart: fromSeconds(item?.current_period_start ?? subscription.start_date),
    currentPeriodEnd: fromSeconds(item?.current_period_end ?? subscription.start_date),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: maybeSeconds(subscription.canceled_at),
    payment: null,
    endedForNonPayment: subscription.cancellation_details?.reason === 'payment_failed',
    ...(subscription.status === 'trialing' && subscription.pending_setup_intent && { cardSetupPending: true }),
  };
}

const capability = (value: string | undefined) => (value === 'active' || value === 'inactive' || value === 'pending' ? value : undefined);

export function accountOf(account: Stripe.Account): ConnectAccountSnapshot {
  return {
    accountId: account.id,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    capabilities: {
      card_payments: capability(account.capabilities?.card_payments),
      transfers: capability(account.capabilities?.transfers),
    },
    currentlyDue: account.requirements?.currently_due ?? [],
    eventuallyDue: account.requirements?.eventually_due ?? [],
    pastDue: account.requirements?.past_due ?? [],
    pendingVerification: account.requirements?.pending_verification ?? [],
    disabledReason: account.requirements?.disabled_reason ?? null,
    defaultCurrency: account.default_currency ?? 'usd',
    country: account.country ?? 'US',
  };
}

export const payoutOf = (payout: Stripe.Payout): ProviderPayout => ({
  payoutId: payout.id,
  amountCents: payout.amount,
  currency: payout.currency,
  method: payout.method,
  status: payout.status,
  createdAt: fromSeconds(payout.created),
  arrivalDate: maybeSeconds(payout.arrival_date),
});

/** Balance amounts in one currency, summed over its source types. */
export const sumIn = (currency: string, amounts: Array<{ amount: number; currency: string }> | undefined) =>
  (amounts ?? []).filter((a) => a.currency === currency).reduce((total, a) => total + a.amount, 0);
