import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { localPaymentIntents, localSubscriptions, paymentHistory, subscriptions } from '../../server/db/schema';
import { AUTHENTICATION_FAILED } from '../../server/providers/payments/local-charges';
import { STILL_AWAITING_ACTION } from '../../server/charge-actions';
import { LOCAL_TEST_PAYMENT_METHODS } from '../../server/providers/payments/types';
import { trpcError } from './client';
import { signedInUser } from './payments-fixtures';
import type { TestServer } from './server';

/**
 * What the subscription-start tests (decision 040, local provider) look at: our row, the payer's
 * history, the local provider's subscription and charge records, and a start waiting for the
 * 3-D Secure challenge (its first payment without a trial, its card's authentication with one).
 */
export function subscriptionStarts(server: TestServer) {
  const db = () => server.deps.db;
  const rowOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
  const intentOf = async (id: string) => (await db().select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id)))[0];
  const localStart = async (providerId: string) =>
    (await db().select().from(localSubscriptions).where(eq(localSubscriptions.id, providerId)))[0];
  /** A free user who subscribes to Artist Pro with the 3-D Secure card: the start waits for the challenge. */
  async function waitingStart() {
    const subscriber = await signedInUser(server, { plan: 'free' });
    const started = await subscriber.client.payment.subscribe.mutate({
      priceId: 'artist_pro',
      paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.threeDSecure,
    });
    if (!started.nextAction) throw new Error('expected a challenge');
    return { ...subscriber, started, action: started.nextAction };
  }
  return {
    rowOf,
    intentOf,
    historyOf: (userId: string) => db().select().from(paymentHistory).where(eq(paymentHistory.userId, userId)),
    localStart,
    waitingStart,
    /**
     * A start still waiting for its payer: incomplete with the provider, not listed, no entitlement,
     * nothing in the history, a second subscribe refused, and completing it says it still waits.
     */
    async stillWaiting({ client, user, started }: Awaited<ReturnType<typeof waitingStart>>) {
      expect(await localStart(started.stripeSubscriptionId ?? '')).toMatchObject({ status: 'incomplete', latestChargeId: null });
      expect(await client.payment.subscriptions.query()).toEqual([]);
      expect((await client.payment.entitlements.query()).plans).toEqual([]);
      expect(await db().select().from(paymentHistory).where(eq(paymentHistory.userId, user.id))).toEqual([]);
      expect(
        await trpcError(client.payment.subscribe.mutate({ priceId: 'studio', paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.succeeds })),
      ).toMatchObject({
        code: 'CONFLICT',
        message: 'You already have a subscription',
      });
      expect(await trpcError(client.payment.completeSubscription.mutate({ subscriptionId: started.id }))).toMatchObject({
        code: 'CONFLICT',
        message: STILL_AWAITING_ACTION,
      });
    },
    /**
     * The payer fails the challenge and completes: told why, our row and the provider's start are
     * gone, and an approval afterwards (another tab) changes nothing.
     */
    async failedAndEnded({ client, started, action }: Awaited<ReturnType<typeof waitingStart>>) {
      await client.payment.answerLocalChallenge.mutate({ ...action, approve: false });
      expect(await trpcError(client.payment.completeSubscription.mutate({ subscriptionId: started.id }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: AUTHENTICATION_FAILED,
      });
      expect(await rowOf(started.id)).toBeUndefined();
      expect(await localStart(started.stripeSubscriptionId ?? '')).toMatchObject({ status: 'canceled' });
      await client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
      expect(await intentOf(action.paymentIntentId)).toMatchObject({ status: 'failed', chargeId: null });
      expect(await client.payment.subscriptions.query()).toEqual([]);
    },
    /** Completing someone else's start: NOT_FOUND, and it keeps waiting for its payer. */
    async anotherUserCannotComplete({ started, action }: { started: { id: string }; action: { paymentIntentId: string } }) {
      const other = await signedInUser(server, { plan: 'free' });
      expect(await trpcError(other.client.payment.completeSubscription.mutate({ subscriptionId: started.id }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Subscription not found',
      });
      expect(await rowOf(started.id)).toMatchObject({ status: 'incomplete' });
      expect(await intentOf(action.paymentIntentId)).toMatchObject({ status: 'requires_action' });
    },
  };
}
