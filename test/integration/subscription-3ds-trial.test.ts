import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localPaymentIntents, subscriptions } from '../../server/db/schema';
import { ACTION_TIMEOUT_MS } from '../../server/charge-actions';
import { renewLocalSubscriptions } from '../../server/domains/payments/renewals';
import { reconcilePayments } from '../../server/jobs/reconcile-payments';
import { LOCAL_TEST_PAYMENT_METHODS as CARDS } from '../../server/providers/payments/types';
import { DAY, MINUTE } from '../../server/lib/time';
import { signedInUser } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';
import { subscriptionStarts } from '../support/subscription-starts';

// Decision 040 with the default configuration: every plan has its 30-day trial (spec 2 §9), so
// subscribing charges nothing, yet the 3-D Secure test card is authenticated at the trial's start
// (Stripe's pending_setup_intent) so that its renewals can be charged off-session. Local provider,
// PostgreSQL.
const server = useTestServer();
const db = () => server.deps.db;

const {
  rowOf,
  historyOf,
  localStart,
  intentOf,
  anotherUserCannotComplete,
  failedAndEnded,
  stillWaiting,
  waitingStart: waitingTrial,
} = subscriptionStarts(server);

/** Runs fn with the clock moved forward by `ms`, and puts it back after. */
async function movedBy<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  server.clock.advance(ms);
  try {
    return await fn();
  } finally {
    server.clock.advance(-ms);
  }
}

describe('trial start with a card that asks for 3-D Secure (decision 040)', () => {
  it('plans keep their 30-day trial; the start waits incomplete: not listed, no entitlement, nothing charged, a second subscribe refused', async () => {
    expect((await server.client().payment.plans.query()).map((p) => p.trialDays)).toEqual([30, 30]);
    const waiting = await waitingTrial();
    const { started, action } = waiting;
    expect(started).toMatchObject({ status: 'incomplete', planId: 'artist_pro' });
    expect(action.clientSecret).toMatch(/^pi_local_\w+_secret_/);
    // A zero-amount card authentication, not a charge.
    expect(await intentOf(action.paymentIntentId)).toMatchObject({
      status: 'requires_action',
      amount: 0,
      chargeId: null,
      description: 'Artist Pro subscription: card authentication',
    });
    await stillWaiting(waiting);
  });

  it('a card without 3-D Secure starts its trial at once, as before', async () => {
    const { client } = await signedInUser(server, { plan: 'free' });
    const started = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: CARDS.succeeds });
    expect(started).toMatchObject({ status: 'trialing', nextAction: null });
  });

  it('approved: trialing until the trial end, nothing charged or in the history', async () => {
    const { client, user, started, action } = await waitingTrial();
    await client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
    const trialing = await client.payment.completeSubscription.mutate({ subscriptionId: started.id });
    expect(trialing).toMatchObject({ id: started.id, status: 'trialing', nextAction: null });
    expect(trialing.trialEnd!.getTime() - server.clock.now().getTime()).toBeGreaterThan(29 * DAY);
    expect(trialing.currentPeriodEnd).toEqual(trialing.trialEnd);
    expect(await localStart(started.stripeSubscriptionId!)).toMatchObject({ status: 'trialing', latestChargeId: null });
    expect(await intentOf(action.paymentIntentId)).toMatchObject({ status: 'succeeded', amount: 0 });
    expect((await client.payment.subscriptions.query()).map((s) => [s.id, s.status])).toEqual([[started.id, 'trialing']]);
    expect((await client.payment.entitlements.query()).plans).toContain('artist_pro');
    expect(await historyOf(user.id)).toEqual([]);
  });

  it('ten completions at once: all answer trialing, one subscription, nothing recorded', async () => {
    const { client, user, started, action } = await waitingTrial();
    await client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.payment.completeSubscription.mutate({ subscriptionId: started.id })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill('trialing'));
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toMatchObject([{ status: 'trialing' }]);
    expect(await historyOf(user.id)).toEqual([]);
  });

  it('failed: the reason, nothing live, a late approval changes nothing, the user can subscribe again', async () => {
    const start = await waitingTrial();
    const { client } = start;
    await failedAndEnded(start);
    expect((await client.payment.entitlements.query()).plans).toEqual([]);
    const again = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: CARDS.threeDSecure });
    expect(again).toMatchObject({ status: 'incomplete', nextAction: { clientSecret: expect.any(String) } });
  });

  it('another user cannot complete it (NOT_FOUND), and it stays waiting', async () => {
    await anotherUserCannotComplete(await waitingTrial());
  });

  it('abandoned: left alone until ACTION_TIMEOUT_MS, then ended by the reconcile job; the user can subscribe again', async () => {
    const { client, started, action } = await waitingTrial();
    const early = server.deps.config.paymentReconcileAfterMs + MINUTE;
    await movedBy(early, async () => {
      await reconcilePayments(server.deps);
      expect(await rowOf(started.id)).toMatchObject({ status: 'incomplete' });
    });
    await movedBy(early + ACTION_TIMEOUT_MS, async () => {
      expect((await reconcilePayments(server.deps)).waitingStarts.settled).toBeGreaterThanOrEqual(1);
      expect(await rowOf(started.id)).toBeUndefined();
      expect(await localStart(started.stripeSubscriptionId!)).toMatchObject({ status: 'canceled' });
      expect(await intentOf(action.paymentIntentId)).toMatchObject({ status: 'failed' });
    });
    await client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
    expect(await intentOf(action.paymentIntentId)).toMatchObject({ status: 'failed' });
    expect(await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: CARDS.succeeds })).toMatchObject({
      status: 'trialing',
    });
  });

  it('after the trial, the authenticated card pays the renewal off-session; a checkout with that card still asks for 3-D Secure', async () => {
    const { user, client, started, action } = await waitingTrial();
    await client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
    const trialing = await client.payment.completeSubscription.mutate({ subscriptionId: started.id });
    const customerId = `cus_local_${user.id.replaceAll('-', '')}`;
    await movedBy(trialing.trialEnd!.getTime() - server.clock.now().getTime() + MINUTE, async () => {
      await renewLocalSubscriptions(server.deps);
      expect(await rowOf(started.id)).toMatchObject({ status: 'active', failedPaymentAttempts: 0 });
      const renewals = await db()
        .select()
        .from(localPaymentIntents)
        .where(and(eq(localPaymentIntents.customerId, customerId), like(localPaymentIntents.description, 'Subscription renewal%')));
      expect(renewals).toMatchObject([{ status: 'succeeded', amount: 500, paymentMethodId: CARDS.threeDSecure }]);
      expect(await historyOf(user.id)).toMatchObject([{ amount: 500, status: 'succeeded', stripeChargeId: renewals[0].chargeId }]);
    });
    // On-session, the same card still asks the payer (only this subscription's renewals are exempt).
    const charge = await server.deps.payments.charge({
      amountCents: 700,
      currency: 'usd',
      paymentMethodId: CARDS.threeDSecure,
      customerId,
      description: 'A checkout',
      idempotencyKey: `trial-test:${user.id}`,
    });
    expect(charge).toMatchObject({ ok: false, declineCode: 'requires_action' });
  });

  it('a 3-D Secure card made the subscription’s card later was never authenticated for it: its renewal is refused, for dunning', async () => {
    const { client, user } = await signedInUser(server, { plan: 'free' });
    const started = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: CARDS.succeeds });
    await client.payment.addMethod.mutate({ paymentMethodId: CARDS.threeDSecure, setDefault: true });
    await movedBy(started.trialEnd!.getTime() - server.clock.now().getTime() + MINUTE, async () => {
      await renewLocalSubscriptions(server.deps);
      expect(await rowOf(started.id)).toMatchObject({ status: 'past_due', failedPaymentAttempts: 1 });
      const [renewal] = await db()
        .select()
        .from(localPaymentIntents)
        .where(
          and(
            eq(localPaymentIntents.customerId, `cus_local_${user.id.replaceAll('-', '')}`),
            like(localPaymentIntents.description, 'Subscription renewal%'),
          ),
        );
      expect(renewal).toMatchObject({ paymentMethodId: CARDS.threeDSecure, status: 'requires_action', chargeId: null });
    });
  });
});
