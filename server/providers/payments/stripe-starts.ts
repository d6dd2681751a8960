import Stripe from 'stripe';
import { IDEMPOTENCY_KEY_METADATA } from './stripe-lookup';
import { subscriptionOf } from './stripe-mapping';
import { PaymentProviderError, type ProviderSubscription } from './types';

// Subscription starts whose first payment needs 3-D Secure (decision 040). Since API version
// 2025-03 an invoice no longer names its PaymentIntent: its `payments` list does, and its
// `confirmation_secret` carries the client secret Stripe.js needs.

/** The expansions a start is read with: the first invoice's payments and its confirmation secret. */
export const START_EXPAND = ['latest_invoice.payments', 'latest_invoice.confirmation_secret'];

const DECLINED = 'Your card was declined.';

const invoiceOf = (subscription: Stripe.Subscription) =>
  typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;

/** The id of the invoice's own (default) PaymentIntent. */
function firstIntentId(invoice: Stripe.Invoice | null): string | null {
  const payments = invoice?.payments?.data ?? [];
  const payment = payments.find((p) => p.is_default) ?? payments[0];
  const intent = payment?.payment.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

/**
 * A subscription as the provider interface shows it; an incomplete one with what its first
 * payment waits for (the challenge) or why it failed, and the card's decline code.
 */
export async function startOf(
  stripe: Stripe,
  subscription: Stripe.Subscription,
): Promise<{ start: ProviderSubscription; declineCode: string | null }> {
  const start = subscriptionOf(subscription);
  const invoice = invoiceOf(subscription);
  const intentId = subscription.status === 'incomplete' ? firstIntentId(invoice) : null;
  if (!intentId) return { start, declineCode: null };
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const clientSecret = invoice?.confirmation_secret?.client_secret ?? intent.client_secret;
  if (intent.status === 'requires_action' && clientSecret)
    return { start: { ...start, action: { paymentIntentId: intent.id, clientSecret } }, declineCode: null };
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
    const error = intent.last_payment_error;
    return {
      start: { ...start, firstPaymentFailure: error?.message ?? DECLINED },
      declineCode: error?.decline_code ?? error?.code ?? null,
    };
  }
  // processing or succeeded: Stripe makes the subscription active in a moment.
  return { start, declineCode: null };
}

/** The start made under this key (its metadata carries the key), read again with its first payment; null when it is not ours. */
export async function readStart(stripe: Stripe, subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription | null> {
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: START_EXPAND });
    if (subscription.metadata[IDEMPOTENCY_KEY_METADATA] !== idempotencyKey) return null;
    return (await startOf(stripe, subscription)).start;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
    throw error;
  }
}

/**
 * Ends an incomplete start. Its first invoice is voided first, which cancels the invoice's
 * PaymentIntent, so the payer's browser can no longer pay it; an invoice paid meanwhile refuses
 * the void and the start, read again, is active and kept. Then the subscription is canceled.
 */
export async function endStart(stripe: Stripe, subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: START_EXPAND });
  if (subscription.metadata[IDEMPOTENCY_KEY_METADATA] !== idempotencyKey)
    throw new PaymentProviderError(`No such subscription: '${subscriptionId}'`);
  if (subscription.status !== 'incomplete') return subscriptionOf(subscription);
  const invoice = invoiceOf(subscription);
  if (invoice?.id && invoice.status === 'open') {
    try {
      await stripe.invoices.voidInvoice(invoice.id, {}, { idempotencyKey: `${idempotencyKey}:void-first-invoice` });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const now = await readStart(stripe, subscriptionId, idempotencyKey);
      if (now && now.status !== 'incomplete') return now;
    }
  }
  const canceled = await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `${idempotencyKey}:end-start` });
  return subscriptionOf(canceled);
}
