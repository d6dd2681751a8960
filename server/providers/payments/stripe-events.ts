import Stripe from 'stripe';
import { accountOf, subscriptionOf } from './stripe-mapping';
import type { ConnectAccountSnapshot, ProviderSubscription } from './types';

/**
 * Stripe's events that keep our tables in step, in the provider interface's shapes. `eventAt` is
 * the event's `created`: Stripe does not deliver in order (decision 041 says how it is used).
 */
export type PaymentsEvent = { id: string; type: string; eventAt: Date } & (
  | { kind: 'subscription'; subscription: ProviderSubscription }
  | { kind: 'payment_succeeded'; paymentIntentId: string; chargeId: string | null; metadata: Record<string, string> }
  | { kind: 'payment_failed'; paymentIntentId: string; reason: string; metadata: Record<string, string> }
  | { kind: 'account'; account: ConnectAccountSnapshot }
  | { kind: 'charge_succeeded'; chargeId: string; customerId: string | null; amountCents: number; currency: string; description: string | null; receiptUrl: string | null; createdAt: Date }
  | { kind: 'other' }
  // Dunning (decision 041): a subscription invoice's failed attempt, and its payment. The invoice's
  // creation time orders a subscription's invoices (a later period's invoice is created later).
  | { kind: 'renewal_failed'; subscriptionId: string; invoiceCreatedAt: Date; attemptCount: number; nextAttemptAt: Date | null; reason: string }
  | { kind: 'renewal_paid'; subscriptionId: string; invoiceCreatedAt: Date }
  | { kind: 'refunds'; refunds: ProviderRefund[] }
);

/** A refund as its webhooks report it: status is Stripe's (pending, succeeded, failed, canceled, requires_action). */
export type ProviderRefund = { refundId: string; status: string; amountCents: number; metadata: Record<string, string>; failureReason: string | null };

const refundOf = (refund: Stripe.Refund): ProviderRefund => ({
  refundId: refund.id,
  status: refund.status ?? 'pending',
  amountCents: refund.amount,
  metadata: refund.metadata ?? {},
  failureReason: refund.failure_reason ?? null,
});

/** Stripe's default tolerance for a signature's timestamp: 300 seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

/**
 * Verifies the Stripe-Signature header over the raw body with the SDK (HMAC, 300 s tolerance
 * measured at receivedAt) and reads the event. Throws Stripe's signature error when the body was
 * altered, the secret differs or the timestamp is stale.
 */
export function parseStripeEvent(rawBody: Buffer, signature: string, secret: string, receivedAt: Date): PaymentsEvent {
  const event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt.getTime());
  const base = { id: event.id, type: event.type, eventAt: new Date(event.created * 1000) };
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription', subscription: subscriptionOf(event.data.object) };
    case 'invoice.payment_failed':
    case 'invoice.paid':
      return invoiceEvent(base, event.data.object, event.type);
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
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return { ...base, kind: 'refunds', refunds: [refundOf(event.data.object)] };
    // The charge lists its refunds only when the API version expands them; refund.updated carries each one otherwise.
    case 'charge.refunded':
      return { ...base, kind: 'refunds', refunds: (event.data.object.refunds?.data ?? []).map(refundOf) };
    default:
      return { ...base, kind: 'other' };
  }
}

/** The subscription an invoice bills, when it bills one. */
const invoiceSubscription = (invoice: Stripe.Invoice) => {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return typeof subscription === 'string' ? subscription : (subscription?.id ?? null);
};

/** A subscription invoice's failed attempt (attempt_count, next_payment_attempt) or payment; other invoices are not ours. */
function invoiceEvent(base: { id: string; type: string; eventAt: Date }, invoice: Stripe.Invoice, type: 'invoice.payment_failed' | 'invoice.paid'): PaymentsEvent {
  const subscriptionId = invoiceSubscription(invoice);
  if (!subscriptionId) return { ...base, kind: 'other' };
  const invoiceCreatedAt = new Date(invoice.created * 1000);
  if (type === 'invoice.paid') return { ...base, kind: 'renewal_paid', subscriptionId, invoiceCreatedAt };
  return {
    ...base,
    kind: 'renewal_failed',
    subscriptionId,
    invoiceCreatedAt,
    attemptCount: invoice.attempt_count,
    nextAttemptAt: invoice.next_payment_attempt === null ? null : new Date(invoice.next_payment_attempt * 1000),
    reason: 'Your card was declined.',
  };
}
