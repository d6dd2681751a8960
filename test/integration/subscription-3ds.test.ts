import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localPaymentIntents } from '../../server/db/schema';
import { ACTION_TIMEOUT_MS } from '../../server/charge-actions';
import { renewLocalSubscriptions } from '../../server/domains/payments/renewals';
import { reconcilePayments } from '../../server/jobs/reconcile-payments';
import { AUTHENTICATION_FAILED } from '../../server/providers/payments/local-charges';
import { LOCAL_TEST_PAYMENT_METHODS as CARDS } from '../../server/providers/payments/types';
import { MINUTE } from '../../server/lib/time';
import { trpcError } from '../support/client';
import { useTestServer } from '../support/server';
import { subscriptionStarts } from '../support/subscription-starts';

// Decision 040 for subscription starts, local provider on PostgreSQL. Plans are sold without a
// trial here (SUBSCRIPTION_TRIAL_DAYS=0), so subscribing charges the first month at once and the
// 3-D Secure test card asks the payer to authenticate that payment.
const server = useTestServer({ env: { SUBSCRIPTION_TRIAL_DAYS: '0' } });
const db = () => server.deps.db;

const { rowOf, historyOf, localStart, intentOf, anotherUserCannotComplete, failedAndEnded, stillWaiting, waitingStart } =
  subscriptionStarts(server);

describe('subscription start with a card that asks for 3-D Secure (decision 040)', () => {
  it('the plans are sold without a trial here', async () => {
    const plans = await server.client().payment.plans.query();
    expect(plans.map((p) => p.trialDays)).toEqual([0, 0]);
  });

  it('waits incomplete with the challenge: not listed, no entitlement, nothing charged, a second subscribe is refused', async () => {
    const waiting = await waitingStart();
    const { client, started, action } = waiting;
    expect(started).toMatchObject({ status: 'incomplete', price: 500, planId: 'artist_pro' });
    expect(action.clientSecret).toMatch(/^pi_local_\w+_secret_/);
    expect(await intentOf(action.paymentIntentId)).toMatchObject({ status: 'requires_action', amount: 500, chargeId: null });
    await stillWaiting(waiting);
    // The provider reads a start only under its own key (a browser cannot name another's).
    const payments = server.deps.payments;
    expect(
      await payments.getSubscriptionStart({ subscriptionId: started.stripeSubscriptionId!, idempotencyKey: 'subscription:other' }),
    ).toBeNull();
    expect(
      await payments.getSubscriptionStart({ subscriptionId: started.stripeSubscriptionId!, idempotencyKey: `subscription:${started.id}` }),
    ).toMatchObject({
      status: 'incomplete',
      action,
    });
    // Cancelling does not see a start (nor does changing the plan: the same lookup).
    expect(await trpcError(client.payment.cancelSubscription.mutate({ subscriptionId: started.id }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('approved: active for a month, the first payment once in the history', async () => {
    const { client, user, started, action } = await waitingStart();
    await client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
    const active = await client.payment.completeSubscription.mutate({ subscriptionId: started.id });
    expect(active).toMatchObject({
      id: started.id,
      status: 'active',
      stripeSubscriptionId: started.stripeSubscriptionId,
      nextAction: null,
    });
    expect(active.currentPeriodEnd!.getTime() - active.currentPeriodStart!.getTime()).toBeGreaterThanOrEqual(28 * 24 * 60 * MINUTE);
    const charge = await intentOf(action.paymentIntentId);
    expect(charge).toMatchObject({ status: 'succeeded' });
    expect(await localStart(started.stripeSubscriptionId!)).toMatchObject({ status: 'active', latestChargeId: charge.chargeId });
    expect(await historyOf(user.id)).toMatchObject([
      { amount: 500, stripeChargeId: charge.chargeId, status: 'succeeded', description: 'Artist Pro subscription' },
    ]);
    expect((await client.payment.subscriptions.query()).map((s) => [s.id, s.status])).toEqual([[started.id, 'active']]);
    expect((await client.payment.entitlements.query()).plans).toContain('artist_pro');
    // Asked again: the same answer, nothing more recorded.
    expect(await client.payment.completeSubscription.mutate({ subscriptionId: started.id })).toMatchObject({ status: 'active' });
    expect(await historyOf(user.id)).toHaveLength(1);
  });

  it('ten completions at once activate it and record its payment once', async () => {
    const { client, user, started, action } = await waitingStart();
    await client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.payment.completeSubscription.mutate({ subscriptionId: started.id })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill('active'));
    expect(await historyOf(user.id)).toHaveLength(1);
    const charges = await db().select().from(localPaymentIntents).where(eq(localPaymentIntents.id, action.paymentIntentId));
    expect(charges).toMatchObject([{ status: 'succeeded', amount: 500 }]);
  });

  it('failed: the spec-style reason, nothing live or charged, an approval afterwards changes nothing, and the user can subscribe again', async () => {
    const start = await waitingStart();
    const { client, user, started } = start;
    await failedAndEnded(start);
    expect(await trpcError(client.payment.completeSubscription.mutate({ subscriptionId: started.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await client.payment.subscriptions.query()).toEqual([]);
    expect(await historyOf(user.id)).toEqual([]);
    const again = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: CARDS.succeeds });
    expect(again).toMatchObject({ status: 'active', nextAction: null });
    expect(await historyOf(user.id)).toHaveLength(1);
  });

  it('ten completions of a failed challenge at once: each told why, nothing left behind', async () => {
    const { client, started, action } = await waitingStart();
    await client.payment.answerLocalChallenge.mutate({ ...action, approve: false });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => trpcError(client.payment.completeSubscription.mutate({ subscriptionId: started.id }))),
    );
    for (const answer of answers) expect(answer.code === 'NOT_FOUND' || answer.message === AUTHENTICATION_FAILED).toBe(true);
    expect(answers.some((a) => a.message === AUTHENTICATION_FAILED)).toBe(true);
    expect(await rowOf(started.id)).toBeUndefined();
  });

  it('another user cannot complete it (NOT_FOUND), and it stays waiting', async () => {
    await anotherUserCannotComplete(await waitingStart());
  });

  it('abandoned: left alone until ACTION_TIMEOUT_MS, then ended by the reconcile job; a late approval charges nothing; the user can subscribe again', async () => {
    const { client, user, started, action } = await waitingStart();
    let moved = 0;
    try {
      // Past the reconcile threshold but within the timeout: the payer may still answer.
      moved = server.deps.config.paymentReconcileAfterMs + MINUTE;
      server.clock.advance(moved);
      // (Other tests' starts are in the same database: the counts include them.)
      expect((await reconcilePayments(server.deps)).waitingStarts).toMatchObject({ settled: 0, failed: 0 });
      expect(await rowOf(started.id)).toMatchObject({ status: 'incomplete' });

      server.clock.advance(ACTION_TIMEOUT_MS);
      moved += ACTION_TIMEOUT_MS;
      const ended = (await reconcilePayments(server.deps)).waitingStarts;
      expect(ended).toMatchObject({ undecided: 0, failed: 0 });
      expect(ended.settled).toBeGreaterThanOrEqual(1);
      expect(await rowOf(started.id)).toBeUndefined();
      expect(await localStart(started.stripeSubscriptionId!)).toMatchObject({ status: 'canceled' });
      expect(await intentOf(action.paymentIntentId)).toMatchObject({ status: 'failed', chargeId: null });
      // Too late: the approval changes nothing, the browser is told the start ended.
      await client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
      expect(await intentOf(action.paymentIntentId)).toMatchObject({ status: 'failed' });
      expect(await trpcError(client.payment.completeSubscription.mutate({ subscriptionId: started.id }))).toMatchObject({
        code: 'NOT_FOUND',
      });
      expect(await historyOf(user.id)).toEqual([]);
      expect((await reconcilePayments(server.deps)).waitingStarts.settled).toBe(0);
      const again = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: CARDS.succeeds });
      expect(again.status).toBe('active');
    } finally {
      server.clock.advance(-moved);
    }
  });

  it('approved but never completed by the browser: the reconcile job activates it and records the payment', async () => {
    const { client, user, started, action } = await waitingStart();
    await client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
    const moved = server.deps.config.paymentReconcileAfterMs + MINUTE;
    server.clock.advance(moved);
    try {
      expect((await reconcilePayments(server.deps)).waitingStarts).toMatchObject({ settled: 1 });
      expect(await rowOf(started.id)).toMatchObject({ status: 'active' });
      expect(await historyOf(user.id)).toHaveLength(1);
    } finally {
      server.clock.advance(-moved);
    }
  });

  it('a month later the card authenticated by the first payment pays the renewal off-session', async () => {
    const { client, user, started, action } = await waitingStart();
    await client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
    const active = await client.payment.completeSubscription.mutate({ subscriptionId: started.id });
    const moved = active.currentPeriodEnd!.getTime() - server.clock.now().getTime() + MINUTE;
    server.clock.advance(moved);
    try {
      await renewLocalSubscriptions(server.deps);
      expect(await rowOf(started.id)).toMatchObject({ status: 'active', currentPeriodStart: active.currentPeriodEnd });
      expect((await historyOf(user.id)).map((h) => [h.amount, h.status])).toEqual([
        [500, 'succeeded'],
        [500, 'succeeded'],
      ]);
    } finally {
      server.clock.advance(-moved);
    }
  });
});
