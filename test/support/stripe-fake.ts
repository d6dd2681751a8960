import Stripe from 'stripe';
import { expect } from 'vitest';
import {
  paymentIntentsBook,
  type RecordedStripeRequest,
  searchResult,
  startStripeApi,
  stripeError,
  THREE_D_SECURE_CARD,
  unknownRequest,
} from './payments-stripe-api';
import { startTestServer, type TestServer } from './server';

// A stateful stand-in for the parts of api.stripe.com the app uses (customers and cards,
// PaymentIntents, refunds, subscriptions and their invoices), and the app started against it in
// Stripe mode with a webhook secret: the tests assert the exact requests the SDK sent.

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The test cards the fake attaches, as Stripe describes them. */
const CARD_DETAILS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341' },
  [THREE_D_SECURE_CARD]: { brand: 'visa', last4: '3220' },
};

type FakeInvoice = { id: string; object: 'invoice'; status: 'open' | 'paid'; attempt_count: number; created: number; subscription: string };
type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  default_payment_method: string;
  cancel_at_period_end: boolean;
  canceled_at: null;
  trial_end: number | null;
  start_date: number;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  items: {
    object: 'list';
    data: Array<{ id: string; price: { unit_amount: number }; current_period_start: number; current_period_end: number }>;
  };
};

/** Subscriptions and their invoices; `pastDue` is a renewal that failed, leaving an open invoice. */
function subscriptionsBook(now: () => Date) {
  const subscriptions: FakeSubscription[] = [];
  const invoices: FakeInvoice[] = [];
  const invoiceOf = (sub: FakeSubscription) => invoices.find((invoice) => invoice.id === sub.latest_invoice) ?? null;
  const view = (sub: FakeSubscription, expandInvoice: boolean) => (expandInvoice ? { ...sub, latest_invoice: invoiceOf(sub) } : sub);
  return {
    subscriptions,
    invoices,
    create(form: Record<string, string>) {
      const start = seconds(now());
      const trialEnd = form.trial_period_days ? start + Number(form.trial_period_days) * 86_400 : null;
      const sub: FakeSubscription = {
        id: `sub_fake_${subscriptions.length + 1}`,
        object: 'subscription',
        customer: form.customer,
        status: trialEnd ? 'trialing' : 'active',
        default_payment_method: form.default_payment_method,
        cancel_at_period_end: false,
        canceled_at: null,
        trial_end: trialEnd,
        start_date: start,
        metadata: { planId: form['metadata[planId]'] },
        latest_invoice: null,
        items: {
          object: 'list',
          data: [
            {
              id: `si_fake_${subscriptions.length + 1}`,
              price: { unit_amount: Number(form['items[0][price_data][unit_amount]']) },
              current_period_start: start,
              current_period_end: trialEnd ?? start + 30 * 86_400,
            },
          ],
        },
      };
      subscriptions.push(sub);
      return { body: sub };
    },
    pastDue(subscriptionId: string) {
      const sub = subscriptions.find((s) => s.id === subscriptionId);
      if (!sub) throw new Error(`no fake subscription ${subscriptionId}`);
      const invoice: FakeInvoice = {
        id: `in_fake_${invoices.length + 1}`,
        object: 'invoice',
        status: 'open',
        attempt_count: 1,
        created: seconds(now()),
        subscription: sub.id,
      };
      invoices.push(invoice);
      sub.status = 'past_due';
      sub.latest_invoice = invoice.id;
      return invoice;
    },
    list(path: string, form: Record<string, string>) {
      const data = subscriptions.filter((s) => s.customer === form.customer && s.status !== 'canceled');
      return {
        body: { object: 'list', url: path, has_more: false, data: data.map((s) => view(s, form['expand[0]'] === 'data.latest_invoice')) },
      };
    },
    update(id: string, form: Record<string, string>) {
      const sub = subscriptions.find((s) => s.id === id);
      if (!sub) return unknownRequest('POST', `/v1/subscriptions/${id}`);
      if (form.default_payment_method) sub.default_payment_method = form.default_payment_method;
      return { body: sub };
    },
    /** Pays an open invoice with the card; the always-failing test card is declined, as Stripe's is. */
    pay(id: string, form: Record<string, string>) {
      const invoice = invoices.find((i) => i.id === id);
      if (!invoice) return unknownRequest('POST', `/v1/invoices/${id}/pay`);
      if (invoice.status === 'paid')
        return stripeError(400, { type: 'invalid_request_error', code: 'invoice_already_paid', message: 'Invoice is already paid' });
      invoice.attempt_count += 1;
      if (form.payment_method === 'pm_card_chargeCustomerFail')
        return stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        });
      invoice.status = 'paid';
      const sub = subscriptions.find((s) => s.id === invoice.subscription);
      if (sub) sub.status = 'active';
      return { body: invoice };
    },
  };
}

/** Refunds as Stripe answers them: succeeded at once, for the amount asked (the intent's whole amount when none). */
function refundsBook(intents: ReturnType<typeof paymentIntentsBook>['intents']) {
  const refunds: Array<{
    id: string;
    object: 'refund';
    amount: number;
    status: string;
    payment_intent: string;
    metadata: Record<string, string>;
  }> = [];
  return {
    refunds,
    create(form: Record<string, string>) {
      const intent = intents.find((i) => i.id === form.payment_intent);
      if (!intent)
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${form.payment_intent}'`,
        });
      const refund = {
        id: `re_fake_${refunds.length + 1}`,
        object: 'refund' as const,
        amount: form.amount ? Number(form.amount) : intent.amount,
        status: 'succeeded',
        payment_intent: intent.id,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([k]) => k.startsWith('metadata['))
            .map(([k, v]) => [k.slice(9, -1), v]),
        ),
      };
      refunds.push(refund);
      return { body: refund };
    },
  };
}

type Answer = { status?: number; body: unknown };

/** Stripe's idempotency: a POST repeating a key (within Stripe's 24 hours) gets the first answer again and does nothing. */
function replayingKeys(answer: (request: RecordedStripeRequest) => Answer) {
  const answered = new Map<string, Answer>();
  return (request: RecordedStripeRequest) => {
    const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    if (typeof key !== 'string') return answer(request);
    const first = answered.get(key) ?? answer(request);
    answered.set(key, first);
    return first;
  };
}

function responder(books: {
  intents: ReturnType<typeof paymentIntentsBook>;
  subs: ReturnType<typeof subscriptionsBook>;
  refunds: ReturnType<typeof refundsBook>;
}) {
  return ({ method, path, form }: RecordedStripeRequest): Answer => {
    const [, , collection, id, action] = path.split('/');
    const route = `${method} ${collection}${id ? (id === 'search' ? '/search' : '/:id') : ''}${action ? `/${action}` : ''}`;
    switch (route) {
      case 'POST customers':
        return { body: { id: `cus_${form['metadata[userId]'].slice(0, 8)}`, object: 'customer' } };
      case 'POST customers/:id':
        return { body: { id, object: 'customer' } };
      case 'POST payment_methods/:id/attach': {
        const card = CARD_DETAILS[id];
        if (!card) return unknownRequest(method, path);
        return { body: { id, object: 'payment_method', card: { ...card, exp_month: 12, exp_year: 2031 } } };
      }
      case 'POST payment_intents':
        return books.intents.create(form);
      case 'GET payment_intents/search':
        return books.intents.search(path, form.query);
      case 'GET payment_intents/:id':
        return books.intents.retrieve(id, form);
      case 'POST payment_intents/:id/cancel':
        return books.intents.cancel(id, form);
      case 'POST refunds':
        return books.refunds.create(form);
      case 'GET products/:id':
        return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such product' });
      case 'POST products':
        return { body: { id: form.id, object: 'product' } };
      case 'POST subscriptions':
        return books.subs.create(form);
      case 'GET subscriptions':
        return books.subs.list(path, form);
      case 'GET subscriptions/search':
        return { body: searchResult(path, []) };
      case 'POST subscriptions/:id':
        return books.subs.update(id, form);
      case 'POST invoices/:id/pay':
        return books.subs.pay(id, form);
      default:
        return unknownRequest(method, path);
    }
  };
}

export const STRIPE_WEBHOOK_SECRET = 'whsec_inklink_fake';

/**
 * The app in Stripe mode against a fresh fake Stripe (with a webhook secret), and what the fake
 * holds. Call in beforeAll; `close` in afterAll.
 */
export async function startStripeMode() {
  let server: TestServer | undefined;
  const now = () => server?.clock.now() ?? new Date();
  const intents = paymentIntentsBook();
  const books = { intents, subs: subscriptionsBook(now), refunds: refundsBook(intents.intents) };
  const api = await startStripeApi(replayingKeys(responder(books)));
  server = await startTestServer({ env: { STRIPE_SECRET_KEY: 'sk_test_inklink', STRIPE_API_URL: api.url, STRIPE_WEBHOOK_SECRET } });
  const app = server;
  let eventSeq = 0;
  return {
    server: app,
    api,
    ...books,
    /** The requests sent so far to one method and path (path may end with a pattern), oldest first. */
    sent: (method: string, path: string | RegExp) =>
      api.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    /** An event as Stripe sends it; `created` (whole seconds, as Stripe's) defaults to the app's clock. */
    event: (type: string, object: Record<string, unknown>, created: Date = app.clock.now()) =>
      JSON.stringify({ id: `evt_fake_${++eventSeq}`, object: 'event', type, created: seconds(created), data: { object } }),
    /** Delivers an event signed as Stripe signs it, and expects it accepted (deliver the same payload again to replay it). */
    async deliver(payload: string) {
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_WEBHOOK_SECRET,
        timestamp: seconds(app.clock.now()),
      });
      const response = await fetch(`${app.url}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { received: boolean; duplicate: boolean };
    },
    async close() {
      await app.close();
      await api.close();
    },
  };
}

export type StripeMode = Awaited<ReturnType<typeof startStripeMode>>;
