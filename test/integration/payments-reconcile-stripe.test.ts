import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../server/db/schema';
import { reconcilePayments } from '../../server/jobs/reconcile-payments';
import { NOTHING_CHARGED } from '../../server/providers/payments/types';
import { strandedCardOrders } from '../support/payments-fixtures';
import { paymentIntentsBook, searchResult, startStripeApi } from '../support/payments-stripe-api';
import { startTestServer, type TestServer } from '../support/server';

// Reconciliation in Stripe mode: the SDK against a loopback Stripe that keeps the PaymentIntents it
// was asked to create. An order whose request died after Stripe charged it is found by the
// idempotency key in the intent's metadata (the search API) and confirmed; one Stripe never saw
// is released; one Stripe declined is released with Stripe's message.

const book = paymentIntentsBook();
let api: Awaited<ReturnType<typeof startStripeApi>>;
let server: TestServer;
beforeAll(async () => {
  api = await startStripeApi(({ method, path, form }) => {
    if (method === 'POST' && path === '/v1/payment_intents') return book.create(form);
    if (method === 'GET' && path === '/v1/payment_intents/search') return book.search(path, form.query);
    if (method === 'GET' && path === '/v1/subscriptions/search') return { body: searchResult(path, []) };
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `Unrecognized request URL (${method} ${path})` } },
    };
  });
  server = await startTestServer({ env: { STRIPE_SECRET_KEY: 'sk_test_inklink', STRIPE_API_URL: api.url } });
});
afterAll(async () => {
  await server?.close();
  await api?.close();
});

describe('reconciling card orders against Stripe', () => {
  it('confirms the ones Stripe charged and releases the ones it never saw, found by the key in the metadata', async () => {
    expect(server.deps.payments.kind).toBe('stripe');
    const { pending, product } = await strandedCardOrders(server, 4);
    expect(pending).toHaveLength(4);
    expect(book.intents).toHaveLength(2);
    server.clock.advance(server.deps.config.paymentReconcileAfterMs + 1000);
    expect((await reconcilePayments(server.deps)).orders).toEqual({ settled: 4, undecided: 0, failed: 0 });

    const searches = api.requests.filter((r) => r.path === '/v1/payment_intents/search');
    expect(searches.map((r) => r.form.query).sort()).toEqual(
      pending.map((o) => `metadata['inklink_idempotency_key']:'order:${o.id}:charge:${o.createdAt.getTime()}'`).sort(),
    );
    const rows = await server.deps.db.select().from(orders).where(eq(orders.storefrontId, pending[0].storefrontId));
    const charged = new Map(book.intents.map((intent) => [intent.metadata.orderId, intent.id]));
    for (const row of rows) {
      if (charged.has(row.id)) expect(row).toMatchObject({ status: 'confirmed', paymentIntentId: charged.get(row.id) });
      else expect(row).toMatchObject({ status: 'cancelled', paidAt: null, paymentFailure: NOTHING_CHARGED });
    }
    const [{ quantity }] = await server.deps.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
    expect(quantity).toBe(20 - 2);
  });
});
