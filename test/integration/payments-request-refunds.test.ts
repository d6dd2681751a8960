import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  localPaymentIntents,
  localRefunds,
  notifications,
  paymentHistory,
  paymentRequestRefunds,
  paymentRequests,
} from '../../server/db/schema';
import { DAY } from '../../server/lib/time';
import { PaymentProviderError } from '../../server/providers/payments/types';
import { trpcError } from '../support/client';
import { isPostgres } from '../support/databases';
import { paymentRequestCast, signedInUser } from '../support/payments-fixtures';
import { deliverStripeWebhook } from '../support/payments-stripe-api';
import { useTestServer } from '../support/server';

// Decision 039: the requester refunds a paid payment request, in full or in part, within 180 days.

const SECRET = 'whsec_inklink_refunds';
const server = useTestServer({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
const db = () => server.deps.db;
const requestRow = async (id: string) => (await db().select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0];
const refundRows = (id: string) => db().select().from(paymentRequestRefunds).where(eq(paymentRequestRefunds.paymentRequestId, id));
const historyOf = (userId: string) => db().select().from(paymentHistory).where(eq(paymentHistory.userId, userId));
/** The local provider's books for the request's charge: its refunded total and refunds. */
async function providerBooks(paymentIntentId: string) {
  const [intent] = await db().select().from(localPaymentIntents).where(eq(localPaymentIntents.id, paymentIntentId));
  const refunds = await db().select().from(localRefunds).where(eq(localRefunds.paymentIntentId, paymentIntentId));
  return { amountRefunded: intent.amountRefunded, refunds };
}

/** A $100.00 request (platform fee $1.00) the payer has paid. */
async function paidRequest() {
  const cast = await paymentRequestCast(server);
  const created = await cast.request();
  const paid = await cast.payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' });
  const refund = (amount: number, refundId: string = crypto.randomUUID(), reason = 'Session shortened') =>
    cast.artist.client.paymentRequest.refund.mutate({ paymentRequestId: created.id, refundId, amount, reason });
  return { ...cast, created, paymentIntentId: paid.stripePaymentIntentId ?? '', refund };
}

let eventSeq = 0;
/** A refund webhook as Stripe signs it. */
async function deliverRefundEvent(type: string, object: Record<string, unknown>, id = `evt_refund_${Date.now()}_${eventSeq++}`) {
  const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const response = await deliverStripeWebhook(server, SECRET, payload);
  expect(response.status).toBe(200);
  return { id, body: await response.json() };
}
const stripeRefund = (refundId: string, ourId: string, amount: number, status = 'succeeded') => ({
  id: refundId,
  object: 'refund',
  amount,
  status,
  metadata: { paymentRequestRefundId: ourId },
});

describe('paymentRequest.refund', () => {
  it('refunds part, then the rest: amounts and the platform fee add up to the cent; both parties see it', async () => {
    const { artist, payer, created, paymentIntentId, refund } = await paidRequest();
    const first = await refund(2_550, undefined, 'Finished early');
    expect(first).toMatchObject({ amount: 2_550, platformFeeReturned: 26, reason: 'Finished early', status: 'succeeded' });
    expect(await requestRow(created.id)).toMatchObject({ status: 'paid', refundedAmount: 2_550, refundPendingAmount: 0 });
    const [payerRefund] = (await historyOf(payer.user.id)).filter((h) => h.status === 'refunded');
    expect(payerRefund).toMatchObject({
      amount: 2_550,
      description: 'Refund: Sleeve session deposit',
      stripeChargeId: expect.stringMatching(/^re_local_/),
    });
    expect(await historyOf(artist.user.id)).toMatchObject([
      { amount: 2_550, status: 'refund_issued', description: 'Refund sent: Sleeve session deposit' },
    ]);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, payer.user.id), eq(notifications.title, 'Refund of $25.50 on your payment')));
    expect(notice).toBeDefined();
    // Both parties read the refund from the thread's card.
    for (const party of [artist, payer]) {
      expect(await party.client.paymentRequest.refunds.query({ paymentRequestId: created.id })).toMatchObject([
        { amount: 2_550, reason: 'Finished early' },
      ]);
      expect(await party.client.paymentRequest.byId.query({ paymentRequestId: created.id })).toMatchObject({ refundedAmount: 2_550 });
    }

    expect(await trpcError(refund(7_451))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The refund is more than the $74.50 left to refund',
      httpStatus: 400,
    });
    const rest = await refund(7_450);
    expect(rest.platformFeeReturned).toBe(74);
    const rows = await refundRows(created.id);
    expect(rows.reduce((sum, r) => sum + r.platformFeeReturned, 0)).toBe(100);
    expect(await requestRow(created.id)).toMatchObject({ refundedAmount: 10_000, refundPendingAmount: 0 });
    expect(await providerBooks(paymentIntentId)).toMatchObject({ amountRefunded: 10_000 });
    expect(await trpcError(refund(1))).toMatchObject({ code: 'BAD_REQUEST', message: 'This payment has been refunded in full' });
  });

  it(`20 concurrent refunds never exceed the paid amount${isPostgres() ? '' : ' (serialized on PGlite)'}`, async () => {
    const { created, paymentIntentId, refund } = await paidRequest();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => refund(777)));
    const done = results.filter((r) => r.status === 'fulfilled');
    // 12 × $7.77 = $93.24 fits in $100.00; a 13th would not.
    expect(done).toHaveLength(12);
    for (const r of results)
      if (r.status === 'rejected') expect(String(r.reason)).toContain('The refund is more than the $6.76 left to refund');
    const rows = await refundRows(created.id);
    const settled = rows.filter((r) => r.status === 'succeeded');
    expect(settled).toHaveLength(12);
    expect(rows.filter((r) => r.status !== 'succeeded')).toHaveLength(0);
    expect(await requestRow(created.id)).toMatchObject({ refundedAmount: 12 * 777, refundPendingAmount: 0 });
    const books = await providerBooks(paymentIntentId);
    expect(books.amountRefunded).toBe(12 * 777);
    expect(books.refunds).toHaveLength(12);
    // The rest refunds to the cent, and the fee shares add up to the whole fee.
    await refund(10_000 - 12 * 777);
    const all = await refundRows(created.id);
    expect(all.reduce((sum, r) => sum + r.amount, 0)).toBe(10_000);
    expect(all.reduce((sum, r) => sum + r.platformFeeReturned, 0)).toBe(100);
    expect((await providerBooks(paymentIntentId)).amountRefunded).toBe(10_000);
  });

  it('a retry with the same refund id refunds once, sequential or concurrent', async () => {
    const { payer, created, paymentIntentId, refund } = await paidRequest();
    const refundId = crypto.randomUUID();
    const first = await refund(1_000, refundId);
    const again = await refund(1_000, refundId);
    expect(again).toEqual(first);
    const racing = crypto.randomUUID();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => refund(500, racing)));
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toContain('This refund is already under way');
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    expect(await trpcError(refund(600, refundId))).toMatchObject({
      code: 'CONFLICT',
      message: 'This refund was already asked for with another amount',
    });
    expect((await providerBooks(paymentIntentId)).refunds).toHaveLength(2);
    expect(await requestRow(created.id)).toMatchObject({ refundedAmount: 1_500, refundPendingAmount: 0 });
    expect((await historyOf(payer.user.id)).filter((h) => h.status === 'refunded')).toHaveLength(2);
  });

  it('only the requester refunds, only a paid request, and only within 180 days of payment', async () => {
    const { payer, created, refund, request, artist } = await paidRequest();
    const stranger = await signedInUser(server);
    const input = { paymentRequestId: created.id, refundId: crypto.randomUUID(), amount: 100, reason: 'x' };
    expect(await trpcError(payer.client.paymentRequest.refund.mutate(input))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the person who sent the payment request can refund it',
      httpStatus: 403,
    });
    expect(await trpcError(stranger.client.paymentRequest.refund.mutate(input))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Payment request not found',
    });
    expect(await trpcError(stranger.client.paymentRequest.refunds.query({ paymentRequestId: created.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const unpaid = await request();
    expect(await trpcError(artist.client.paymentRequest.refund.mutate({ ...input, paymentRequestId: unpaid.id }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Only a paid payment request can be refunded',
    });
    expect(await trpcError(refund(100, undefined, '  '))).toMatchObject({ code: 'BAD_REQUEST', message: 'A reason is required' });
    expect(await trpcError(refund(0))).toMatchObject({ code: 'BAD_REQUEST', message: 'Refund amount must be greater than 0' });

    // Paid 180 days ago less a minute, then more a minute (the clock cannot move: sessions would expire).
    const paidAgo = (ms: number) =>
      db()
        .update(paymentRequests)
        .set({ paidAt: new Date(server.clock.now().getTime() - ms) })
        .where(eq(paymentRequests.id, created.id));
    await paidAgo(180 * DAY - 60_000);
    expect((await refund(100)).status).toBe('succeeded');
    await paidAgo(180 * DAY + 60_000);
    expect(await trpcError(refund(100))).toEqual({
      code: 'BAD_REQUEST',
      message: 'A payment can be refunded within 180 days of being paid',
      httpStatus: 400,
    });
    expect(await requestRow(created.id)).toMatchObject({ refundedAmount: 100, refundPendingAmount: 0 });
    expect(await refundRows(created.id)).toHaveLength(1);
  });

  it('when the provider call fails the claim is released and nothing is recorded as refunded; the same refund asked again goes through once', async () => {
    const { payer, artist, created, paymentIntentId, refund } = await paidRequest();
    const payments = server.deps.payments;
    const real = payments.refund;
    const refundId = crypto.randomUUID();
    try {
      // The provider's refusal is passed on; a lost connection is the generic 503.
      const failures = [
        {
          thrown: new PaymentProviderError('Insufficient funds in the connected account to reverse the transfer.'),
          answer: { code: 'BAD_REQUEST', message: 'Insufficient funds in the connected account to reverse the transfer.', httpStatus: 400 },
        },
        {
          thrown: new Error('socket hang up'),
          answer: { code: 'SERVICE_UNAVAILABLE', message: 'Failed to refund payment request', httpStatus: 503 },
        },
      ];
      for (const { thrown, answer } of failures) {
        payments.refund = async () => {
          throw thrown;
        };
        expect(await trpcError(refund(3_000, refundId))).toEqual(answer);
      }
    } finally {
      payments.refund = real;
    }
    expect(await requestRow(created.id)).toMatchObject({ refundedAmount: 0, refundPendingAmount: 0 });
    expect(await refundRows(created.id)).toMatchObject([
      { id: refundId, status: 'failed', failureReason: 'Failed to refund payment request' },
    ]);
    expect((await historyOf(payer.user.id)).filter((h) => h.status === 'refunded')).toHaveLength(0);
    expect(await historyOf(artist.user.id)).toHaveLength(0);
    expect((await providerBooks(paymentIntentId)).amountRefunded).toBe(0);

    expect((await refund(3_000, refundId)).status).toBe('succeeded');
    expect(await requestRow(created.id)).toMatchObject({ refundedAmount: 3_000, refundPendingAmount: 0 });
    expect((await providerBooks(paymentIntentId)).refunds).toHaveLength(1);
  });
});

describe('refund webhooks', () => {
  it('a refund whose answer was lost is recorded by refund.updated once; replays and charge.refunded change nothing', async () => {
    const { payer, artist, created, paymentIntentId, refund } = await paidRequest();
    const payments = server.deps.payments;
    const real = payments.refund;
    const refundId = crypto.randomUUID();
    let providerRefundId = '';
    payments.refund = async (input) => {
      providerRefundId = (await real(input)).refundId;
      throw new Error('socket hang up');
    };
    try {
      expect(await trpcError(refund(4_000, refundId))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      payments.refund = real;
    }
    // The provider refunded, but our books say nothing was.
    expect((await providerBooks(paymentIntentId)).amountRefunded).toBe(4_000);
    expect(await requestRow(created.id)).toMatchObject({ refundedAmount: 0, refundPendingAmount: 0 });

    const event = await deliverRefundEvent('refund.updated', stripeRefund(providerRefundId, refundId, 4_000));
    expect(event.body).toEqual({ received: true, duplicate: false });
    const books = async () => ({
      request: await requestRow(created.id),
      refunds: await refundRows(created.id),
      payerHistory: await historyOf(payer.user.id),
      artistHistory: await historyOf(artist.user.id),
    });
    const once = await books();
    expect(once.request).toMatchObject({ refundedAmount: 4_000, refundPendingAmount: 0 });
    expect(once.refunds).toMatchObject([{ id: refundId, status: 'succeeded', providerRefundId }]);
    expect(once.artistHistory).toHaveLength(1);

    expect((await deliverRefundEvent('refund.updated', stripeRefund(providerRefundId, refundId, 4_000), event.id)).body).toEqual({
      received: true,
      duplicate: true,
    });
    await deliverRefundEvent('refund.updated', stripeRefund(providerRefundId, refundId, 4_000));
    await deliverRefundEvent('charge.refunded', {
      id: 'ch_x',
      object: 'charge',
      amount: 10_000,
      amount_refunded: 4_000,
      refunds: { object: 'list', data: [stripeRefund(providerRefundId, refundId, 4_000)] },
    });
    // The same refund asked again by the requester finds it settled.
    expect((await refund(4_000, refundId)).status).toBe('succeeded');
    expect(await books()).toEqual(once);
  });

  it('a refund reported failed while its call is under way releases its claim once; refunds we did not make are ignored', async () => {
    const { created, refund } = await paidRequest();
    const payments = server.deps.payments;
    const real = payments.refund;
    const refundId = crypto.randomUUID();
    payments.refund = async () => {
      await deliverRefundEvent('refund.failed', {
        ...stripeRefund('re_failed_1', refundId, 2_000, 'failed'),
        failure_reason: 'expired_or_canceled_card',
      });
      throw new PaymentProviderError('The refund failed.');
    };
    try {
      expect(await trpcError(refund(2_000, refundId))).toMatchObject({ code: 'BAD_REQUEST', message: 'The refund failed.' });
    } finally {
      payments.refund = real;
    }
    expect(await requestRow(created.id)).toMatchObject({ refundedAmount: 0, refundPendingAmount: 0 });
    expect(await refundRows(created.id)).toMatchObject([{ status: 'failed', failureReason: 'expired_or_canceled_card' }]);
    await deliverRefundEvent('refund.updated', stripeRefund('re_unknown', crypto.randomUUID(), 500));
    expect(await requestRow(created.id)).toMatchObject({ refundedAmount: 0, refundPendingAmount: 0 });
  });
});
