import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, paymentMethods, subscriptions } from '../../server/db/schema';
import { CARDS } from '../support/commerce-fixtures';
import { signedInUser } from '../support/payments-fixtures';
import { type StripeMode, startStripeMode } from '../support/stripe-fake';

// Decision 041 in Stripe mode. A new default card reaches the subscriptions themselves (their own
// default_payment_method outranks the customer's), and a past_due one's open invoice is paid with
// it at once. Stripe's webhooks come in any order: a stale invoice or subscription event changes
// nothing, and a replay changes nothing twice.

let stripe: StripeMode;
beforeAll(async () => {
  stripe = await startStripeMode();
});
afterAll(() => stripe?.close());

const db = () => stripe.server.deps.db;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const later = (minutes: number) => new Date(stripe.server.clock.now().getTime() + minutes * 60_000);

/** A subscriber to Artist Pro (trialing) with the Visa test card, and the rows and mails to look at. */
async function subscriber() {
  const { user, client } = await signedInUser(stripe.server, { plan: 'free' });
  await client.payment.addMethod.mutate({ paymentMethodId: CARDS.succeeds });
  const sub = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: CARDS.succeeds });
  const providerId = sub.stripeSubscriptionId ?? '';
  return {
    user,
    client,
    providerId,
    customerId: `cus_${user.id.slice(0, 8)}`,
    row: async () => (await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0],
    mails: () => db().select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, user.email)),
    defaultCard: async () =>
      (
        await db()
          .select()
          .from(paymentMethods)
          .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.isDefault, true)))
      ).map((m) => m.stripePaymentMethodId),
    fake: () => stripe.subs.subscriptions.find((s) => s.id === providerId),
  };
}

/** A subscription invoice as Stripe sends it in an event (API 2025+: the subscription under parent). */
const invoice = (subscriptionId: string, id: string, created: Date, fields: Record<string, unknown> = {}) => ({
  id,
  object: 'invoice',
  created: seconds(created),
  parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
  ...fields,
});
const failed = (subscriptionId: string, id: string, created: Date, attempt: number) =>
  invoice(subscriptionId, id, created, { status: 'open', attempt_count: attempt, next_payment_attempt: seconds(created) + 2 * 86_400 });
const paid = (subscriptionId: string, id: string, created: Date) =>
  invoice(subscriptionId, id, created, { status: 'paid', attempt_count: 1, next_payment_attempt: null });

describe('a new default card reaches the Stripe subscriptions (decision 041)', () => {
  it('trialing: the customer’s and the subscription’s default_payment_method move to the new card; no invoice is paid', async () => {
    const s = await subscriber();
    expect(s.fake()).toMatchObject({ status: 'trialing', default_payment_method: CARDS.succeeds });
    await s.client.payment.addMethod.mutate({ paymentMethodId: CARDS.succeedsMastercard });
    const before = stripe.api.requests.length;
    await s.client.payment.setDefaultMethod.mutate({ paymentMethodId: CARDS.succeedsMastercard });
    const calls = stripe.api.requests.slice(before);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v1/customers/${s.customerId}`,
      'GET /v1/subscriptions',
      `POST /v1/subscriptions/${s.providerId}`,
    ]);
    expect(calls[0].form).toEqual({ 'invoice_settings[default_payment_method]': CARDS.succeedsMastercard });
    expect(calls[1].form).toEqual({ customer: s.customerId, 'expand[0]': 'data.latest_invoice' });
    expect(calls[2].form).toEqual({ default_payment_method: CARDS.succeedsMastercard });
    expect(s.fake()).toMatchObject({ default_payment_method: CARDS.succeedsMastercard });
    expect(await s.defaultCard()).toEqual([CARDS.succeedsMastercard]);
    // The same card again: the subscription already has it, nothing is updated.
    const again = stripe.api.requests.length;
    await s.client.payment.setDefaultMethod.mutate({ paymentMethodId: CARDS.succeedsMastercard });
    expect(stripe.api.requests.slice(again).map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v1/customers/${s.customerId}`,
      'GET /v1/subscriptions',
    ]);
  });

  it('past_due: the open invoice is paid with the new card at once (keyed by invoice, card and attempt); invoice.paid then makes it active', async () => {
    const s = await subscriber();
    const open = stripe.subs.pastDue(s.providerId);
    await stripe.deliver(stripe.event('invoice.payment_failed', failed(s.providerId, open.id, stripe.server.clock.now(), 1)));
    expect(await s.row()).toMatchObject({ status: 'past_due', failedPaymentAttempts: 1 });
    expect(await s.mails()).toHaveLength(1);

    await s.client.payment.addMethod.mutate({ paymentMethodId: CARDS.succeedsMastercard });
    await s.client.payment.setDefaultMethod.mutate({ paymentMethodId: CARDS.succeedsMastercard });
    const [update] = stripe.sent('POST', `/v1/subscriptions/${s.providerId}`);
    expect(update.form).toEqual({ default_payment_method: CARDS.succeedsMastercard });
    const pays = stripe.sent('POST', `/v1/invoices/${open.id}/pay`);
    expect(pays).toHaveLength(1);
    expect(pays[0].form).toEqual({ payment_method: CARDS.succeedsMastercard });
    expect(pays[0].headers['idempotency-key']).toBe(`invoice-pay:${open.id}:${CARDS.succeedsMastercard}:1`);
    expect(open.status).toBe('paid');
    // Our row follows Stripe's report of the payment, not the API's answer.
    expect(await s.row()).toMatchObject({ status: 'past_due' });
    await stripe.deliver(stripe.event('invoice.paid', paid(s.providerId, open.id, new Date(open.created * 1000))));
    expect(await s.row()).toMatchObject({
      status: 'active',
      failedPaymentAttempts: 0,
      nextPaymentAttemptAt: null,
      latestInvoicePaid: true,
    });
    // A second click finds the subscription active: no second payment.
    await s.client.payment.setDefaultMethod.mutate({ paymentMethodId: CARDS.succeedsMastercard });
    expect(stripe.sent('POST', `/v1/invoices/${open.id}/pay`)).toHaveLength(1);
    expect(await s.mails()).toHaveLength(1);
  });

  it('two clicks at once on a past_due subscription: the open invoice is paid once (one key for both)', async () => {
    const s = await subscriber();
    const open = stripe.subs.pastDue(s.providerId);
    await s.client.payment.addMethod.mutate({ paymentMethodId: CARDS.succeedsMastercard });
    await Promise.all([
      s.client.payment.setDefaultMethod.mutate({ paymentMethodId: CARDS.succeedsMastercard }),
      s.client.payment.setDefaultMethod.mutate({ paymentMethodId: CARDS.succeedsMastercard }),
    ]);
    const keys = new Set(stripe.sent('POST', `/v1/invoices/${open.id}/pay`).map((r) => r.headers['idempotency-key']));
    expect([...keys]).toEqual([`invoice-pay:${open.id}:${CARDS.succeedsMastercard}:1`]);
    expect(open).toMatchObject({ status: 'paid', attempt_count: 2 });
    expect(await s.defaultCard()).toEqual([CARDS.succeedsMastercard]);
  });

  it('past_due and the new card is declined too: the card is still the default everywhere, and the failure comes by webhook', async () => {
    const s = await subscriber();
    const open = stripe.subs.pastDue(s.providerId);
    await s.client.payment.addMethod.mutate({ paymentMethodId: CARDS.failsOnCharge });
    const chosen = await s.client.payment.setDefaultMethod.mutate({ paymentMethodId: CARDS.failsOnCharge });
    expect(chosen).toMatchObject({ stripePaymentMethodId: CARDS.failsOnCharge, isDefault: true });
    expect(stripe.sent('POST', `/v1/invoices/${open.id}/pay`)).toHaveLength(1);
    expect(open).toMatchObject({ status: 'open', attempt_count: 2 });
    expect(s.fake()).toMatchObject({ status: 'past_due', default_payment_method: CARDS.failsOnCharge });
    expect(await s.defaultCard()).toEqual([CARDS.failsOnCharge]);
  });
});

describe('out-of-order invoice and subscription events (decision 041)', () => {
  it('a payment_failed delivered after the same invoice’s invoice.paid changes nothing and sends no e-mail; a replay neither', async () => {
    const s = await subscriber();
    const created = stripe.server.clock.now();
    // Stripe: the attempt failed (event at +1 min), the retry paid it (+2 min); delivered paid first.
    const failure = stripe.event('invoice.payment_failed', failed(s.providerId, 'in_same', created, 1), later(1));
    await stripe.deliver(stripe.event('invoice.paid', paid(s.providerId, 'in_same', created), later(2)));
    expect(await stripe.deliver(failure)).toEqual({ received: true, duplicate: false });
    expect(await s.row()).toMatchObject({ status: 'trialing', failedPaymentAttempts: 0, nextPaymentAttemptAt: null });
    expect(await s.mails()).toEqual([]);
    expect(await stripe.deliver(failure)).toEqual({ received: true, duplicate: true });
    expect(await s.mails()).toEqual([]);
  });

  it('a late failure of an older invoice after a later period’s invoice.paid is stale; a late invoice.paid of an older invoice does not end a newer failure', async () => {
    const s = await subscriber();
    const start = stripe.server.clock.now();
    const month = (n: number) => new Date(start.getTime() + n * 30 * 86_400_000);
    await stripe.deliver(stripe.event('invoice.paid', paid(s.providerId, 'in_may', month(1)), month(1)));
    await stripe.deliver(stripe.event('invoice.payment_failed', failed(s.providerId, 'in_april', month(0), 3), month(0)));
    expect(await s.row()).toMatchObject({ status: 'trialing', failedPaymentAttempts: 0 });
    expect(await s.mails()).toEqual([]);

    // June's renewal fails: news, once per attempt.
    const june = stripe.event('invoice.payment_failed', failed(s.providerId, 'in_june', month(2), 1), month(2));
    await stripe.deliver(june);
    expect(await s.row()).toMatchObject({ status: 'past_due', failedPaymentAttempts: 1, latestInvoicePaid: false });
    expect(await stripe.deliver(june)).toEqual({ received: true, duplicate: true });
    await stripe.deliver(stripe.event('invoice.payment_failed', failed(s.providerId, 'in_june', month(2), 1), month(2)));
    expect(await s.mails()).toHaveLength(1);
    // May's invoice.paid delivered again under another event id: June is still unpaid.
    await stripe.deliver(stripe.event('invoice.paid', paid(s.providerId, 'in_may', month(1)), month(1)));
    expect(await s.row()).toMatchObject({ status: 'past_due', failedPaymentAttempts: 1 });
    // June's second attempt fails, then is paid; its first attempt's report arriving last changes nothing.
    await stripe.deliver(stripe.event('invoice.payment_failed', failed(s.providerId, 'in_june', month(2), 2), month(2)));
    expect(await s.row()).toMatchObject({ status: 'past_due', failedPaymentAttempts: 2 });
    await stripe.deliver(stripe.event('invoice.paid', paid(s.providerId, 'in_june', month(2)), month(2)));
    await stripe.deliver(stripe.event('invoice.payment_failed', failed(s.providerId, 'in_june', month(2), 1), month(2)));
    expect(await s.row()).toMatchObject({ status: 'active', failedPaymentAttempts: 0, nextPaymentAttemptAt: null });
    expect((await s.mails()).map((m) => m.subject)).toEqual([
      'Payment failed for your Artist Pro subscription',
      'Payment failed for your Artist Pro subscription',
    ]);
  });

  it('a failure older than a subscription event that says the plan is in good standing is stale (its invoice.paid still on the way)', async () => {
    const s = await subscriber();
    const fake = s.fake();
    if (!fake) throw new Error('expected the fake subscription');
    const created = stripe.server.clock.now();
    await stripe.deliver(stripe.event('invoice.payment_failed', failed(s.providerId, 'in_late', created, 1), later(1)));
    const second = stripe.event('invoice.payment_failed', failed(s.providerId, 'in_late', created, 2), later(2));
    // The retry after the second failure paid it: Stripe's subscription event arrives first.
    await stripe.deliver(stripe.event('customer.subscription.updated', { ...fake, status: 'active', trial_end: null }, later(3)));
    expect(await s.row()).toMatchObject({ status: 'active', failedPaymentAttempts: 0 });
    await stripe.deliver(second);
    expect(await s.row()).toMatchObject({ status: 'active', failedPaymentAttempts: 0, nextPaymentAttemptAt: null });
    expect(await s.mails()).toHaveLength(1);
    await stripe.deliver(stripe.event('invoice.paid', paid(s.providerId, 'in_late', created), later(3)));
    expect(await s.row()).toMatchObject({ status: 'active', latestInvoicePaid: true });
  });

  it('concurrent deliveries on PostgreSQL: five reports of one attempt under different ids e-mail once; its payment racing stale failures ends active', async () => {
    const s = await subscriber();
    const created = stripe.server.clock.now();
    const failure = () => stripe.event('invoice.payment_failed', failed(s.providerId, 'in_race', created, 1));
    await Promise.all(Array.from({ length: 5 }, () => stripe.deliver(failure())));
    expect(await s.row()).toMatchObject({ status: 'past_due', failedPaymentAttempts: 1 });
    expect(await s.mails()).toHaveLength(1);
    await Promise.all([
      stripe.deliver(failure()),
      stripe.deliver(stripe.event('invoice.paid', paid(s.providerId, 'in_race', created))),
      stripe.deliver(failure()),
    ]);
    expect(await s.row()).toMatchObject({ status: 'active', failedPaymentAttempts: 0, latestInvoicePaid: true });
    expect(await s.mails()).toHaveLength(1);
  });

  it('a subscription event older than the last one applied does not overwrite it (same second: applied)', async () => {
    const s = await subscriber();
    const fake = s.fake();
    if (!fake) throw new Error('expected the fake subscription');
    const snapshot = (status: string, periodEnd: Date) => ({
      ...fake,
      status,
      items: { ...fake.items, data: [{ ...fake.items.data[0], current_period_end: seconds(periodEnd) }] },
    });
    const newer = later(10);
    await stripe.deliver(stripe.event('customer.subscription.updated', snapshot('active', later(60 * 24 * 30)), newer));
    const stale = stripe.event('customer.subscription.updated', snapshot('past_due', later(60)), later(5));
    await stripe.deliver(stale);
    expect(await s.row()).toMatchObject({ status: 'active', providerEventAt: new Date(seconds(newer) * 1000) });
    expect((await s.row()).currentPeriodEnd?.getTime()).toBe(seconds(later(60 * 24 * 30)) * 1000);
    expect(await stripe.deliver(stale)).toEqual({ received: true, duplicate: true });
    await stripe.deliver(
      stripe.event('customer.subscription.updated', { ...snapshot('active', later(60)), cancel_at_period_end: true }, newer),
    );
    expect(await s.row()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });
});
