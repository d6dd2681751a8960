import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRequestCast, signedInUser } from '../support/payments-fixtures';
import { type RecordedStripeRequest, startStripeApi } from '../support/payments-stripe-api';
import { startTestServer, type TestServer } from '../support/server';

// The app with STRIPE_SECRET_KEY set: every payments call goes through the official SDK to a
// loopback stand-in for api.stripe.com, which answers like Stripe and records the exact requests.

const now = () => Math.floor(Date.now() / 1000);
const onboarded = new Set<string>();
let accountSeq = 0;

function account(id: string) {
  const ready = onboarded.has(id);
  return {
    id,
    object: 'account',
    charges_enabled: ready,
    payouts_enabled: ready,
    details_submitted: ready,
    capabilities: { card_payments: ready ? 'active' : 'inactive', transfers: ready ? 'active' : 'inactive' },
    requirements: {
      currently_due: ready ? [] : ['external_account'],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
      disabled_reason: null,
    },
    default_currency: 'usd',
    country: 'US',
  };
}

function subscription(form: Record<string, string>) {
  const trialEnd = form.trial_period_days ? now() + Number(form.trial_period_days) * 86_400 : null;
  return {
    id: 'sub_stripe_1',
    object: 'subscription',
    status: trialEnd ? 'trialing' : 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    trial_end: trialEnd,
    start_date: now(),
    metadata: { planId: form['metadata[planId]'] },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          price: { unit_amount: Number(form['items[0][price_data][unit_amount]']) },
          current_period_start: now(),
          current_period_end: trialEnd ?? now() + 30 * 86_400,
        },
      ],
    },
  };
}

function answer(request: RecordedStripeRequest) {
  const { method, path, form } = request;
  const accountMatch = path.match(/^\/v1\/accounts\/(acct_\w+)$/);
  if (method === 'POST' && path === '/v1/accounts') return { body: account(`acct_test_${++accountSeq}`) };
  if (method === 'GET' && accountMatch) return { body: account(accountMatch[1]) };
  if (method === 'POST' && path === '/v1/account_links')
    return { body: { object: 'account_link', url: `https://connect.stripe.com/setup/e/${form.account}`, expires_at: now() + 300 } };
  if (method === 'POST' && path === '/v1/customers')
    return { body: { id: `cus_${form['metadata[userId]'].slice(0, 8)}`, object: 'customer' } };
  if (method === 'POST' && path.startsWith('/v1/customers/')) return { body: { id: path.split('/')[3], object: 'customer' } };
  if (method === 'POST' && path === '/v1/payment_methods/pm_card_visa/attach') {
    return { body: { id: 'pm_1Visa', object: 'payment_method', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 } } };
  }
  if (method === 'POST' && path === '/v1/payment_intents') {
    return {
      body: {
        id: 'pi_stripe_1',
        object: 'payment_intent',
        status: 'succeeded',
        latest_charge: { id: 'ch_stripe_1', object: 'charge', receipt_url: 'https://pay.stripe.com/receipts/ch_stripe_1' },
      },
    };
  }
  if (method === 'GET' && path === '/v1/products/inklink_artist_pro')
    return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such product' } } };
  if (method === 'POST' && path === '/v1/products') return { body: { id: form.id, object: 'product' } };
  if (method === 'POST' && path === '/v1/subscriptions') return { body: subscription(form) };
  // A new default card is pushed to the customer's subscriptions (decision 041): this payer has none.
  if (method === 'GET' && path === '/v1/subscriptions') return { body: { object: 'list', url: path, has_more: false, data: [] } };
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `Unrecognized request URL (${method} ${path})` } },
  };
}

let api: Awaited<ReturnType<typeof startStripeApi>>;
let server: TestServer;
beforeAll(async () => {
  api = await startStripeApi(answer);
  server = await startTestServer({ env: { STRIPE_SECRET_KEY: 'sk_test_inklink', STRIPE_API_URL: api.url } });
});
afterAll(async () => {
  await server.close();
  await api.close();
});

const last = (method: string, path: string) => [...api.requests].reverse().find((r) => r.method === method && r.path === path);

describe('payments through Stripe', () => {
  it('uses the Stripe provider', async () => {
    expect(server.deps.payments.kind).toBe('stripe');
    expect(await server.client().payment.config.query()).toEqual({ provider: 'stripe', publishableKey: null });
  });

  it('a payment request is paid by a destination charge: amount in cents, the platform fee, the requester’s account, one idempotency key', async () => {
    const { artist, payer, request } = await paymentRequestCast(server, { artistReady: false });
    const created = await artist.client.connect.createAccount.mutate();
    expect(created).toMatchObject({ status: 'pending', message: 'Account setup not completed' });
    expect(last('POST', '/v1/accounts')?.form).toMatchObject({
      type: 'express',
      country: 'US',
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': artist.user.id,
    });
    expect(last('POST', '/v1/accounts')?.headers['idempotency-key']).toBe(`user:${artist.user.id}:connect-account`);
    const link = await artist.client.connect.onboardingLink.mutate({ returnPath: '/account/payments' });
    expect(link.url).toBe(`https://connect.stripe.com/setup/e/${created.accountId}`);
    expect(last('POST', '/v1/account_links')?.form).toMatchObject({
      type: 'account_onboarding',
      return_url: `${server.deps.config.appOrigin}/account/payments`,
    });

    // Stripe's hosted onboarding is done; the next status check reads it.
    onboarded.add(created.accountId ?? '');
    expect(await artist.client.connect.status.query({ refresh: true })).toMatchObject({ status: 'active', canReceivePayments: true });

    const [saved] = await payer.client.payment.methods.query();
    expect(saved).toMatchObject({ stripePaymentMethodId: 'pm_1Visa', brand: 'visa', last4: '4242' });
    const pending = await request({ amount: 10_000 });
    const paid = await payer.client.paymentRequest.process.mutate({ paymentRequestId: pending.id, paymentMethodId: 'pm_1Visa' });
    expect(paid).toMatchObject({
      status: 'succeeded',
      stripePaymentIntentId: 'pi_stripe_1',
      stripeChargeId: 'ch_stripe_1',
      receiptUrl: 'https://pay.stripe.com/receipts/ch_stripe_1',
    });
    const charge = last('POST', '/v1/payment_intents');
    expect(charge?.headers['idempotency-key']).toBe(`payment-transaction:${paid.id}`);
    expect(charge?.form).toMatchObject({
      amount: '10000',
      currency: 'usd',
      payment_method: 'pm_1Visa',
      customer: `cus_${payer.user.id.slice(0, 8)}`,
      application_fee_amount: '100',
      'transfer_data[destination]': created.accountId,
      'metadata[paymentRequestId]': pending.id,
      'metadata[paymentTransactionId]': paid.id,
      confirm: 'true',
    });
    expect(api.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(1);
  });

  it('Artist Pro: a $5.00 monthly price with a 30-day trial, keyed by our subscription id', async () => {
    const { client } = await signedInUser(server, { plan: 'free' });
    const sub = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' });
    expect(sub).toMatchObject({ status: 'trialing', stripeSubscriptionId: 'sub_stripe_1', price: 500 });
    expect(last('POST', '/v1/products')?.form).toMatchObject({ id: 'inklink_artist_pro', name: 'InkLink Artist Pro' });
    const created = last('POST', '/v1/subscriptions');
    expect(created?.headers['idempotency-key']).toBe(`subscription:${sub.id}`);
    expect(created?.form).toMatchObject({
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][product]': 'inklink_artist_pro',
      'items[0][price_data][unit_amount]': '500',
      'items[0][price_data][recurring][interval]': 'month',
      default_payment_method: 'pm_1Visa',
      trial_period_days: '30',
      payment_behavior: 'allow_incomplete',
      'metadata[subscriptionId]': sub.id,
    });
  });
});
