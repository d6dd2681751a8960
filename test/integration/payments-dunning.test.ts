import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localPaymentIntents, localSubscriptions, mailOutbox, paymentHistory, subscriptions } from '../../server/db/schema';
import { renewLocalSubscriptions } from '../../server/domains/payments/renewals';
import { addMonth } from '../../server/providers/payments/local-subscriptions';
import { LOCAL_TEST_PAYMENT_METHODS } from '../../server/providers/payments/types';
import { DAY, MINUTE } from '../../server/lib/time';
import { signIn } from '../support/factories';
import { signedInUser } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';

const server = useTestServer();
const FAILS = LOCAL_TEST_PAYMENT_METHODS.failsOnCharge;

const rowOf = async (id: string) => (await server.deps.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const mailTo = (email: string) => server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt);
/** The local provider's charges for one subscription's renewals (their description names the plan). */
const renewalCharges = (customerId: string) =>
  server.deps.db
    .select()
    .from(localPaymentIntents)
    .where(and(eq(localPaymentIntents.customerId, customerId), like(localPaymentIntents.description, 'Subscription renewal%')));

/** Runs the test with the clock moved by `ms` from here on, and puts it back after. */
async function withClockAt<T>(fn: (moveTo: (ms: number) => void) => Promise<T>): Promise<T> {
  let moved = 0;
  try {
    return await fn((ms) => {
      server.clock.advance(ms - moved);
      moved = ms;
    });
  } finally {
    server.clock.advance(-moved);
  }
}

/** A new session (the first has expired once the clock is past the trial). */
async function signedInAgain(user: { email: string; password: string }) {
  const client = server.client();
  await signIn(client, user);
  return client;
}

async function subscribedOn(paymentMethodId: string) {
  const subscriber = await signedInUser(server, { plan: 'free' });
  const started = await subscriber.client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId });
  const customerId = `cus_local_${subscriber.user.id.replaceAll('-', '')}`;
  return { ...subscriber, started, customerId, trialMs: started.trialEnd!.getTime() - server.clock.now().getTime() };
}

describe('dunning: a renewal that fails is retried on days 1, 3 and 5, then canceled (local provider, test clock)', () => {
  it('past_due with an e-mail per failure linking to the card update page; canceled after the last retry; the user can subscribe again', async () => {
    const { user, started, customerId, trialMs } = await subscribedOn(FAILS);
    expect(started.status).toBe('trialing');
    await withClockAt(async (moveTo) => {
      moveTo(trialMs + MINUTE);
      await renewLocalSubscriptions(server.deps);
      // The schedule counts from the first failure, as the provider recorded it.
      const [books] = await server.deps.db
        .select()
        .from(localSubscriptions)
        .where(eq(localSubscriptions.id, started.stripeSubscriptionId!));
      const failedAt = books.firstFailedAt!.getTime();
      expect(await rowOf(started.id)).toMatchObject({
        status: 'past_due',
        failedPaymentAttempts: 1,
        nextPaymentAttemptAt: new Date(failedAt + DAY),
      });
      const [first] = await mailTo(user.email);
      expect(first.subject).toBe('Payment failed for your Artist Pro subscription');
      expect(first.text).toContain('attempt 1');
      expect(first.text).toContain(`${server.deps.config.appOrigin}/account/billing`);

      // Nothing is due before the first retry.
      await renewLocalSubscriptions(server.deps);
      expect(await renewalCharges(customerId)).toHaveLength(1);

      for (const [attempt, days, nextDays] of [
        [2, 1, 3],
        [3, 3, 5],
      ] as const) {
        moveTo(trialMs + MINUTE + days * DAY);
        await renewLocalSubscriptions(server.deps);
        expect(await rowOf(started.id)).toMatchObject({
          status: 'past_due',
          failedPaymentAttempts: attempt,
          nextPaymentAttemptAt: new Date(failedAt + nextDays * DAY),
        });
        expect(await mailTo(user.email)).toHaveLength(attempt);
      }

      moveTo(trialMs + MINUTE + 5 * DAY);
      await renewLocalSubscriptions(server.deps);
      const canceled = await rowOf(started.id);
      expect(canceled).toMatchObject({ status: 'canceled', failedPaymentAttempts: 4, nextPaymentAttemptAt: null, deleted: false });
      const mails = await mailTo(user.email);
      expect(mails.map((m) => m.subject)).toEqual([
        ...Array(3).fill('Payment failed for your Artist Pro subscription'),
        'Your Artist Pro subscription was canceled',
      ]);
      expect(mails[3].text).toContain('/account/billing');
      // One charge per attempt, each declined; nothing in the payment history.
      const charges = await renewalCharges(customerId);
      expect(charges.map((c) => c.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
      expect(new Set(charges.map((c) => c.idempotencyKey)).size).toBe(4);
      expect(await server.deps.db.select().from(paymentHistory).where(eq(paymentHistory.userId, user.id))).toHaveLength(0);

      // Canceled is final: later passes change nothing, and the plan is no longer live.
      moveTo(trialMs + 40 * DAY);
      await renewLocalSubscriptions(server.deps);
      expect(await renewalCharges(customerId)).toHaveLength(4);
      const again = await signedInAgain(user);
      expect((await again.payment.subscriptions.query()).map((s) => s.status)).toEqual(['canceled']);
      await expect(
        again.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.succeeds }),
      ).resolves.toMatchObject({
        status: 'trialing',
      });
    });
  });

  it('a card update before the next retry: the retry charges the new card and the subscription is active for the next period', async () => {
    const { user, started, customerId, trialMs } = await subscribedOn(FAILS);
    await withClockAt(async (moveTo) => {
      moveTo(trialMs + MINUTE);
      await renewLocalSubscriptions(server.deps);
      expect(await rowOf(started.id)).toMatchObject({ status: 'past_due', failedPaymentAttempts: 1 });

      const client = await signedInAgain(user);
      await client.payment.addMethod.mutate({ paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.succeeds, setDefault: true });
      moveTo(trialMs + MINUTE + DAY);
      await renewLocalSubscriptions(server.deps);
      const recovered = await rowOf(started.id);
      expect(recovered).toMatchObject({
        status: 'active',
        failedPaymentAttempts: 0,
        nextPaymentAttemptAt: null,
        currentPeriodStart: started.currentPeriodEnd,
        currentPeriodEnd: addMonth(started.currentPeriodEnd!),
      });
      const charges = await renewalCharges(customerId);
      expect(charges.map((c) => [c.status, c.paymentMethodId])).toEqual([
        ['failed', FAILS],
        ['succeeded', LOCAL_TEST_PAYMENT_METHODS.succeeds],
      ]);
      expect(await server.deps.db.select().from(paymentHistory).where(eq(paymentHistory.userId, user.id))).toMatchObject([
        { amount: 500, description: 'Artist Pro subscription' },
      ]);
      expect(await mailTo(user.email)).toHaveLength(1);

      // The recovered subscription renews normally at the end of its new period.
      moveTo(recovered.currentPeriodEnd!.getTime() - started.createdAt.getTime() + MINUTE);
      await renewLocalSubscriptions(server.deps);
      expect(await rowOf(started.id)).toMatchObject({ status: 'active', currentPeriodStart: recovered.currentPeriodEnd });
    });
  });

  it('four renewal jobs at once charge each attempt once and send one e-mail per failure', async () => {
    const failing = await Promise.all([0, 1, 2].map(() => subscribedOn(FAILS)));
    const paying = await Promise.all([0, 1].map(() => subscribedOn(LOCAL_TEST_PAYMENT_METHODS.succeeds)));
    const trialMs = Math.max(...[...failing, ...paying].map((s) => s.trialMs));
    await withClockAt(async (moveTo) => {
      for (const [step, days] of [0, 1, 3, 5].entries()) {
        moveTo(trialMs + MINUTE + days * DAY);
        await Promise.all([0, 1, 2, 3].map(() => renewLocalSubscriptions(server.deps)));
        for (const s of failing) {
          expect(await renewalCharges(s.customerId)).toHaveLength(step + 1);
          expect(await mailTo(s.user.email)).toHaveLength(step + 1);
        }
      }
      for (const s of failing) expect(await rowOf(s.started.id)).toMatchObject({ status: 'canceled' });
      for (const s of paying) {
        expect(await renewalCharges(s.customerId)).toHaveLength(1);
        expect(await rowOf(s.started.id)).toMatchObject({ status: 'active' });
        expect(await server.deps.db.select().from(paymentHistory).where(eq(paymentHistory.userId, s.user.id))).toHaveLength(1);
      }
    });
  });
});
