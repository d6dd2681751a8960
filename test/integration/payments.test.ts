import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localSubscriptions, paymentHistory, paymentMethods, subscriptions } from '../../server/db/schema';
import { renewLocalSubscriptions } from '../../server/domains/payments/renewals';
import { DAY } from '../../server/lib/time';
import { LOCAL_FUNDS_PENDING_DAYS } from '../../server/providers/payments/local-connect';
import { trpcError } from '../support/client';
import { createUser } from '../support/factories';
import { readyToReceive, signedInUser } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('payment.plans and payment.subscribe', () => {
  it('lists Artist Pro $5 and Studio $50 a month with 30-day trials', async () => {
    const plans = await server.client().payment.plans.query();
    expect(plans.map((p) => [p.planId, p.planName, p.price, p.currency, p.trialDays])).toEqual([
      ['artist_pro', 'Artist Pro', 500, 'usd', 30],
      ['studio', 'Studio', 5000, 'usd', 30],
    ]);
    expect(await server.client().payment.config.query()).toEqual({ provider: 'local', publishableKey: null });
  });

  it('subscribing starts a 30-day trial, saves the card as default, and a second subscription is refused', async () => {
    const { client, user } = await signedInUser(server, { plan: 'free' });
    const now = server.clock.now();
    const sub = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' });
    expect(sub).toMatchObject({
      planId: 'artist_pro',
      planName: 'Artist Pro',
      price: 500,
      status: 'trialing',
      cancelAtPeriodEnd: false,
      stripeSubscriptionId: expect.stringMatching(/^sub_local_/),
    });
    expect(Math.round(((sub.trialEnd?.getTime() ?? 0) - now.getTime()) / DAY)).toBe(30);
    expect(sub.currentPeriodEnd).toEqual(sub.trialEnd);
    expect(await client.payment.methods.query()).toMatchObject([
      { stripePaymentMethodId: 'pm_card_visa', brand: 'visa', last4: '4242', isDefault: true },
    ]);
    expect(await trpcError(client.payment.subscribe.mutate({ priceId: 'studio', paymentMethodId: 'pm_card_visa' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'You already have a subscription',
    });
    expect(await client.payment.subscriptions.query()).toHaveLength(1);
    expect((await client.payment.history.query({})).items).toEqual([]);
    expect(user.id).toBe(sub.userId);
  });

  it('concurrent subscribe clicks make one subscription with the provider', async () => {
    const { client, user } = await signedInUser(server, { plan: 'free' });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
    const customer = `cus_local_${user.id.replaceAll('-', '')}`;
    expect(await server.deps.db.select().from(localSubscriptions).where(eq(localSubscriptions.customerId, customer))).toHaveLength(1);
  });

  it('answers bad input with the spec’s messages and a declined card with the provider’s', async () => {
    const { client, user } = await signedInUser(server, { plan: 'free' });
    expect(await trpcError(client.payment.subscribe.mutate({ priceId: 'gold', paymentMethodId: 'pm_card_visa' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid plan selected',
    });
    expect(await trpcError(client.payment.subscribe.mutate({ priceId: '', paymentMethodId: 'pm_card_visa' }))).toMatchObject({
      message: 'Price ID is required',
    });
    expect(await trpcError(client.payment.subscribe.mutate({ priceId: 'studio', paymentMethodId: 'tok_visa' }))).toMatchObject({
      message: 'Invalid payment method ID format',
    });
    expect(await trpcError(client.payment.subscribe.mutate({ priceId: 'studio', paymentMethodId: 'pm_nope' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: "No such PaymentMethod: 'pm_nope'",
    });
    expect(await server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);
  });

  it('cancel at period end keeps the plan until then; cancel now removes it; plan change keeps the period', async () => {
    const { client } = await signedInUser(server, { plan: 'free' });
    const sub = await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' });
    const changed = await client.payment.changePlan.mutate({ subscriptionId: sub.id, priceId: 'studio' });
    expect(changed).toMatchObject({
      planId: 'studio',
      planName: 'Studio',
      price: 5000,
      status: 'trialing',
      currentPeriodEnd: sub.currentPeriodEnd,
    });
    const ending = await client.payment.cancelSubscription.mutate({ subscriptionId: sub.id, cancelAtPeriodEnd: true });
    expect(ending).toMatchObject({ cancelAtPeriodEnd: true, status: 'trialing', deleted: false });
    const ended = await client.payment.cancelSubscription.mutate({ subscriptionId: sub.id, cancelAtPeriodEnd: false });
    expect(ended).toMatchObject({ status: 'canceled', deleted: true });
    expect(await client.payment.subscriptions.query()).toEqual([]);
    expect(await trpcError(client.payment.cancelSubscription.mutate({ subscriptionId: sub.id, cancelAtPeriodEnd: false }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Subscription not found',
    });
    // A new subscription is possible once the old one ended.
    expect((await client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' })).status).toBe('trialing');
  });

  it('someone else’s subscription is not found', async () => {
    const owner = await signedInUser(server, { plan: 'free' });
    const other = await signedInUser(server, { plan: 'free' });
    const sub = await owner.client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' });
    expect(
      await trpcError(other.client.payment.cancelSubscription.mutate({ subscriptionId: sub.id, cancelAtPeriodEnd: true })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await trpcError(other.client.payment.changePlan.mutate({ subscriptionId: sub.id, priceId: 'studio' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('a studio subscription is bought by the studio’s manager only', async () => {
    const { client, user } = await signedInUser(server, { plan: 'free' });
    const studio = await client.studio.create.mutate({
      name: `Pay Studio ${Date.now()}`,
      address: '1 Ink Way',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      timezone: 'America/Chicago',
      phone: '512-555-0100',
      email: 'pay@studio.test',
    });
    const sub = await client.payment.subscribe.mutate({ priceId: 'studio', paymentMethodId: 'pm_card_visa', studioId: studio.id });
    expect(sub).toMatchObject({ studioId: studio.id, userId: user.id, price: 5000 });
    const outsider = await signedInUser(server, { plan: 'free' });
    expect(
      await trpcError(
        outsider.client.payment.subscribe.mutate({ priceId: 'studio', paymentMethodId: 'pm_card_visa', studioId: studio.id }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('local billing at period end', () => {
  it('a trial that ends is charged and becomes active for a month; cancel at period end ends it; a declined renewal is past_due', async () => {
    const renewing = await signedInUser(server, { plan: 'free' });
    const ending = await signedInUser(server, { plan: 'free' });
    const declining = await signedInUser(server, { plan: 'free' });
    const renewed = await renewing.client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' });
    const ended = await ending.client.payment.subscribe.mutate({ priceId: 'studio', paymentMethodId: 'pm_card_visa' });
    await ending.client.payment.cancelSubscription.mutate({ subscriptionId: ended.id, cancelAtPeriodEnd: true });
    const declined = await declining.client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_chargeDeclined' });
    expect(await renewLocalSubscriptions(server.deps)).toBe(0);

    server.clock.advance(31 * DAY);
    try {
      expect(await renewLocalSubscriptions(server.deps)).toBeGreaterThanOrEqual(3);
      expect(await renewLocalSubscriptions(server.deps)).toBe(0);
      const rowOf = async (id: string) => (await server.deps.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
      const active = await rowOf(renewed.id);
      expect(active).toMatchObject({ status: 'active', currentPeriodStart: renewed.trialEnd });
      expect(Math.round((active.currentPeriodEnd!.getTime() - active.currentPeriodStart!.getTime()) / DAY)).toBeGreaterThanOrEqual(28);
      expect(await server.deps.db.select().from(paymentHistory).where(eq(paymentHistory.userId, renewing.user.id))).toMatchObject([
        { amount: 500, description: 'Artist Pro subscription' },
      ]);
      expect(await rowOf(ended.id)).toMatchObject({ status: 'canceled', canceledAt: ended.currentPeriodEnd });
      expect(await rowOf(declined.id)).toMatchObject({ status: 'past_due' });
      expect(await server.deps.db.select().from(paymentHistory).where(eq(paymentHistory.userId, declining.user.id))).toHaveLength(0);
    } finally {
      server.clock.advance(-31 * DAY);
    }
  });
});

describe('payment methods', () => {
  it('adds with the pm_ rules, keeps one default, sets default and deletes (the newest remaining becomes default)', async () => {
    const { client, user } = await signedInUser(server);
    expect(await trpcError(client.payment.addMethod.mutate({ paymentMethodId: '' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Payment method ID is required',
    });
    expect(await trpcError(client.payment.addMethod.mutate({ paymentMethodId: 'card_123' }))).toMatchObject({
      message: 'Invalid payment method ID format',
    });
    const visa = await client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_visa' });
    const master = await client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_mastercard' });
    expect([visa.isDefault, master.isDefault]).toEqual([true, false]);
    expect((await client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_visa' })).id).toBe(visa.id);
    await client.payment.setDefaultMethod.mutate({ paymentMethodId: 'pm_card_mastercard' });
    expect((await client.payment.methods.query()).map((m) => [m.last4, m.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    expect(await client.payment.deleteMethod.mutate({ paymentMethodId: 'pm_card_mastercard' })).toEqual({
      deleted: true,
      newDefaultPaymentMethodId: 'pm_card_visa',
    });
    expect((await client.payment.methods.query()).map((m) => [m.last4, m.isDefault])).toEqual([['4242', true]]);
    expect(await trpcError(client.payment.setDefaultMethod.mutate({ paymentMethodId: 'pm_card_mastercard' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Payment method not found',
    });
    const rows = await server.deps.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(rows.filter((r) => r.isDefault && !r.deleted)).toHaveLength(1);
  });

  it('concurrent adds leave exactly one default', async () => {
    const { client, user } = await signedInUser(server);
    await Promise.all(
      ['pm_card_visa', 'pm_card_mastercard', 'pm_card_chargeDeclined'].map((paymentMethodId) =>
        client.payment.addMethod.mutate({ paymentMethodId }),
      ),
    );
    const rows = await server.deps.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });
});

describe('connect: receiving money', () => {
  it('walks not_started → pending → active with the spec’s messages, steps and minutes', async () => {
    const { client } = await signedInUser(server);
    expect(await client.connect.status.query()).toMatchObject({
      status: 'not_started',
      message: 'Payment account not set up',
      steps: ['create_account', 'verify_identity', 'add_bank'],
      setupMinutes: 10,
    });
    const created = await client.connect.createAccount.mutate();
    expect(created).toMatchObject({
      status: 'pending',
      message: 'Account setup not completed',
      steps: ['verify_identity', 'add_bank'],
      setupMinutes: 5,
      accountId: expect.stringMatching(/^acct_local_/),
    });
    expect((await client.connect.createAccount.mutate()).accountId).toBe(created.accountId);
    const link = await client.connect.onboardingLink.mutate({ returnPath: '/payment-setup?context=payment_request' });
    expect(link.url).toContain('/payment-setup/onboarding?accountId=');
    expect(await trpcError(client.connect.onboardingLink.mutate({ returnPath: 'https://evil.example' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    const active = await readyToReceive(client);
    expect(active).toMatchObject({ status: 'active', message: null, canReceivePayments: true, payoutsEnabled: true, chargesEnabled: true });
  });

  it('balance, instant payout within the balance, and the last 10 payouts', async () => {
    const artist = await signedInUser(server);
    expect(await trpcError(artist.client.connect.balance.query())).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No Connect account found for user',
    });
    await readyToReceive(artist.client);
    const payer = await createUser({}, server.deps.db);
    const account = await artist.client.connect.status.query();
    await server.deps.payments.charge({
      amountCents: 2000,
      currency: 'usd',
      paymentMethodId: 'pm_card_visa',
      description: 'test',
      idempotencyKey: `test:${payer.id}`,
      connect: { destinationAccountId: account.accountId ?? '', applicationFeeCents: 50 },
    });
    expect(await artist.client.connect.balance.query()).toEqual({
      available: 0,
      pending: 1950,
      instant_available: 0,
      paid_out: 0,
      currency: 'usd',
    });
    server.clock.advance(LOCAL_FUNDS_PENDING_DAYS * DAY); // the provider releases the charge's funds
    expect(await artist.client.connect.balance.query()).toEqual({
      available: 1950,
      pending: 0,
      instant_available: 1950,
      paid_out: 0,
      currency: 'usd',
    });
    expect(await trpcError(artist.client.connect.payout.mutate({ amount: 5000 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You have insufficient funds in your balance for this payout.',
    });
    for (let i = 0; i < 11; i++) await artist.client.connect.payout.mutate({ amount: 100 });
    const history = await artist.client.connect.payouts.query();
    expect(history).toHaveLength(10);
    expect(history[0]).toMatchObject({ amount: 100, method: 'instant', status: 'paid' });
    expect(await artist.client.connect.balance.query()).toMatchObject({ available: 850, paid_out: 1100 });
  });
});
