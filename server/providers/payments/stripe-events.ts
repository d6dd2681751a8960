import Stripe from 'stripe';
import { accountOf, subscriptionOf } from './stripe-mapping';
import type { ConnectAccountSnapshot, ProviderSubscription } from './types';

/** Stripe's events that keep our tables in step, in the provider interface's shapes. */
export type PaymentsEvent = { id: string; type: string } & (
  | { kind: 'subscription'; subscription: ProviderSubscription }
  | { kind: 'payment_succeeded'; paymentIntentId: string; chargeId: string | null; metadata: Record<string, string> }
  | { kind: 'payment_failed'; paymentIntentId: string; reason: string; metadata: Record<string, string> }
  | { kind: 'account'; account: ConnectAccountSnapshot }
  | { kind: 'charge_succeeded'; chargeId: string; customerId: string | null; amountCents: number; currency: string; description: string | null; receiptUrl: string | null; createdAt: Date }
  | { kind: 'other' }
);

/** Stripe's default tolerance for a signature's timestamp: 300 seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

/**
 * Verifies the Stripe-Signature header over the raw body with the SDK (HMAC, 300 s tolerance
 * measured at receivedAt) and reads the event. Throws Stripe's signature error when the body was
 * altered, the secret differs or the timestamp is stale.
 */
export function parseStripeEvent(rawBody: Buffer, signature: string, secret: string, receivedAt: Date): PaymentsEvent {
  const event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt.getTime());
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription', subscription: subscriptionOf(event.data.object) };
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null);
      return { ...base, kind: 'payment_succeeded', paymentIntentId: intent.id, chargeId, metadata: intent.metadata };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return { ...base, kind: 'payment_failed', paymentIntentId: intent.id, reason: intent.last_payment_error?.message ?? 'Your card was declined.', metadata: intent.metadata };
    }
    case 'account.updated':
      return { ...base, kind: 'account', account: accountOf(event.data.object) };
    case 'charge.succeeded': {
      const charge = event.data.object;
      return {
        ...base,
        kind: 'charge_succeeded',
        chargeId: charge.id,
        customerId: typeof charge.customer === 'string' ? charge.customer : (charge.customer?.id ?? null),
        amountCents: charge.amount,
        currency: charge.currency,
        description: charge.description,
        receiptUrl: charge.receipt_url,
        createdAt: new Date(charge.created * 1000),
      };
    }
    default:
      return { ...base, kind: 'other' };
  }
}
