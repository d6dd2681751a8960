import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localPaymentIntents, orders, paymentTransactions, products } from '../../server/db/schema';
import { ACTION_TIMEOUT_MS, STILL_AWAITING_ACTION } from '../../server/charge-actions';
import { ORDER_MESSAGES } from '../../server/domains/orders/inputs';
import { reconcilePayments } from '../../server/jobs/reconcile-payments';
import { AUTHENTICATION_ABANDONED, AUTHENTICATION_FAILED } from '../../server/providers/payments/local-charges';
import { ADDRESS, CARDS, person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { trpcError } from '../support/client';
import { paymentRequestCast, paymentRequestState, requestAwaitingChallenge as awaitingChallenge } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';

// Decision 040: a card asking for 3-D Secure (pm_card_threeDSecure2Required) leaves the payment open
// with the next action for the browser; the local challenge approves or fails it; the browser then
// completes the payment, and a charge nobody answers is cancelled by the reconcile job after
// ACTION_TIMEOUT_MS, releasing what it held. Nothing is charged twice, and nothing when it fails.
// The tests share one database, so a reconcile pass may also settle another test's leftovers:
// they assert the state of their own rows.

const server = useTestServer();
const db = () => server.deps.db;
const localCharges = async (key: 'paymentRequestId' | 'orderId', id: string) =>
  (await db().select().from(localPaymentIntents)).filter((i) => i.metadata[key] === id);

const requestAwaitingChallenge = async () => awaitingChallenge(await paymentRequestCast(server));

async function requestState(requestId: string, payerId: string) {
  const charges = await localCharges('paymentRequestId', requestId);
  return {
    ...(await paymentRequestState(server, requestId, payerId)),
    charged: charges.filter((c) => c.status === 'succeeded').reduce((sum, c) => sum + c.amount, 0),
  };
}

describe('3-D Secure on a payment request', () => {
  it('asks for the challenge without charging, and approving it pays the request once', async () => {
    const { payer, request, paying, action, complete } = await requestAwaitingChallenge();
    expect(paying).toMatchObject({
      status: 'processing',
      nextAction: { paymentIntentId: expect.stringMatching(/^pi_local_/), clientSecret: expect.stringContaining('_secret_') },
    });
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'pending', attempts: ['processing'], history: 0, charged: 0 });
    // Completing before the challenge is answered changes nothing.
    expect(await trpcError(complete(payer))).toMatchObject({
      code: 'CONFLICT',
      message: STILL_AWAITING_ACTION,
    });

    expect(await payer.client.payment.answerLocalChallenge.mutate({ ...action, approve: true })).toEqual({ status: 'succeeded' });
    const done = await complete(payer);
    expect(done).toMatchObject({ status: 'succeeded', stripePaymentIntentId: action.paymentIntentId, nextAction: null });
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'paid', attempts: ['succeeded'], history: 1, charged: 10_000 });
  });

  it('a double approval and concurrent completions charge and record once', async () => {
    const { payer, request, action, complete } = await requestAwaitingChallenge();
    const answers = await Promise.all([1, 2, 3].map(() => payer.client.payment.answerLocalChallenge.mutate({ ...action, approve: true })));
    expect(answers.map((a) => a.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // A late "fail" after the approval cannot undo it.
    expect(await payer.client.payment.answerLocalChallenge.mutate({ ...action, approve: false })).toEqual({ status: 'succeeded' });
    const completions = await Promise.all(Array.from({ length: 5 }, () => complete(payer)));
    expect(new Set(completions.map((c) => c.status))).toEqual(new Set(['succeeded']));
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'paid', attempts: ['succeeded'], history: 1, charged: 10_000 });
    const charges = await localCharges('paymentRequestId', request.id);
    expect(charges).toHaveLength(1);
    // One connected charge: the requester's account credited once, less the platform fee.
    expect(charges[0]).toMatchObject({ amount: 10_000, applicationFee: 100, destinationAccountId: expect.stringMatching(/^acct_/) });
  });

  it('failing the challenge charges nothing and leaves the request payable, with another card', async () => {
    const { payer, request, action, complete } = await requestAwaitingChallenge();
    expect(await payer.client.payment.answerLocalChallenge.mutate({ ...action, approve: false })).toEqual({ status: 'failed' });
    // A late approval cannot take the money after the failure.
    expect(await payer.client.payment.answerLocalChallenge.mutate({ ...action, approve: true })).toEqual({ status: 'failed' });
    expect(await trpcError(complete(payer))).toMatchObject({
      code: 'BAD_REQUEST',
      message: AUTHENTICATION_FAILED,
    });
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'pending', attempts: ['failed'], history: 0, charged: 0 });
    const paid = await payer.client.paymentRequest.process.mutate({ paymentRequestId: request.id, paymentMethodId: CARDS.succeeds });
    expect(paid).toMatchObject({ status: 'succeeded', nextAction: null });
    expect(await requestState(request.id, payer.user.id)).toEqual({
      status: 'paid',
      attempts: ['failed', 'succeeded'],
      history: 1,
      charged: 10_000,
    });
  });

  it('refuses a wrong client secret, another payment’s intent and a stranger', async () => {
    const { payer, artist, request, action, complete } = await requestAwaitingChallenge();
    expect(
      await trpcError(
        payer.client.payment.answerLocalChallenge.mutate({
          ...action,
          clientSecret: `${action.paymentIntentId}_secret_guess`,
          approve: true,
        }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await trpcError(complete(payer, 'pi_local_other'))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await trpcError(complete(artist))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'pending', attempts: ['processing'], history: 0, charged: 0 });
  });

  it('an abandoned challenge is cancelled by the reconcile job after the timeout: nothing charged, the request payable again', async () => {
    const { payer, request, action } = await requestAwaitingChallenge();
    server.clock.advance(server.deps.config.paymentReconcileAfterMs + 1000);
    // Past the reconcile threshold but within the challenge's time: the payer may still answer.
    expect((await reconcilePayments(server.deps)).paymentAttempts).toMatchObject({ undecided: expect.any(Number), failed: 0 });
    expect(await requestState(request.id, payer.user.id)).toMatchObject({ attempts: ['processing'] });
    server.clock.advance(ACTION_TIMEOUT_MS);
    expect((await reconcilePayments(server.deps)).paymentAttempts).toMatchObject({ undecided: 0, failed: 0 });
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'pending', attempts: ['failed'], history: 0, charged: 0 });
    // The cancelled charge can no longer be approved, and the next pass finds nothing.
    expect(await payer.client.payment.answerLocalChallenge.mutate({ ...action, approve: true })).toEqual({ status: 'failed' });
    const [attempt] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.paymentRequestId, request.id));
    expect(attempt.failureReason).toBe(AUTHENTICATION_ABANDONED);
    expect((await reconcilePayments(server.deps)).paymentAttempts).toEqual({ settled: 0, undecided: 0, failed: 0 });
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'pending', attempts: ['failed'], history: 0, charged: 0 });
  });

  it('an approval just before the timeout is settled paid by the reconcile job (the cancel finds it succeeded)', async () => {
    const { payer, request, action } = await requestAwaitingChallenge();
    await payer.client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
    server.clock.advance(server.deps.config.paymentReconcileAfterMs + ACTION_TIMEOUT_MS);
    expect((await reconcilePayments(server.deps)).paymentAttempts).toMatchObject({ undecided: 0, failed: 0 });
    expect(await requestState(request.id, payer.user.id)).toEqual({ status: 'paid', attempts: ['succeeded'], history: 1, charged: 10_000 });
  });
});

/** A buyer's card checkout of `quantity` units with the 3-D Secure card: the order pending, the action in hand. */
async function checkoutAwaitingChallenge(quantity = 2) {
  const seller = await sellerWithStorefront(server);
  const buyer = await person(server);
  const product = await seller.client.product.create.mutate(
    productInput(seller.storefront.id, { inventory: { trackInventory: true, quantity: 10 } }),
  );
  const order = await buyer.client.order.checkout.mutate({
    storefrontId: seller.storefront.id,
    items: [{ productId: product.id, quantity }],
    shippingAddress: ADDRESS,
    paymentMethodId: CARDS.threeDSecure,
  });
  if (!order.nextAction) throw new Error('expected a next action');
  const action = order.nextAction;
  const complete = (who: typeof buyer) =>
    who.client.order.completePayment.mutate({ orderId: order.id, paymentIntentId: action.paymentIntentId });
  return { seller, buyer, product, order, action, complete };
}

/** After a failed or abandoned challenge: completing is refused with the spec's message, nothing charged, the stock back. */
async function expectReleased({ buyer, product, order, complete }: Awaited<ReturnType<typeof checkoutAwaitingChallenge>>) {
  expect(await trpcError(complete(buyer))).toMatchObject({ code: 'PRECONDITION_FAILED', message: ORDER_MESSAGES.paymentFailed });
  expect(await orderState(order.id, product.id)).toEqual({ status: 'cancelled', paid: false, stock: 10, charged: 0 });
}

async function orderState(orderId: string, productId: string) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const [product] = await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  const charges = await localCharges('orderId', orderId);
  return {
    status: order.status,
    paid: order.paidAt !== null,
    stock: product.quantity,
    charged: charges.filter((c) => c.status === 'succeeded').reduce((sum, c) => sum + c.amount, 0),
  };
}

describe('3-D Secure on a storefront card checkout', () => {
  it('holds the stock while the buyer authenticates; approving confirms the order once', async () => {
    const { buyer, product, order, action, complete } = await checkoutAwaitingChallenge();
    expect(order).toMatchObject({ status: 'pending', nextAction: { paymentIntentId: expect.any(String) } });
    expect(await orderState(order.id, product.id)).toEqual({ status: 'pending', paid: false, stock: 8, charged: 0 });
    await Promise.all([1, 2].map(() => buyer.client.payment.answerLocalChallenge.mutate({ ...action, approve: true })));
    const completions = await Promise.all([1, 2, 3].map(() => complete(buyer)));
    expect(completions.map((c) => c.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(await orderState(order.id, product.id)).toEqual({ status: 'confirmed', paid: true, stock: 8, charged: order.total });
    expect(await localCharges('orderId', order.id)).toHaveLength(1);
  });

  it('failing the challenge releases the order: nothing charged, the stock back', async () => {
    const checkout = await checkoutAwaitingChallenge();
    await checkout.buyer.client.payment.answerLocalChallenge.mutate({ ...checkout.action, approve: false });
    await expectReleased(checkout);
    const [row] = await db().select().from(orders).where(eq(orders.id, checkout.order.id));
    expect(row).toMatchObject({ paymentFailure: AUTHENTICATION_FAILED, deleted: true });
    // Asking again answers the same, and changes nothing.
    await expectReleased(checkout);
  });

  it('an abandoned challenge is released by the reconcile job after the timeout: stock back, nothing charged', async () => {
    const checkout = await checkoutAwaitingChallenge(3);
    const { buyer, product, order, action } = checkout;
    server.clock.advance(server.deps.config.paymentReconcileAfterMs + 1000);
    expect((await reconcilePayments(server.deps)).orders).toMatchObject({ undecided: expect.any(Number), failed: 0 });
    expect(await orderState(order.id, product.id)).toEqual({ status: 'pending', paid: false, stock: 7, charged: 0 });
    server.clock.advance(ACTION_TIMEOUT_MS);
    expect((await reconcilePayments(server.deps)).orders).toMatchObject({ undecided: 0, failed: 0 });
    expect(await orderState(order.id, product.id)).toEqual({ status: 'cancelled', paid: false, stock: 10, charged: 0 });
    // Too late to approve, and the buyer's page reads the failure.
    expect(await buyer.client.payment.answerLocalChallenge.mutate({ ...action, approve: true })).toEqual({ status: 'failed' });
    await expectReleased(checkout);
  });

  it('someone else cannot complete the buyer’s order', async () => {
    const { seller, product, order, complete } = await checkoutAwaitingChallenge();
    expect(await trpcError(complete(seller))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await orderState(order.id, product.id)).toEqual({ status: 'pending', paid: false, stock: 8, charged: 0 });
  });
});
