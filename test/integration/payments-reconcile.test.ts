import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  notifications,
  orders,
  paymentHistory,
  paymentRequests,
  paymentTransactions,
  products,
  subscriptions,
} from '../../server/db/schema';
import { settleOrderPayment } from '../../server/domains/orders/service/reconcile';
import { reconcilePayments } from '../../server/jobs/reconcile-payments';
import { NOTHING_CHARGED } from '../../server/providers/payments/types';
import { CARDS, person } from '../support/commerce-fixtures';
import { isPostgres } from '../support/databases';
import { paymentRequestCast, requestsDieDuringCharge, strandedCardOrders as strandedOrders } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';

// A request that dies between the charge and recording its answer leaves a card order pending
// (stock held), a payment request attempt 'processing' or a subscription claim 'incomplete'. The
// reconcile job settles them against the provider's record. The death is played by a provider
// whose charge never answers: after charging (the answer was lost) or before (nothing charged).

const server = useTestServer();
const db = () => server.deps.db;
const PAST_THRESHOLD = () => server.deps.config.paymentReconcileAfterMs + 1000;

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

async function stockOf(productId: string) {
  const [row] = await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  return row.quantity;
}

const newOrderNotices = (userId: string, orderId: string) =>
  db()
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.title, 'New order'), sql`${notifications.data} ->> 'orderId' = ${orderId}`),
    );

/** Card orders left pending by dying requests, every other one charged; stock held. */
async function strandedCardOrders(count: number, quantity = 20) {
  const stranded = await strandedOrders(server, count, quantity);
  expect(stranded.pending).toHaveLength(count);
  expect(await stockOf(stranded.product.id)).toBe(quantity - count);
  return stranded;
}

async function settledState(storefrontId: string) {
  const rows = await db().select().from(orders).where(eq(orders.storefrontId, storefrontId));
  return {
    pending: rows.filter((o) => o.status === 'pending').length,
    confirmed: rows.filter((o) => o.status === 'confirmed' && o.paidAt && o.paymentIntentId),
    released: rows.filter((o) => o.status === 'cancelled' && !o.paidAt && o.paymentFailure === NOTHING_CHARGED),
  };
}

describe('reconciling card orders left pending by a request that died', () => {
  it('confirms the charged ones (sellers told once), releases the others with the failure noted, and leaves young ones alone', async () => {
    const { seller, product, pending } = await strandedCardOrders(4);
    // Younger than the threshold: a live request may still be charging it.
    expect((await reconcilePayments(server.deps)).orders).toEqual({ settled: 0, undecided: 0, failed: 0 });
    expect((await settledState(seller.storefront.id)).pending).toBe(4);

    server.clock.advance(PAST_THRESHOLD());
    expect((await reconcilePayments(server.deps)).orders).toEqual({ settled: 4, undecided: 0, failed: 0 });
    const state = await settledState(seller.storefront.id);
    expect({ pending: state.pending, confirmed: state.confirmed.length, released: state.released.length }).toEqual({
      pending: 0,
      confirmed: 2,
      released: 2,
    });
    expect(await stockOf(product.id)).toBe(20 - 2);
    for (const order of state.confirmed) expect(await newOrderNotices(seller.user.id, order.id)).toHaveLength(1);
    for (const order of state.released) expect(await newOrderNotices(seller.user.id, order.id)).toHaveLength(0);

    // A second pass (another node, the next minute) changes nothing.
    expect((await reconcilePayments(server.deps)).orders).toEqual({ settled: 0, undecided: 0, failed: 0 });
    expect(await stockOf(product.id)).toBe(18);
    for (const order of pending)
      expect((await newOrderNotices(seller.user.id, order.id)).length).toBe(state.confirmed.some((o) => o.id === order.id) ? 1 : 0);
  });

  it('a stuck order it cannot settle now (provider unreachable) is logged and retried, and does not hold up the others', async () => {
    const { seller, pending } = await strandedCardOrders(3);
    server.clock.advance(PAST_THRESHOLD());
    const oldest = [...pending].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
    const payments = server.deps.payments;
    const realFind = payments.findCharge;
    payments.findCharge = async (key) => {
      if (key.startsWith(`order:${oldest.id}:`)) throw new Error('connect ECONNREFUSED');
      return realFind(key);
    };
    try {
      expect((await reconcilePayments(server.deps)).orders).toEqual({ settled: 2, undecided: 0, failed: 1 });
    } finally {
      payments.findCharge = realFind;
    }
    expect((await settledState(seller.storefront.id)).pending).toBe(1);
    expect((await reconcilePayments(server.deps)).orders).toEqual({ settled: 1, undecided: 0, failed: 0 });
    expect((await settledState(seller.storefront.id)).pending).toBe(0);
  });

  it('refunds a charge that lands on an order already released (its answer came late)', async () => {
    const { seller, pending } = await strandedCardOrders(2);
    server.clock.advance(PAST_THRESHOLD());
    await reconcilePayments(server.deps);
    const [released] = (await settledState(seller.storefront.id)).released;
    // The provider reports a charge for it after all (a webhook, a late answer).
    const late = { ok: true as const, paymentIntentId: 'pi_late', chargeId: null, receiptUrl: null };
    const refunds: string[] = [];
    const payments = server.deps.payments;
    const realRefund = payments.refund;
    payments.refund = async (input) => {
      refunds.push(input.paymentIntentId);
      return { refundId: 're_late', amountCents: input.amountCents ?? 0 };
    };
    try {
      expect(await settleOrderPayment({ db: db(), user: null, deps: server.deps }, released.id, late)).toBe('already');
    } finally {
      payments.refund = realRefund;
    }
    expect(refunds).toEqual(['pi_late']);
    const [row] = await db().select().from(orders).where(eq(orders.id, released.id));
    expect(row).toMatchObject({ status: 'cancelled', paymentIntentId: 'pi_late', refundAmount: row.total });
    expect(row.refundedAt).not.toBeNull();
    expect(await newOrderNotices(seller.user.id, released.id)).toHaveLength(0);
    expect(pending.map((o) => o.id)).toContain(released.id);
  });

  it(`two reconcilers racing settle each order exactly once${isPostgres() ? '' : ' (PGlite serializes them: the race itself is proven on PostgreSQL)'}`, async () => {
    const { seller, product } = await strandedCardOrders(12, 30);
    server.clock.advance(PAST_THRESHOLD());
    const [a, b] = await Promise.all([reconcilePayments(server.deps), reconcilePayments(server.deps)]);
    expect(a.orders.settled + b.orders.settled).toBe(12);
    const state = await settledState(seller.storefront.id);
    expect({ pending: state.pending, confirmed: state.confirmed.length, released: state.released.length }).toEqual({
      pending: 0,
      confirmed: 6,
      released: 6,
    });
    expect(await stockOf(product.id)).toBe(30 - 6);
    for (const order of state.confirmed) expect(await newOrderNotices(seller.user.id, order.id)).toHaveLength(1);
  });
});

describe('reconciling a payment request attempt left processing', () => {
  it('marks it paid when the provider charged it, and failed (payable again) when it did not', async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const charged = await request({ description: 'Charged, answer lost' });
    const uncharged = await request({ description: 'Never charged' });
    restore = requestsDieDuringCharge(server, (input) => input.description.includes('Charged, answer lost'));
    for (const created of [charged, uncharged]) {
      await expect(
        payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: CARDS.succeeds }),
      ).rejects.toThrow();
    }
    restore?.();
    const attempts = await db().select().from(paymentTransactions).where(eq(paymentTransactions.payeeId, payer.user.id));
    expect(attempts.map((t) => t.status)).toEqual(['processing', 'processing']);

    server.clock.advance(PAST_THRESHOLD());
    expect((await reconcilePayments(server.deps)).paymentAttempts).toEqual({ settled: 2, undecided: 0, failed: 0 });
    const [paidRequest] = await db().select().from(paymentRequests).where(eq(paymentRequests.id, charged.id));
    expect(paidRequest).toMatchObject({ status: 'paid' });
    const [unpaidRequest] = await db().select().from(paymentRequests).where(eq(paymentRequests.id, uncharged.id));
    expect(unpaidRequest.status).not.toBe('paid');
    const settled = await db().select().from(paymentTransactions).where(eq(paymentTransactions.payeeId, payer.user.id));
    expect(Object.fromEntries(settled.map((t) => [t.paymentRequestId, [t.status, t.failureReason]]))).toEqual({
      [charged.id]: ['succeeded', null],
      [uncharged.id]: ['failed', NOTHING_CHARGED],
    });
    const told = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, artist.user.id),
          sql`${notifications.data} ->> 'paymentRequestId' = ${charged.id}`,
          eq(notifications.title, 'Payment received'),
        ),
      );
    expect(told).toHaveLength(1);
    expect((await reconcilePayments(server.deps)).paymentAttempts.settled).toBe(0);
    // The request that was never charged can be paid now.
    expect(
      await payer.client.paymentRequest.process.mutate({ paymentRequestId: uncharged.id, paymentMethodId: CARDS.succeeds }),
    ).toMatchObject({ status: 'succeeded' });
  });
});

describe('reconciling a subscription start that never recorded the provider’s answer', () => {
  it('fills the claim from the provider’s subscription, or removes a claim the provider never started', async () => {
    const started = await person(server, { plan: 'free' });
    const never = await person(server, { plan: 'free' });
    const now = server.clock.now();
    const claim = (userId: string) =>
      db()
        .insert(subscriptions)
        .values({ userId, planId: 'artist_pro', planName: 'Artist Pro', price: 500, status: 'incomplete', createdAt: now })
        .returning()
        .then(([row]) => row);
    const startedClaim = await claim(started.user.id);
    const neverClaim = await claim(never.user.id);
    // The request died after the provider started it (first month charged), before our update.
    const provided = await server.deps.payments.createSubscription({
      customerId: `cus_local_${started.user.id.replaceAll('-', '')}`,
      plan: { planId: 'artist_pro', planName: 'Artist Pro', priceCents: 500, currency: 'usd' },
      paymentMethodId: CARDS.succeeds,
      trialDays: 0,
      idempotencyKey: `subscription:${startedClaim.id}`,
    });

    server.clock.advance(PAST_THRESHOLD());
    expect((await reconcilePayments(server.deps)).subscriptionStarts).toEqual({ settled: 2, undecided: 0, failed: 0 });
    const [filled] = await db().select().from(subscriptions).where(eq(subscriptions.id, startedClaim.id));
    expect(filled).toMatchObject({ stripeSubscriptionId: provided.subscriptionId, status: 'active' });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.id, neverClaim.id))).toHaveLength(0);
    const history = await db().select().from(paymentHistory).where(eq(paymentHistory.userId, started.user.id));
    expect(history).toMatchObject([{ amount: 500, stripeChargeId: provided.payment?.chargeId, status: 'succeeded' }]);
    expect((await reconcilePayments(server.deps)).subscriptionStarts.settled).toBe(0);
  });
});
