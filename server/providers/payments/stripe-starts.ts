import Stripe from 'stripe';
import { IDEMPOTENCY_KEY_METADATA } from './stripe-lookup';
import { subscriptionOf } from './stripe-mapping';
import { PaymentProviderError, type ProviderSubscription } from './types';

// Subscription starts whose first payment needs 3-D Secure (decision 040). Since API version
// 2025-03 an invoice no longer names its PaymentIntent: its `payments` list does, and its
// `confirmation_secret` carries the client secret Stripe.js needs.

/**
 * The expansions a start is read with: the first invoice's payments and its confirmation secret;
 * with a trial (nothing charged), the SetupIntent that authenticates the card for its renewals.
 */
export const START_EXPAND = ['latest_invoice.payments', 'latest_invoice.confirmation_secret', 'pending_setup_intent'];

/** Stripe's wording when the bank's check of a card being saved fails. */
const SETUP_FAILED = 'The card could not be authenticated (3-D Secure).';

/** What a trial's SetupIntent can be left in while the card is not authenticated: waiting for the payer, or failed. */
const UNAUTHENTICATED: ReadonlySet<string> = new Set(['requires_action', 'requires_payment_method', 'canceled']);

/**
 * A trial's SetupIntent (Stripe authenticates the card at the trial's start; decision 040) that
 * waits for the payer or failed; null when there is none, or once it succeeded (or is processing:
 * the trial then stands, and a renewal that fails goes to dunning).
 */
export function pendingSetupOf(subscription: Stripe.Subscription): Stripe.SetupIntent | null {
  const setup = subscription.pending_setup_intent;
  if (subscription.status !== 'trialing' || !setup || typeof setup === 'string') return null;
  return UNAUTHENTICATED.has(setup.status) ? setup : null;
}

/**
 * A trial whose card waits for (or failed) its authentication is not started for us yet: it is
 * shown as an incomplete start, with the SetupIntent's client secret for handleNextAction (which
 * takes a SetupIntent's as well as a PaymentIntent's), or why the authentication failed.
 */
function trialStartOf(start: ProviderSubscription, setup: Stripe.SetupIntent): ProviderSubscription {
  if (setup.status === 'requires_action' && setup.client_secret)
    return { ...start, status: 'incomplete', action: { paymentIntentId: setup.id, clientSecret: setup.client_secret } };
  return { ...start, status: 'incomplete', firstPaymentFailure: setup.last_setup_error?.message ?? SETUP_FAILED };
}

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
  const setup = pendingSetupOf(subscription);
  if (setup)
    return { start: trialStartOf(start, setup), declineCode: setup.last_setup_error?.decline_code ?? setup.last_setup_error?.code ?? null };
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
 * Runs what makes a start's payer unable to complete it (voiding the first invoice, cancelling
 * the trial's SetupIntent); Stripe refuses it once the payer completed it, and the start, read
 * again, is then returned to be kept. Null when it can be ended.
 */
async function closeStart(stripe: Stripe, subscriptionId: string, idempotencyKey: string, close: () => Promise<unknown>) {
  try {
    await close();
    return null;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const now = await readStart(stripe, subscriptionId, idempotencyKey);
    return now && now.status !== 'incomplete' ? now : null;
  }
}

/**
 * Ends an incomplete start. Its first invoice is voided first, which cancels the invoice's
 * PaymentIntent, so the payer's browser can no longer pay it (a trial's: its SetupIntent is
 * canceled); one completed meanwhile refuses and the start, read again, is kept. Then the
 * subscription is canceled.
 */
export async function endStart(stripe: Stripe, subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: START_EXPAND });
  if (subscription.metadata[IDEMPOTENCY_KEY_METADATA] !== idempotencyKey)
    throw new PaymentProviderError(`No such subscription: '${subscriptionId}'`);
  const setup = pendingSetupOf(subscription);
  if (subscription.status !== 'incomplete' && !setup) return subscriptionOf(subscription);
  const invoice = invoiceOf(subscription);
  const invoiceId = invoice?.status === 'open' ? invoice.id : undefined;
  const close = setup
    ? setup.status === 'requires_action' &&
      (() => stripe.setupIntents.cancel(setup.id, {}, { idempotencyKey: `${idempotencyKey}:cancel-card-setup` }))
    : invoiceId && (() => stripe.invoices.voidInvoice(invoiceId, {}, { idempotencyKey: `${idempotencyKey}:void-first-invoice` }));
  const kept = close ? await closeStart(stripe, subscriptionId, idempotencyKey, close) : null;
  if (kept) return kept;
  const canceled = await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `${idempotencyKey}:end-start` });
  return subscriptionOf(canceled);
}
