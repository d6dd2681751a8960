import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentTransactions, products } from '../../server/db/schema';
import { ACTION_TIMEOUT_MS, STILL_AWAITING_ACTION } from '../../server/charge-actions';
import { reconcilePayments } from '../../server/jobs/reconcile-payments';
import { trpcError } from '../support/client';
import { person, productInput, sellerWithStorefront, stripeAccountActive } from '../support/commerce-fixtures';
import { paymentRequestCast, paymentRequestState, requestAwaitingChallenge as awaitingChallenge } from '../support/payments-fixtures';
import { THREE_D_SECURE_CARD } from '../support/payments-stripe-api';
import { type StripeMode, startStripeMode } from '../support/stripe-fake';

// Decision 040 in Stripe mode: the SDK against a fake Stripe whose 3-D Secure card leaves the
// PaymentIntent requires_action. The browser gets the client secret, completion reads the intent
// back (only ours counts), and an abandoned challenge is cancelled by the reconcile job and settled
// on the intent as Stripe leaves it.

let stripe: StripeMode;
beforeAll(async () => {
  stripe = await startStripeMode();
});
afterAll(() => stripe?.close());

const db = () => stripe.server.deps.db;

/** A $100.00 request to an artist paid out by Stripe, processed with the 3-D Secure card: the action in hand. */
async function requestAwaitingChallenge() {
  const cast = await paymentRequestCast(stripe.server, { artistReady: false });
  await stripeAccountActive(stripe.server, cast.artist.user.id);
  return awaitingChallenge(cast);
}

const requestState = (requestId: string, payerId: string) => paymentRequestState(stripe.server, requestId, payerId);

/** The requests the SDK sent about one PaymentIntent, as "METHOD path". */
const callsAbout = (paymentIntentId: string) =>
  stripe.api.requests.filter((r) => r.path.startsWith(`/v1/payment_intents/${paymentIntentId}`)).map((r) => `${r.method} ${r.path}`);

describe('3-D Secure through Stripe (decision 040)', () => {
  it('requires_action: the intent is asked with use_stripe_sdk and the browser gets its client secret; nothing is settled', async () => {
    const { artist, payer, request, paying, action } = await requestAwaitingChallenge();
    const [created] = stripe.sent('POST', '/v1/payment_intents').filter((r) => r.form['metadata[paymentRequestId]'] === request.id);
    expect(created.headers['idempotency-key']).toBe(`payment-transaction:${paying.id}`);
    expect(created.form).toEqual({
      amount: '10000',
      currency: 'usd',
      payment_method: THREE_D_SECURE_CARD,
      customer: `cus_${payer.user.id.slice(0, 8)}`,
      description: 'Payment request: Sleeve session deposit',
      'metadata[paymentRequestId]': request.id,
      'metadata[paymentTransactionId]': paying.id,
      'metadata[inklink_idempotency_key]': `payment-transaction:${paying.id}`,
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      use_stripe_sdk: 'true',
      application_fee_amount: '100',
      'transfer_data[destination]': `acct_test_${artist.user.id.slice(0, 8)}`,
      'expand[0]': 'latest_charge',
    });
    const intent = stripe.intents.intents.find((i) => i.metadata.paymentRequestId === request.id);
    expect(action).toEqual({ paymentIntentId: intent?.id, clientSecret: `${intent?.id}_secret_fake` });
    expect(paying).toMatchObject({ status: 'processing', stripePaymentIntentId: null });
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'pending', attempts: ['processing'], history: 0 });
  });

  it('completion retrieves the intent with its charge: still waiting → CONFLICT; approved → paid once, with Stripe’s charge and receipt', async () => {
    const { payer, request, action } = await requestAwaitingChallenge();
    const complete = () =>
      payer.client.paymentRequest.completeAction.mutate({ paymentRequestId: request.id, paymentIntentId: action.paymentIntentId });
    expect(await trpcError(complete())).toMatchObject({ code: 'CONFLICT', message: STILL_AWAITING_ACTION });
    stripe.intents.approve(action.paymentIntentId);
    const done = await complete();
    expect(done).toMatchObject({
      status: 'succeeded',
      stripePaymentIntentId: action.paymentIntentId,
      stripeChargeId: `ch_fake_${action.paymentIntentId.slice('pi_fake_'.length)}`,
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/receipts\/ch_fake_/),
      nextAction: null,
    });
    const reads = stripe.api.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${action.paymentIntentId}`);
    expect(reads).toHaveLength(2);
    for (const read of reads) expect(read.form).toEqual({ 'expand[0]': 'latest_charge' });
    // The browser asking again finds it settled: no other Stripe call, no second payment.
    expect(await complete()).toMatchObject({ status: 'succeeded', nextAction: null });
    expect(callsAbout(action.paymentIntentId)).toHaveLength(2);
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'paid', attempts: ['succeeded'], history: 1 });
  });

  it('an intent carrying another payment’s key counts as none: NOT_FOUND, and the attempt stays open', async () => {
    const mine = await requestAwaitingChallenge();
    const theirs = await requestAwaitingChallenge();
    stripe.intents.approve(theirs.action.paymentIntentId);
    expect(
      await trpcError(
        mine.payer.client.paymentRequest.completeAction.mutate({
          paymentRequestId: mine.request.id,
          paymentIntentId: theirs.action.paymentIntentId,
        }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Payment not found' });
    expect(callsAbout(theirs.action.paymentIntentId)).toEqual([`GET /v1/payment_intents/${theirs.action.paymentIntentId}`]);
    expect(await requestState(mine.request.id, mine.payer.user.id)).toEqual({ status: 'pending', attempts: ['processing'], history: 0 });
    // An id Stripe does not know is none too.
    expect(
      await trpcError(
        mine.payer.client.paymentRequest.completeAction.mutate({ paymentRequestId: mine.request.id, paymentIntentId: 'pi_unknown' }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('abandoned: after the timeout the reconcile job cancels the intent (abandoned, keyed) and settles on the re-read intent: failed, payable again', async () => {
    const { payer, request, paying, action } = await requestAwaitingChallenge();
    stripe.server.clock.advance(stripe.server.deps.config.paymentReconcileAfterMs + 1000);
    await reconcilePayments(stripe.server.deps);
    // Within the challenge's time the job only looks.
    expect(callsAbout(action.paymentIntentId)).toEqual([]);
    expect(await requestState(request.id, payer.user.id)).toMatchObject({ attempts: ['processing'] });

    stripe.server.clock.advance(ACTION_TIMEOUT_MS);
    await reconcilePayments(stripe.server.deps);
    expect(callsAbout(action.paymentIntentId)).toEqual([
      `GET /v1/payment_intents/${action.paymentIntentId}`,
      `POST /v1/payment_intents/${action.paymentIntentId}/cancel`,
      `GET /v1/payment_intents/${action.paymentIntentId}`,
    ]);
    const [cancel] = stripe.sent('POST', `/v1/payment_intents/${action.paymentIntentId}/cancel`);
    expect(cancel.form).toEqual({ cancellation_reason: 'abandoned' });
    expect(cancel.headers['idempotency-key']).toBe(`payment-transaction:${paying.id}:cancel`);
    expect(stripe.intents.intents.find((i) => i.id === action.paymentIntentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'pending', attempts: ['failed'], history: 0 });
    const [attempt] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, paying.id));
    expect(attempt.failureReason).toBe('The payment was not completed (canceled).');
    // Settled once: the next pass does not ask Stripe about it again.
    await reconcilePayments(stripe.server.deps);
    expect(callsAbout(action.paymentIntentId)).toHaveLength(3);
  });

  it('the payer approves just before the cancel: Stripe refuses it, the re-read intent succeeded, and the request is paid', async () => {
    const { payer, request, action } = await requestAwaitingChallenge();
    stripe.intents.approvesBeforeCancel.add(action.paymentIntentId);
    stripe.server.clock.advance(stripe.server.deps.config.paymentReconcileAfterMs + ACTION_TIMEOUT_MS);
    await reconcilePayments(stripe.server.deps);
    expect(callsAbout(action.paymentIntentId)).toEqual([
      `GET /v1/payment_intents/${action.paymentIntentId}`,
      `POST /v1/payment_intents/${action.paymentIntentId}/cancel`,
      `GET /v1/payment_intents/${action.paymentIntentId}`,
    ]);
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'paid', attempts: ['succeeded'], history: 1 });
    const [attempt] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.paymentRequestId, request.id));
    expect(attempt).toMatchObject({
      stripePaymentIntentId: action.paymentIntentId,
      stripeChargeId: `ch_fake_${action.paymentIntentId.slice('pi_fake_'.length)}`,
    });
  });
});

/** A card checkout of two units at a storefront paid out by Stripe, with the 3-D Secure card: the order pending, the action in hand. */
async function checkoutAwaitingChallenge() {
  const seller = await sellerWithStorefront(stripe.server);
  const product = await seller.client.product.create.mutate(
    productInput(seller.storefront.id, { price: 1500, inventory: { trackInventory: true, quantity: 10 } }),
  );
  const buyer = await person(stripe.server);
  const order = await buyer.client.order.checkout.mutate({
    storefrontId: seller.storefront.id,
    items: [{ productId: product.id, quantity: 2 }],
    fulfillmentMethod: 'pickup',
    paymentMethodId: THREE_D_SECURE_CARD,
  });
  if (!order.nextAction) throw new Error('expected a next action');
  const state = async () => {
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    const [stock] = await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
    return { status: row.status, paid: row.paidAt !== null, paymentIntentId: row.paymentIntentId, stock: stock.quantity };
  };
  return { seller, buyer, order, action: order.nextAction, state };
}

describe('3-D Secure on a storefront checkout through Stripe (decisions 038 and 040)', () => {
  it('the destination charge waits for the buyer with the stock held; approved, completion confirms the order', async () => {
    const { seller, buyer, order, action, state } = await checkoutAwaitingChallenge();
    const [created] = stripe.sent('POST', '/v1/payment_intents').filter((r) => r.form['metadata[orderId]'] === order.id);
    expect(created.form).toMatchObject({
      amount: '3000',
      payment_method: THREE_D_SECURE_CARD,
      use_stripe_sdk: 'true',
      application_fee_amount: '147',
      'transfer_data[destination]': `acct_test_${seller.user.id.slice(0, 8)}`,
    });
    expect(action).toEqual({ paymentIntentId: expect.stringMatching(/^pi_fake_/), clientSecret: `${action.paymentIntentId}_secret_fake` });
    expect(await state()).toEqual({ status: 'pending', paid: false, paymentIntentId: null, stock: 8 });
    stripe.intents.approve(action.paymentIntentId);
    expect(await buyer.client.order.completePayment.mutate({ orderId: order.id, paymentIntentId: action.paymentIntentId })).toMatchObject({
      status: 'confirmed',
    });
    const [read] = stripe.sent('GET', `/v1/payment_intents/${action.paymentIntentId}`);
    expect(read.form).toEqual({ 'expand[0]': 'latest_charge' });
    expect(await state()).toEqual({ status: 'confirmed', paid: true, paymentIntentId: action.paymentIntentId, stock: 8 });
  });

  it('abandoned: the reconcile job cancels the intent after the timeout and releases the order, stock back', async () => {
    const { order, action, state } = await checkoutAwaitingChallenge();
    stripe.server.clock.advance(stripe.server.deps.config.paymentReconcileAfterMs + ACTION_TIMEOUT_MS);
    await reconcilePayments(stripe.server.deps);
    const [cancel] = stripe.sent('POST', `/v1/payment_intents/${action.paymentIntentId}/cancel`);
    expect(cancel.form).toEqual({ cancellation_reason: 'abandoned' });
    expect(cancel.headers['idempotency-key']).toBe(`order:${order.id}:charge:${new Date(order.createdAt).getTime()}:cancel`);
    expect(await state()).toMatchObject({ status: 'cancelled', paid: false, stock: 10 });
  });
});
