import Stripe from 'stripe';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  connectAccounts,
  mailOutbox,
  notifications,
  orders,
  paymentHistory,
  paymentRequests,
  paymentTransactions,
  products,
  subscriptions,
  users,
  webhookEvents,
} from '../../server/db/schema';
import { reconcilePayments } from '../../server/jobs/reconcile-payments';
import { loseReceiving, paymentRequestCast, signedInUser, strandedCardOrders } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';

const SECRET = 'whsec_inklink_test';
const server = useTestServer({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });

let eventSeq = 0;
function stripeEvent(type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id: `evt_test_${Date.now()}_${eventSeq++}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

/** Signs like Stripe does (t=…,v1=HMAC-SHA256 of "t.payload"), at the given time. */
function signed(payload: string, at: Date = server.clock.now(), secret = SECRET) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });
}

/** Delivers like Stripe: a delivery whose connection dropped (a loaded machine) is sent again. */
async function post(payload: string, signature: string, attempt = 1): Promise<Response> {
  try {
    return await fetch(`${server.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  } catch (error) {
    if (attempt >= 3) throw error;
    return post(payload, signature, attempt + 1);
  }
}

async function chargeSucceeded(customerId: string, chargeId: string) {
  return stripeEvent('charge.succeeded', {
    id: chargeId,
    object: 'charge',
    amount: 500,
    currency: 'usd',
    customer: customerId,
    description: 'Subscription creation',
    receipt_url: `https://pay.stripe.com/receipts/${chargeId}`,
    created: Math.floor(Date.now() / 1000),
  });
}

async function customer() {
  const { user } = await signedInUser(server);
  const customerId = `cus_${user.id.slice(0, 8)}`;
  await server.deps.db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, user.id));
  return { user, customerId };
}

describe('POST /webhooks/stripe', () => {
  it('applies a correctly signed event: the charge lands in the payer’s history', async () => {
    const { user, customerId } = await customer();
    const payload = await chargeSucceeded(customerId, 'ch_ok_1');
    const response = await post(payload, signed(payload));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
    const rows = await server.deps.db.select().from(paymentHistory).where(eq(paymentHistory.userId, user.id));
    expect(rows).toMatchObject([
      { stripeChargeId: 'ch_ok_1', amount: 500, receiptUrl: 'https://pay.stripe.com/receipts/ch_ok_1', status: 'succeeded' },
    ]);
  });

  it('a tampered body, a wrong secret, a missing signature or a stale timestamp → 400 and nothing changes', async () => {
    const { user, customerId } = await customer();
    const payload = await chargeSucceeded(customerId, 'ch_bad_1');
    const tampered = payload.replace('"amount":500', '"amount":1');
    const stale = new Date(server.clock.now().getTime() - 301_000);
    const attempts = [
      await post(tampered, signed(payload)),
      await post(payload, signed(payload, server.clock.now(), 'whsec_other')),
      await post(payload, signed(payload, stale)),
      await post(payload, 't=1,v1=deadbeef'),
      await fetch(`${server.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await server.deps.db.select().from(paymentHistory).where(eq(paymentHistory.userId, user.id))).toHaveLength(0);
    const eventId = JSON.parse(payload).id as string;
    expect(await server.deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId))).toHaveLength(0);
    // Within the 300 s tolerance it is accepted.
    expect((await post(payload, signed(payload, new Date(server.clock.now().getTime() - 290_000)))).status).toBe(200);
  });

  it('one event replayed 100 times concurrently → one state change', async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const created = await request();
    // A payment whose synchronous answer was lost to an outage: the attempt is still processing.
    const [attempt] = await server.deps.db
      .insert(paymentTransactions)
      .values({
        paymentRequestId: created.id,
        requesterId: artist.user.id,
        payeeId: payer.user.id,
        amount: created.amount,
        status: 'processing',
        paymentMethodId: 'pm_card_visa',
      })
      .returning();
    const payload = stripeEvent('payment_intent.succeeded', {
      id: 'pi_replayed',
      object: 'payment_intent',
      latest_charge: 'ch_replayed',
      metadata: { paymentRequestId: created.id, paymentTransactionId: attempt.id },
    });
    const responses = await Promise.all(Array.from({ length: 100 }, () => post(payload, signed(payload))));
    const answers = await Promise.all(
      responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { duplicate?: boolean } })),
    );
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    const [row] = await server.deps.db.select().from(paymentRequests).where(eq(paymentRequests.id, created.id));
    expect(row).toMatchObject({ status: 'paid', stripePaymentIntentId: 'pi_replayed' });
    const [settled] = await server.deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, attempt.id));
    expect(settled).toMatchObject({ status: 'succeeded', stripeChargeId: 'ch_replayed' });
    expect(await server.deps.db.select().from(paymentHistory).where(eq(paymentHistory.stripeChargeId, 'ch_replayed'))).toHaveLength(1);
    const received = await server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, artist.user.id), eq(notifications.title, 'Payment received')));
    expect(received).toHaveLength(1);
  });

  it('account.updated moves the account to active and the requester’s waiting requests to ready_to_pay', async () => {
    const { artist, request } = await paymentRequestCast(server);
    const waiting = await request();
    await loseReceiving(server, artist);
    expect((await server.deps.db.select().from(paymentRequests).where(eq(paymentRequests.id, waiting.id)))[0].status).toBe(
      'recipient_setup',
    );
    const { accountId } = await artist.client.connect.createAccount.mutate();
    const payload = stripeEvent('account.updated', {
      id: accountId,
      object: 'account',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { currently_due: [], eventually_due: [], past_due: [], pending_verification: [], disabled_reason: null },
      default_currency: 'usd',
      country: 'US',
    });
    expect((await post(payload, signed(payload))).status).toBe(200);
    const [account] = await server.deps.db.select().from(connectAccounts).where(eq(connectAccounts.userId, artist.user.id));
    expect(account).toMatchObject({ status: 'active', chargesEnabled: true, payoutsEnabled: true });
    const [row] = await server.deps.db.select().from(paymentRequests).where(eq(paymentRequests.id, waiting.id));
    expect(row).toMatchObject({ status: 'ready_to_pay', recipientSetupStatus: 'completed' });
  });

  it('keeps subscriptions in step with customer.subscription events', async () => {
    const { client, user } = await signedInUser(server, { plan: 'free' });
    const sub = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' });
    const periodEnd = Math.floor(Date.now() / 1000) + 40 * 86_400;
    const payload = stripeEvent('customer.subscription.updated', {
      id: sub.stripeSubscriptionId,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: true,
      canceled_at: null,
      trial_end: null,
      start_date: Math.floor(Date.now() / 1000),
      metadata: { planId: 'artist_pro' },
      items: {
        object: 'list',
        data: [
          { id: 'si_1', price: { unit_amount: 500 }, current_period_start: Math.floor(Date.now() / 1000), current_period_end: periodEnd },
        ],
      },
    });
    expect((await post(payload, signed(payload))).status).toBe(200);
    const [row] = await server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, trialEnd: null, currentPeriodEnd: new Date(periodEnd * 1000) });
  });

  describe('payment_intent events settle card orders (with the checkout request and the reconcile job, once)', () => {
    const intentEvent = (type: string, intent: Record<string, unknown>) => stripeEvent(type, { object: 'payment_intent', ...intent });
    const newOrderNotices = (userId: string, orderId: string) =>
      server.deps.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.title, 'New order'),
            sql`${notifications.data} ->> 'orderId' = ${orderId}`,
          ),
        );

    it('payment_intent.succeeded confirms a pending order and tells its sellers once, however often it comes', async () => {
      const { seller, pending } = await strandedCardOrders(server, 1);
      const [order] = pending;
      const succeeded = (eventPayload: string) => post(eventPayload, signed(eventPayload));
      const first = intentEvent('payment_intent.succeeded', {
        id: 'pi_order_ok',
        status: 'succeeded',
        latest_charge: 'ch_order_ok',
        metadata: { orderId: order.id },
      });
      expect((await succeeded(first)).status).toBe(200);
      // Stripe's retry of the same event, and a second event about the same intent.
      expect(await (await succeeded(first)).json()).toEqual({ received: true, duplicate: true });
      const second = intentEvent('payment_intent.succeeded', {
        id: 'pi_order_ok',
        status: 'succeeded',
        latest_charge: 'ch_order_ok',
        metadata: { orderId: order.id },
      });
      expect(await (await succeeded(second)).json()).toEqual({ received: true, duplicate: false });
      const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: 'confirmed', paymentIntentId: 'pi_order_ok' });
      expect(row.paidAt).not.toBeNull();
      expect(await newOrderNotices(seller.user.id, order.id)).toHaveLength(1);
      // The reconcile job later finds nothing left to do for it.
      server.clock.advance(server.deps.config.paymentReconcileAfterMs + 1000);
      await reconcilePayments(server.deps);
      expect(await newOrderNotices(seller.user.id, order.id)).toHaveLength(1);
    });

    it('payment_intent.payment_failed cancels a pending order with the failure noted and gives its stock back', async () => {
      const { seller, product, pending } = await strandedCardOrders(server, 1, 5);
      const [order] = pending;
      const payload = intentEvent('payment_intent.payment_failed', {
        id: 'pi_order_declined',
        status: 'requires_payment_method',
        last_payment_error: { message: 'Your card was declined.' },
        metadata: { orderId: order.id },
      });
      expect((await post(payload, signed(payload))).status).toBe(200);
      const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: 'cancelled', paidAt: null, paymentFailure: 'Your card was declined.' });
      const [{ quantity }] = await server.deps.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
      expect(quantity).toBe(5);
      expect(await newOrderNotices(seller.user.id, order.id)).toHaveLength(0);
      // An event whose orderId is not one of ours is recorded and ignored.
      const stray = intentEvent('payment_intent.payment_failed', {
        id: 'pi_stray',
        status: 'canceled',
        metadata: { orderId: 'not-an-order' },
      });
      expect((await post(stray, signed(stray))).status).toBe(200);
    });
  });
});

describe('dunning by webhook (Stripe mode, decision 041)', () => {
  /** A subscription invoice as Stripe sends it (API 2025+: the subscription under parent.subscription_details). */
  const invoice = (subscriptionId: string, fields: Record<string, unknown> = {}) => ({
    id: `in_${subscriptionId}`,
    object: 'invoice',
    created: Math.floor(server.clock.now().getTime() / 1000),
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    ...fields,
  });
  const deliver = async (payload: string, copies = 1) => {
    const answers = await Promise.all(Array.from({ length: copies }, () => post(payload, signed(payload))));
    expect(answers.map((a) => a.status)).toEqual(Array(copies).fill(200));
  };

  it('invoice.payment_failed → past_due with one e-mail per attempt (replays and repeats change nothing); invoice.paid → active; deleted for non-payment → canceled with an e-mail', async () => {
    const { client, user } = await signedInUser(server, { plan: 'free' });
    const sub = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' });
    const providerId = sub.stripeSubscriptionId!;
    const rowNow = async () => (await server.deps.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0];
    const mails = () => server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(mailOutbox.createdAt);
    const inDays = (days: number) => Math.floor(server.clock.now().getTime() / 1000) + days * 86_400;

    const first = stripeEvent('invoice.payment_failed', invoice(providerId, { attempt_count: 1, next_payment_attempt: inDays(1) }));
    await deliver(first, 5);
    expect(await rowNow()).toMatchObject({ status: 'past_due', failedPaymentAttempts: 1, nextPaymentAttemptAt: new Date(inDays(1) * 1000) });
    const [mail] = await mails();
    expect(mail.subject).toBe('Payment failed for your Artist Pro subscription');
    expect(mail.text).toContain('attempt 1');
    expect(mail.text).toContain(`${server.deps.config.appOrigin}/account/billing`);
    // Another event about the same attempt (a new id) is not a new failure.
    await deliver(stripeEvent('invoice.payment_failed', invoice(providerId, { attempt_count: 1, next_payment_attempt: inDays(1) })));
    expect(await mails()).toHaveLength(1);

    await deliver(stripeEvent('invoice.payment_failed', invoice(providerId, { attempt_count: 2, next_payment_attempt: inDays(3) })));
    expect(await rowNow()).toMatchObject({ status: 'past_due', failedPaymentAttempts: 2 });
    expect((await mails())[1].text).toContain('attempt 2');

    const paid = stripeEvent('invoice.paid', invoice(providerId, { status: 'paid' }));
    await deliver(paid, 3);
    expect(await rowNow()).toMatchObject({ status: 'active', failedPaymentAttempts: 0, nextPaymentAttemptAt: null });

    // The next period's renewal fails on every retry and Stripe cancels the subscription.
    await deliver(stripeEvent('invoice.payment_failed', invoice(providerId, { id: 'in_next', created: inDays(30), attempt_count: 4, next_payment_attempt: null })));
    expect((await mails())[2].text).toContain('This was the last attempt');
    const now = Math.floor(server.clock.now().getTime() / 1000);
    const deleted = stripeEvent('customer.subscription.deleted', {
      id: providerId,
      object: 'subscription',
      status: 'canceled',
      cancel_at_period_end: false,
      canceled_at: now,
      cancellation_details: { reason: 'payment_failed' },
      trial_end: null,
      start_date: now,
      metadata: { planId: 'artist_pro' },
      items: { object: 'list', data: [{ id: 'si_1', price: { unit_amount: 500 }, current_period_start: now, current_period_end: inDays(30) }] },
    });
    await deliver(deleted, 3);
    expect(await rowNow()).toMatchObject({ status: 'canceled', nextPaymentAttemptAt: null });
    expect((await mails()).map((m) => m.subject)).toEqual([
      'Payment failed for your Artist Pro subscription',
      'Payment failed for your Artist Pro subscription',
      'Payment failed for your Artist Pro subscription',
      'Your Artist Pro subscription was canceled',
    ]);
  });

  it('invoices of no subscription, or of a subscription we do not have, are recorded and ignored', async () => {
    const loose = stripeEvent('invoice.payment_failed', { id: 'in_loose', object: 'invoice', parent: null, attempt_count: 1, next_payment_attempt: null });
    await deliver(loose);
    await deliver(stripeEvent('invoice.paid', invoice('sub_unknown')));
    await deliver(stripeEvent('invoice.payment_failed', invoice('sub_unknown', { attempt_count: 1, next_payment_attempt: null })));
  });
});
