import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../server/db/schema';
import { subscriptionStartKey } from '../../server/domains/payments/service/subscriptions';
import { ACTION_TIMEOUT_MS, STILL_AWAITING_ACTION } from '../../server/charge-actions';
import { reconcilePayments } from '../../server/jobs/reconcile-payments';
import { MINUTE } from '../../server/lib/time';
import { trpcError } from '../support/client';
import { signedInUser } from '../support/payments-fixtures';
import { deliverStripeWebhook, type RecordedStripeRequest, searchResult, startStripeApi } from '../support/payments-stripe-api';
import { startTestServer, type TestServer } from '../support/server';

// Decision 040 for subscription starts through the Stripe SDK (API 2026-10-28: an invoice names
// its PaymentIntent in `payments`, its client secret in `confirmation_secret`), against a loopback
// stand-in for api.stripe.com that keeps subscriptions, their first invoices and PaymentIntents.

const SECRET = 'whsec_sub_3ds';
const now = () => Math.floor(Date.now() / 1000);
const CARDS: Record<string, { id: string; last4: string; outcome: 'succeeded' | 'requires_action' | 'requires_payment_method' }> = {
  pm_card_visa: { id: 'pm_1Visa', last4: '4242', outcome: 'succeeded' },
  pm_card_threeDSecure2Required: { id: 'pm_1ThreeDS', last4: '3220', outcome: 'requires_action' },
  pm_card_chargeDeclined: { id: 'pm_1Declined', last4: '0002', outcome: 'requires_payment_method' },
};

type Sub = {
  id: string;
  status: string;
  metadata: Record<string, string>;
  price: number;
  invoice: string;
  canceledAt: number | null;
  trialEnd: number | null;
  /** A trial's SetupIntent (pending_setup_intent), which authenticates the card. */
  setup: string | null;
};
type Invoice = { id: string; status: string; intent: string };
type Intent = { id: string; status: string; client_secret: string; last_payment_error: { message: string; decline_code: string } | null };
const subs = new Map<string, Sub>();
const invoices = new Map<string, Invoice>();
const intents = new Map<string, Intent>();
type Setup = {
  id: string;
  status: string;
  client_secret: string;
  last_setup_error: { message: string; code: string } | null;
  /** The payer approves in the instant between our read and our cancel. */
  approvesBeforeCancel?: true;
};
const setups = new Map<string, Setup>();

function subscriptionBody(sub: Sub) {
  const invoice = invoices.get(sub.invoice)!;
  const intent = intents.get(invoice.intent)!;
  return {
    id: sub.id,
    object: 'subscription',
    status: sub.status,
    cancel_at_period_end: false,
    canceled_at: sub.canceledAt,
    trial_end: sub.trialEnd,
    pending_setup_intent: sub.setup ? { object: 'setup_intent', ...setups.get(sub.setup) } : null,
    start_date: now(),
    metadata: sub.metadata,
    items: {
      object: 'list',
      data: [
        { id: `si_${sub.id}`, price: { unit_amount: sub.price }, current_period_start: now(), current_period_end: now() + 30 * 86_400 },
      ],
    },
    latest_invoice: {
      id: invoice.id,
      object: 'invoice',
      status: invoice.status,
      confirmation_secret: { type: 'payment_intent', client_secret: intent.client_secret },
      payments: {
        object: 'list',
        data: [
          {
            id: `inpay_${invoice.id}`,
            object: 'invoice_payment',
            is_default: true,
            payment: { type: 'payment_intent', payment_intent: intent.id },
          },
        ],
      },
    },
  };
}

const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
  );

const missing = (what: string) => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
});

function answer({ method, path, form }: RecordedStripeRequest): { status?: number; body: unknown } {
  if (method === 'POST' && path === '/v1/customers')
    return { body: { id: `cus_${form['metadata[userId]'].slice(0, 8)}`, object: 'customer' } };
  const attach = path.match(/^\/v1\/payment_methods\/(\w+)\/attach$/);
  if (method === 'POST' && attach) {
    const card = CARDS[attach[1]];
    if (!card) return missing('payment_method');
    return { body: { id: card.id, object: 'payment_method', card: { brand: 'visa', last4: card.last4, exp_month: 12, exp_year: 2031 } } };
  }
  if (method === 'GET' && path.startsWith('/v1/products/')) return missing('product');
  if (method === 'POST' && path === '/v1/products') return { body: { id: form.id, object: 'product' } };
  if (method === 'POST' && path === '/v1/subscriptions') {
    const n = subs.size + 1;
    const outcome = Object.values(CARDS).find((c) => c.id === form.default_payment_method)?.outcome ?? 'succeeded';
    const trialDays = Number(form.trial_period_days ?? 0);
    // With a trial nothing is charged (the first invoice is a paid zero); the card is set up instead.
    if (trialDays > 0)
      setups.set(`seti_${n}`, {
        id: `seti_${n}`,
        status: outcome,
        client_secret: `seti_${n}_secret_def`,
        last_setup_error: outcome === 'requires_payment_method' ? { message: 'Your card was declined.', code: 'card_declined' } : null,
      });
    const charged = trialDays > 0 ? 'succeeded' : outcome;
    const intent: Intent = {
      id: `pi_sub_${n}`,
      status: charged,
      client_secret: `pi_sub_${n}_secret_abc`,
      last_payment_error:
        charged === 'requires_payment_method' ? { message: 'Your card was declined.', decline_code: 'generic_decline' } : null,
    };
    intents.set(intent.id, intent);
    invoices.set(`in_${n}`, { id: `in_${n}`, status: charged === 'succeeded' ? 'paid' : 'open', intent: intent.id });
    const sub: Sub = {
      id: `sub_3ds_${n}`,
      status: trialDays > 0 ? 'trialing' : charged === 'succeeded' ? 'active' : 'incomplete',
      trialEnd: trialDays > 0 ? now() + trialDays * 86_400 : null,
      setup: trialDays > 0 ? `seti_${n}` : null,
      metadata: metadataOf(form),
      price: Number(form['items[0][price_data][unit_amount]']),
      invoice: `in_${n}`,
      canceledAt: null,
    };
    subs.set(sub.id, sub);
    return { body: subscriptionBody(sub) };
  }
  if (method === 'GET' && path === '/v1/subscriptions/search') {
    const key = form.query.match(/^metadata\['inklink_idempotency_key'\]:'(.+)'$/)?.[1];
    return {
      body: searchResult(path, [...subs.values()].filter((sub) => sub.metadata.inklink_idempotency_key === key).map(subscriptionBody)),
    };
  }
  const subPath = path.match(/^\/v1\/subscriptions\/(\w+)$/);
  if (subPath) {
    const sub = subs.get(subPath[1]);
    if (!sub) return missing('subscription');
    if (method === 'DELETE') Object.assign(sub, { status: 'canceled', canceledAt: now() });
    return { body: subscriptionBody(sub) };
  }
  const intentPath = path.match(/^\/v1\/payment_intents\/(\w+)$/);
  if (method === 'GET' && intentPath) {
    const intent = intents.get(intentPath[1]);
    return intent ? { body: { object: 'payment_intent', metadata: {}, latest_charge: null, ...intent } } : missing('payment_intent');
  }
  const cancelSetup = path.match(/^\/v1\/setup_intents\/(\w+)\/cancel$/);
  if (method === 'POST' && cancelSetup) {
    const setup = setups.get(cancelSetup[1]);
    if (!setup) return missing('setup_intent');
    if (setup.approvesBeforeCancel) setup.status = 'succeeded';
    if (setup.status === 'succeeded')
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'This SetupIntent has already succeeded.' } } };
    setup.status = 'canceled';
    return { body: { object: 'setup_intent', ...setup } };
  }
  const voidPath = path.match(/^\/v1\/invoices\/(\w+)\/void$/);
  if (method === 'POST' && voidPath) {
    const invoice = invoices.get(voidPath[1]);
    if (!invoice) return missing('invoice');
    if (invoice.status !== 'open')
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'You can only pass in open invoices.' } } };
    invoice.status = 'void';
    intents.get(invoice.intent)!.status = 'canceled';
    return { body: { id: invoice.id, object: 'invoice', status: 'void' } };
  }
  return missing(`route (${method} ${path})`);
}

/** The bank's challenge answered in Stripe.js: the intent succeeds, the invoice is paid, the subscription active. */
function approve(subscriptionId: string) {
  const sub = subs.get(subscriptionId)!;
  // A trial's: the SetupIntent succeeds (Stripe keeps it as pending_setup_intent or clears it; both count).
  if (sub.setup) {
    setups.get(sub.setup)!.status = 'succeeded';
    return;
  }
  const invoice = invoices.get(sub.invoice)!;
  intents.get(invoice.intent)!.status = 'succeeded';
  invoice.status = 'paid';
  sub.status = 'active';
}

/** A failed challenge: Stripe leaves the intent requires_payment_method with the error. */
function fail(subscriptionId: string) {
  const setup = subs.get(subscriptionId)!.setup;
  if (setup) {
    Object.assign(setups.get(setup)!, {
      status: 'requires_payment_method',
      last_setup_error: { message: 'We are unable to authenticate your payment method.', code: 'setup_intent_authentication_failure' },
    });
    return;
  }
  const intent = intents.get(invoices.get(subs.get(subscriptionId)!.invoice)!.intent)!;
  Object.assign(intent, {
    status: 'requires_payment_method',
    last_payment_error: { message: 'We are unable to authenticate your payment method.', decline_code: '' },
  });
}

let api: Awaited<ReturnType<typeof startStripeApi>>;
let server: TestServer;
/** The default configuration: the plans' 30-day trial. */
let trialServer: TestServer;
beforeAll(async () => {
  api = await startStripeApi(answer);
  const env = { STRIPE_SECRET_KEY: 'sk_test_inklink', STRIPE_API_URL: api.url, STRIPE_WEBHOOK_SECRET: SECRET };
  server = await startTestServer({ env: { ...env, SUBSCRIPTION_TRIAL_DAYS: '0' } });
  trialServer = await startTestServer({ env });
});
afterAll(async () => {
  await server.close();
  await trialServer.close();
  await api.close();
});

const requestsTo = (method: string, path: string) => api.requests.filter((r) => r.method === method && r.path === path);
const rowOf = async (id: string) => (await server.deps.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

async function subscribeWith(card: string, on = server) {
  const subscriber = await signedInUser(on, { plan: 'free' });
  return { ...subscriber, started: subscriber.client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: card }) };
}

describe('subscription starts through Stripe (decision 040)', () => {
  it('asks for the first invoice’s payment at once, allowing an incomplete start, with the expansions that name its PaymentIntent', async () => {
    const { started } = await subscribeWith('pm_card_visa');
    const sub = await started;
    expect(sub).toMatchObject({ status: 'active', nextAction: null });
    const [created] = requestsTo('POST', '/v1/subscriptions').slice(-1);
    expect(created.headers['idempotency-key']).toBe(`subscription:${sub.id}`);
    expect(created.form).toMatchObject({
      default_payment_method: 'pm_1Visa',
      payment_behavior: 'allow_incomplete',
      'expand[0]': 'latest_invoice.payments',
      'expand[1]': 'latest_invoice.confirmation_secret',
      'metadata[inklink_idempotency_key]': `subscription:${sub.id}`,
      'metadata[subscriptionId]': sub.id,
    });
    expect(created.form.trial_period_days).toBeUndefined();
  });

  it('requires_action: the start waits incomplete with the invoice’s client secret; approved, completion reads it back active', async () => {
    const { client, started } = await subscribeWith('pm_card_threeDSecure2Required');
    const sub = await started;
    const providerId = sub.stripeSubscriptionId!;
    const intentId = invoices.get(subs.get(providerId)!.invoice)!.intent;
    expect(sub).toMatchObject({ status: 'incomplete', nextAction: { paymentIntentId: intentId, clientSecret: `${intentId}_secret_abc` } });
    expect(await client.payment.subscriptions.query()).toEqual([]);
    expect(await trpcError(client.payment.completeSubscription.mutate({ subscriptionId: sub.id }))).toMatchObject({
      code: 'CONFLICT',
      message: STILL_AWAITING_ACTION,
    });
    approve(providerId);
    const active = await client.payment.completeSubscription.mutate({ subscriptionId: sub.id });
    expect(active).toMatchObject({ id: sub.id, status: 'active', stripeSubscriptionId: providerId });
    // Read by id (no search: no indexing delay), with the expansions; nothing was canceled or voided.
    expect(requestsTo('GET', `/v1/subscriptions/${providerId}`).at(-1)?.form).toMatchObject({ 'expand[0]': 'latest_invoice.payments' });
    expect(requestsTo('DELETE', `/v1/subscriptions/${providerId}`)).toEqual([]);
    expect((await client.payment.subscriptions.query()).map((s) => s.status)).toEqual(['active']);
  });

  it('a decline is refused with the card’s message and leaves nothing live: the incomplete subscription is voided and canceled', async () => {
    const { client, started } = await subscribeWith('pm_card_chargeDeclined');
    expect(await trpcError(started)).toMatchObject({ code: 'BAD_REQUEST', message: 'Your card was declined.' });
    const providerId = [...subs.values()].at(-1)!.id;
    expect(subs.get(providerId)?.status).toBe('canceled');
    const invoice = subs.get(providerId)!.invoice;
    expect(requestsTo('POST', `/v1/invoices/${invoice}/void`)[0]?.headers['idempotency-key']).toMatch(
      /^subscription:[\w-]+:void-first-invoice$/,
    );
    expect(requestsTo('DELETE', `/v1/subscriptions/${providerId}`)[0]?.headers['idempotency-key']).toMatch(
      /^subscription:[\w-]+:end-start$/,
    );
    expect(await client.payment.subscriptions.query()).toEqual([]);
    // Nothing holds the one live subscription: the user can subscribe with another card.
    expect(await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' })).toMatchObject({
      status: 'active',
    });
  });

  it('a failed challenge: the bank’s reason, the start ended with Stripe, the claim removed', async () => {
    const { client, started } = await subscribeWith('pm_card_threeDSecure2Required');
    const sub = await started;
    fail(sub.stripeSubscriptionId!);
    expect(await trpcError(client.payment.completeSubscription.mutate({ subscriptionId: sub.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'We are unable to authenticate your payment method.',
    });
    expect(subs.get(sub.stripeSubscriptionId!)?.status).toBe('canceled');
    expect(await rowOf(sub.id)).toBeUndefined();
  });

  it('customer.subscription.updated (incomplete → active) settles the start too; the browser then finds it active', async () => {
    const { client, started } = await subscribeWith('pm_card_threeDSecure2Required');
    const sub = await started;
    approve(sub.stripeSubscriptionId!);
    const payload = JSON.stringify({
      id: `evt_sub_3ds_${sub.id}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: now(),
      data: { object: { ...subscriptionBody(subs.get(sub.stripeSubscriptionId!)!), latest_invoice: 'in_x' } },
    });
    const response = await deliverStripeWebhook(server, SECRET, payload);
    expect(response.status).toBe(200);
    expect(await rowOf(sub.id)).toMatchObject({ status: 'active' });
    const reads = requestsTo('GET', `/v1/subscriptions/${sub.stripeSubscriptionId}`).length;
    expect(await client.payment.completeSubscription.mutate({ subscriptionId: sub.id })).toMatchObject({ status: 'active' });
    expect(requestsTo('GET', `/v1/subscriptions/${sub.stripeSubscriptionId}`)).toHaveLength(reads);
  });

  it('abandoned: after ACTION_TIMEOUT_MS the reconcile job voids the invoice and cancels the subscription; the claim is freed', async () => {
    const { client, started } = await subscribeWith('pm_card_threeDSecure2Required');
    const sub = await started;
    const moved = ACTION_TIMEOUT_MS + MINUTE;
    server.clock.advance(moved);
    try {
      await reconcilePayments(server.deps);
      expect(subs.get(sub.stripeSubscriptionId!)?.status).toBe('canceled');
      expect(invoices.get(subs.get(sub.stripeSubscriptionId!)!.invoice)?.status).toBe('void');
      expect(await rowOf(sub.id)).toBeUndefined();
      expect(await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' })).toMatchObject({
        status: 'active',
      });
    } finally {
      server.clock.advance(-moved);
    }
  });
});

describe('trial starts through Stripe: the card is authenticated by the subscription’s pending_setup_intent (decision 040)', () => {
  const startTrial = async () => {
    const { client, started } = await subscribeWith('pm_card_threeDSecure2Required', trialServer);
    const sub = await started;
    return { client, sub, providerId: sub.stripeSubscriptionId!, setupId: subs.get(sub.stripeSubscriptionId!)!.setup! };
  };

  it('requires_action: waits with the SetupIntent’s client secret; approved, completion reads it trialing; nothing canceled', async () => {
    const { client, sub, providerId, setupId } = await startTrial();
    const [created] = requestsTo('POST', '/v1/subscriptions').slice(-1);
    expect(created.form).toMatchObject({
      trial_period_days: '30',
      payment_behavior: 'allow_incomplete',
      'expand[2]': 'pending_setup_intent',
      'metadata[subscriptionId]': sub.id,
    });
    expect(sub).toMatchObject({ status: 'incomplete', nextAction: { paymentIntentId: setupId, clientSecret: `${setupId}_secret_def` } });
    expect(await client.payment.subscriptions.query()).toEqual([]);
    expect(await trpcError(client.payment.completeSubscription.mutate({ subscriptionId: sub.id }))).toMatchObject({
      code: 'CONFLICT',
      message: STILL_AWAITING_ACTION,
    });
    approve(providerId);
    const trialing = await client.payment.completeSubscription.mutate({ subscriptionId: sub.id });
    expect(trialing).toMatchObject({ status: 'trialing', stripeSubscriptionId: providerId });
    expect(trialing.trialEnd!.getTime()).toBe(subs.get(providerId)!.trialEnd! * 1000);
    expect(requestsTo('GET', `/v1/subscriptions/${providerId}`).at(-1)?.form).toMatchObject({ 'expand[2]': 'pending_setup_intent' });
    expect(requestsTo('POST', `/v1/setup_intents/${setupId}/cancel`)).toEqual([]);
    expect(requestsTo('DELETE', `/v1/subscriptions/${providerId}`)).toEqual([]);
    expect((await client.payment.subscriptions.query()).map((s) => s.status)).toEqual(['trialing']);
  });

  it('pending_setup_intent cleared after the approval counts as authenticated too', async () => {
    const { client, sub, providerId } = await startTrial();
    approve(providerId);
    subs.get(providerId)!.setup = null;
    expect(await client.payment.completeSubscription.mutate({ subscriptionId: sub.id })).toMatchObject({ status: 'trialing' });
  });

  it('a failed challenge (requires_payment_method): the bank’s reason, the subscription canceled, the user can subscribe again', async () => {
    const { client, sub, providerId } = await startTrial();
    fail(providerId);
    expect(await trpcError(client.payment.completeSubscription.mutate({ subscriptionId: sub.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'We are unable to authenticate your payment method.',
    });
    expect(subs.get(providerId)?.status).toBe('canceled');
    expect(requestsTo('DELETE', `/v1/subscriptions/${providerId}`)[0]?.headers['idempotency-key']).toBe(`subscription:${sub.id}:end-start`);
    expect(await rowOf(sub.id)).toBeUndefined();
    expect(await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' })).toMatchObject({
      status: 'trialing',
      nextAction: null,
    });
  });

  it('a card refused when it is set up is refused at subscribe, with nothing left live', async () => {
    const { client, started } = await subscribeWith('pm_card_chargeDeclined', trialServer);
    expect(await trpcError(started)).toMatchObject({ code: 'BAD_REQUEST', message: 'Your card was declined.' });
    expect(subs.get([...subs.values()].at(-1)!.id)?.status).toBe('canceled');
    expect(await client.payment.subscriptions.query()).toEqual([]);
  });

  it('customer.subscription.created (trialing, card not yet authenticated) does not start our row; completion does', async () => {
    const { client, sub, providerId, setupId } = await startTrial();
    const payload = JSON.stringify({
      id: `evt_trial_3ds_${sub.id}`,
      object: 'event',
      type: 'customer.subscription.created',
      created: now(),
      data: { object: { ...subscriptionBody(subs.get(providerId)!), latest_invoice: 'in_x', pending_setup_intent: setupId } },
    });
    expect((await deliverStripeWebhook(trialServer, SECRET, payload)).status).toBe(200);
    expect(await trialServer.deps.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id))).toMatchObject([
      { status: 'incomplete' },
    ]);
    expect(await client.payment.subscriptions.query()).toEqual([]);
    approve(providerId);
    expect(await client.payment.completeSubscription.mutate({ subscriptionId: sub.id })).toMatchObject({ status: 'trialing' });
  });

  it('abandoned: after ACTION_TIMEOUT_MS the reconcile job cancels the SetupIntent and the subscription; the claim is freed', async () => {
    const { client, sub, providerId, setupId } = await startTrial();
    const moved = ACTION_TIMEOUT_MS + MINUTE;
    trialServer.clock.advance(moved);
    try {
      await reconcilePayments(trialServer.deps);
      expect(requestsTo('POST', `/v1/setup_intents/${setupId}/cancel`)[0]?.headers['idempotency-key']).toBe(
        `subscription:${sub.id}:cancel-card-setup`,
      );
      expect(setups.get(setupId)?.status).toBe('canceled');
      expect(subs.get(providerId)?.status).toBe('canceled');
      expect(await trialServer.deps.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id))).toEqual([]);
      expect(await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' })).toMatchObject({
        status: 'trialing',
      });
    } finally {
      trialServer.clock.advance(-moved);
    }
  });

  it('approved just as the reconcile job ends it: the SetupIntent refuses the cancel and the trial is kept', async () => {
    const { client, sub, providerId, setupId } = await startTrial();
    // Read requiring action, approved before the cancel arrives: Stripe refuses to cancel it.
    setups.get(setupId)!.approvesBeforeCancel = true;
    const ended = await trialServer.deps.payments.endSubscriptionStart({
      subscriptionId: providerId,
      idempotencyKey: `subscription:${sub.id}`,
    });
    expect(ended.status).toBe('trialing');
    expect(requestsTo('POST', `/v1/setup_intents/${setupId}/cancel`)).toHaveLength(1);
    expect(requestsTo('DELETE', `/v1/subscriptions/${providerId}`)).toEqual([]);
    expect(setups.get(setupId)?.status).toBe('succeeded');
    expect(await client.payment.completeSubscription.mutate({ subscriptionId: sub.id })).toMatchObject({ status: 'trialing' });
  });

  it('a claim stranded after Stripe created the trial (subscribe died): found as a start, ended once abandoned', async () => {
    const { user } = await signedInUser(trialServer, { plan: 'free' });
    const db = trialServer.deps.db;
    const [claim] = await db
      .insert(subscriptions)
      .values({
        userId: user.id,
        planId: 'artist_pro',
        planName: 'Artist Pro',
        price: 500,
        status: 'incomplete',
        createdAt: trialServer.clock.now(),
      })
      .returning();
    const created = await trialServer.deps.payments.createSubscription({
      customerId: 'cus_stranded',
      plan: { planId: 'artist_pro', planName: 'Artist Pro', priceCents: 500, currency: 'usd' },
      paymentMethodId: 'pm_1ThreeDS',
      trialDays: 30,
      idempotencyKey: subscriptionStartKey(claim.id),
    });
    expect(created).toMatchObject({ status: 'incomplete', action: { clientSecret: expect.stringMatching(/^seti_/) } });
    expect(await trialServer.deps.payments.findSubscription(subscriptionStartKey(claim.id))).toMatchObject({
      status: 'incomplete',
      action: created.action,
    });
    const moved = ACTION_TIMEOUT_MS + MINUTE;
    trialServer.clock.advance(moved);
    try {
      // One pass fills the claim with the start (incomplete, Stripe's id), then ends it: past the timeout.
      await reconcilePayments(trialServer.deps);
      expect(await db.select().from(subscriptions).where(eq(subscriptions.id, claim.id))).toEqual([]);
      expect(subs.get(created.subscriptionId)?.status).toBe('canceled');
    } finally {
      trialServer.clock.advance(-moved);
    }
  });
});
