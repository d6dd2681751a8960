import Stripe from 'stripe';

/** Subscriptions that still bill the customer: the ones a new default card must reach. */
const BILLING: ReadonlySet<Stripe.Subscription.Status> = new Set(['trialing', 'active', 'past_due', 'unpaid']);

const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * The customer's new default card becomes the card of each subscription that still bills them
 * (decision 041). Our subscriptions are created with their own default_payment_method, which
 * Stripe retries with before the customer's invoice_settings one, so changing the customer's alone
 * would leave renewals and retries on the old card. Setting a field to a value is idempotent, so
 * the update carries no key of ours (the SDK keys its own network retries).
 *
 * A past_due subscription's open invoice is then paid with the new card at once (invoices.pay,
 * Stripe's way to collect out of the retry schedule) instead of waiting days for the next retry.
 * Its key names the invoice, the card and the attempt, so a double click charges once; a refusal (declined, needs authentication, already paid) is not an error of the card
 * update: Stripe reports it with invoice.payment_failed / invoice.paid, which update our row.
 */
export async function moveStripeSubscriptionsToCard(stripe: Stripe, customerId: string, paymentMethodId: string) {
  for await (const subscription of stripe.subscriptions.list({ customer: customerId, expand: ['data.latest_invoice'] })) {
    if (!BILLING.has(subscription.status)) continue;
    if (idOf(subscription.default_payment_method) !== paymentMethodId) {
      await stripe.subscriptions.update(subscription.id, { default_payment_method: paymentMethodId });
    }
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    if (subscription.status === 'past_due' && invoice?.id && invoice.status === 'open') {
      await payOpenInvoice(stripe, invoice, paymentMethodId);
    }
  }
}

async function payOpenInvoice(stripe: Stripe, invoice: Stripe.Invoice & { id: string }, paymentMethodId: string) {
  try {
    await stripe.invoices.pay(
      invoice.id,
      { payment_method: paymentMethodId },
      { idempotencyKey: `invoice-pay:${invoice.id}:${paymentMethodId}:${invoice.attempt_count}` },
    );
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
  }
}
