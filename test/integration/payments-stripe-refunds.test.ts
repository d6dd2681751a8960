import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentRequestRefunds, paymentRequests } from '../../server/db/schema';
import { ORDER_MESSAGES } from '../../server/domains/orders/inputs';
import { trpcError } from '../support/client';
import { CARDS, person, productInput, sellerWithStorefront, stripeAccountActive } from '../support/commerce-fixtures';
import { paymentRequestCast } from '../support/payments-fixtures';
import { type StripeMode, startStripeMode } from '../support/stripe-fake';

// Refunds of destination charges through Stripe (decisions 038 and 039): the exact form the SDK
// sends to POST /v1/refunds, and what our tables hold after. The seller's (or requester's) share
// comes back from their connected account (reverse_transfer) with the platform fee pro rata
// (refund_application_fee); a plain platform charge sends neither.

let stripe: StripeMode;
beforeAll(async () => {
  stripe = await startStripeMode();
});
afterAll(() => stripe?.close());

const db = () => stripe.server.deps.db;
const refundsOf = (paymentIntentId: string) => stripe.sent('POST', '/v1/refunds').filter((r) => r.form.payment_intent === paymentIntentId);

/** A $20.00 card order, paid, at a storefront whose owner is paid out by Stripe. */
async function paidOrder() {
  const seller = await sellerWithStorefront(stripe.server);
  const product = await seller.client.product.create.mutate(productInput(seller.storefront.id, { price: 2000 }));
  const buyer = await person(stripe.server);
  const order = await buyer.client.order.checkout.mutate({
    storefrontId: seller.storefront.id,
    items: [{ productId: product.id, quantity: 1 }],
    fulfillmentMethod: 'pickup',
    paymentMethodId: CARDS.succeeds,
  });
  const orderRow = async () => (await db().select().from(orders).where(eq(orders.id, order.id)))[0];
  return { seller, order, orderRow };
}

describe('order refunds through Stripe (decision 038)', () => {
  it('cancelling a paid destination-charge order refunds it in full, taking back the transfer and the fee, under the order’s key', async () => {
    const { seller, order, orderRow } = await paidOrder();
    const paid = await orderRow();
    expect(paid).toMatchObject({
      status: 'confirmed',
      total: 2000,
      payoutAccountId: `acct_test_${seller.user.id.slice(0, 8)}`,
      applicationFee: 108,
    });
    const [charge] = stripe.sent('POST', '/v1/payment_intents').filter((r) => r.form['metadata[orderId]'] === order.id);
    expect(charge.form).toMatchObject({
      amount: '2000',
      application_fee_amount: '108',
      'transfer_data[destination]': paid.payoutAccountId,
    });

    await seller.client.order.cancel.mutate({ orderId: order.id, reason: 'Out of ink' });
    const [refund] = refundsOf(paid.paymentIntentId ?? '');
    expect(refund.headers['idempotency-key']).toBe(`order:${order.id}:refund`);
    expect(refund.form).toEqual({
      payment_intent: paid.paymentIntentId,
      amount: '2000',
      reason: 'requested_by_customer',
      'metadata[reason]': 'Out of ink',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
    });
    expect(await orderRow()).toMatchObject({
      status: 'cancelled',
      refundAmount: 2000,
      refundReason: 'Out of ink',
      refundedAt: expect.any(Date),
    });
    // Cancelling again is refused and refunds nothing more.
    expect(await trpcError(seller.client.order.cancel.mutate({ orderId: order.id, reason: 'Out of ink' }))).toMatchObject({
      code: 'CONFLICT',
      message: ORDER_MESSAGES.cannotCancel,
    });
    expect(refundsOf(paid.paymentIntentId ?? '')).toHaveLength(1);
  });

  it('a plain platform charge (an order placed before decision 038, no payout account) is refunded without reverse_transfer or refund_application_fee', async () => {
    const { seller, order, orderRow } = await paidOrder();
    await db().update(orders).set({ payoutAccountId: null, applicationFee: null }).where(eq(orders.id, order.id));
    await seller.client.order.cancel.mutate({ orderId: order.id, reason: 'Sold out' });
    const { paymentIntentId } = await orderRow();
    const [refund] = refundsOf(paymentIntentId ?? '');
    expect(refund.headers['idempotency-key']).toBe(`order:${order.id}:refund`);
    expect(refund.form).toEqual({
      payment_intent: paymentIntentId,
      amount: '2000',
      reason: 'requested_by_customer',
      'metadata[reason]': 'Sold out',
    });
    expect(await orderRow()).toMatchObject({ status: 'cancelled', refundAmount: 2000, refundedAt: expect.any(Date) });
  });
});

describe('payment request refunds through Stripe (decision 039)', () => {
  it('partial then full: the amount in cents, reverse_transfer and refund_application_fee, keyed by the refund id; a retried refund is sent once', async () => {
    const cast = await paymentRequestCast(stripe.server, { artistReady: false });
    await stripeAccountActive(stripe.server, cast.artist.user.id);
    const created = await cast.request({ amount: 10_000 });
    const paid = await cast.payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: CARDS.succeeds });
    const paymentIntentId = paid.stripePaymentIntentId ?? '';
    const refund = (amount: number, refundId: string) =>
      cast.artist.client.paymentRequest.refund.mutate({ paymentRequestId: created.id, refundId, amount, reason: 'Session shortened' });

    const partialId = crypto.randomUUID();
    expect(await refund(2500, partialId)).toMatchObject({ amount: 2500, platformFeeReturned: 25, status: 'succeeded' });
    // The browser retrying the same refund (same id) does not ask Stripe again.
    expect(await refund(2500, partialId)).toMatchObject({ amount: 2500, status: 'succeeded' });
    const restId = crypto.randomUUID();
    expect(await refund(7500, restId)).toMatchObject({ amount: 7500, platformFeeReturned: 75, status: 'succeeded' });

    const sent = refundsOf(paymentIntentId);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([
      `payment-request-refund:${partialId}`,
      `payment-request-refund:${restId}`,
    ]);
    expect(sent[0].form).toEqual({
      payment_intent: paymentIntentId,
      amount: '2500',
      reason: 'requested_by_customer',
      'metadata[paymentRequestId]': created.id,
      'metadata[paymentRequestRefundId]': partialId,
      'metadata[reason]': 'Session shortened',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
    });
    expect(sent[1].form).toMatchObject({
      amount: '7500',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
      'metadata[paymentRequestRefundId]': restId,
    });

    const rows = await db().select().from(paymentRequestRefunds).where(eq(paymentRequestRefunds.paymentRequestId, created.id));
    expect(rows.map((r) => [r.id, r.amount, r.platformFeeReturned, r.status, r.providerRefundId]).sort()).toEqual(
      [
        [partialId, 2500, 25, 'succeeded', stripe.refunds.refunds.find((r) => r.metadata.paymentRequestRefundId === partialId)?.id],
        [restId, 7500, 75, 'succeeded', stripe.refunds.refunds.find((r) => r.metadata.paymentRequestRefundId === restId)?.id],
      ].sort(),
    );
    const [request] = await db().select().from(paymentRequests).where(eq(paymentRequests.id, created.id));
    expect(request).toMatchObject({ status: 'paid', refundedAmount: 10_000, refundPendingAmount: 0 });
  });
});
