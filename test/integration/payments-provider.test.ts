import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPaymentIntents, localRefunds } from '../../server/db/schema';
import { DAY } from '../../server/lib/time';
import { isLocalProvider } from '../../server/providers/payments/local';
import { LOCAL_FUNDS_PENDING_DAYS } from '../../server/providers/payments/local-connect';
import { createStripePayments } from '../../server/providers/payments/stripe';
import { LOCAL_TEST_PAYMENT_METHODS, PaymentProviderError, type PaymentsProvider } from '../../server/providers/payments/types';
import { searchResult, startStripeApi } from '../support/payments-stripe-api';
import { useTestServer } from '../support/server';

const server = useTestServer();
let keySeq = 0;
const key = (what: string) => `test:${what}:${Date.now()}:${keySeq++}`;
const charge = (overrides: Partial<Parameters<PaymentsProvider['charge']>[0]> = {}) =>
  server.deps.payments.charge({
    amountCents: 2500,
    currency: 'usd',
    paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.succeeds,
    description: 'Flash piece',
    idempotencyKey: key('charge'),
    ...overrides,
  });

describe('local payments provider', () => {
  it('is the provider when STRIPE_SECRET_KEY is unset', () => {
    expect(server.deps.payments.kind).toBe('local');
  });

  it('charges a test card that succeeds', async () => {
    const result = await charge();
    expect(result).toMatchObject({
      ok: true,
      paymentIntentId: expect.stringMatching(/^pi_local_/),
      chargeId: expect.stringMatching(/^ch_local_/),
    });
    if (!result.ok) throw new Error('expected success');
    const [row] = await server.deps.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, result.paymentIntentId));
    expect(row).toMatchObject({ amount: 2500, currency: 'usd', status: 'succeeded' });
  });

  it('declines the declining test cards with Stripe’s messages and charges nothing', async () => {
    expect(await charge({ paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.declined })).toEqual({
      ok: false,
      reason: 'Your card was declined.',
      declineCode: 'generic_decline',
    });
    expect(await charge({ paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.insufficientFunds })).toEqual({
      ok: false,
      reason: 'Your card has insufficient funds.',
      declineCode: 'insufficient_funds',
    });
    expect(await charge({ paymentMethodId: 'pm_unknown' })).toEqual({
      ok: false,
      reason: "No such PaymentMethod: 'pm_unknown'",
      declineCode: null,
    });
  });

  it('returns the first result for a retried idempotency key, even for 10 concurrent retries', async () => {
    const idempotencyKey = key('retry');
    const results = await Promise.all(Array.from({ length: 10 }, () => charge({ idempotencyKey })));
    const ids = new Set(results.map((r) => (r.ok ? r.paymentIntentId : 'failed')));
    expect(ids.size).toBe(1);
    const rows = await server.deps.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.idempotencyKey, idempotencyKey));
    expect(rows).toHaveLength(1);
    await expect(charge({ idempotencyKey, amountCents: 9999 })).rejects.toThrow(
      'Keys for idempotent requests can only be used with the same parameters',
    );
  });

  it('a declined attempt stays declined on retry with the same key', async () => {
    const idempotencyKey = key('declined-retry');
    await charge({ idempotencyKey, paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.declined });
    expect(await charge({ idempotencyKey, paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.declined })).toMatchObject({ ok: false });
  });

  it('refunds in part and in full, once per key, never more than was charged', async () => {
    const paid = await charge({ amountCents: 1000 });
    if (!paid.ok) throw new Error('expected success');
    const refundKey = key('refund');
    const partial = await server.deps.payments.refund({
      paymentIntentId: paid.paymentIntentId,
      amountCents: 400,
      idempotencyKey: refundKey,
    });
    expect(partial).toEqual({ refundId: expect.stringMatching(/^re_local_/), amountCents: 400 });
    expect(
      await server.deps.payments.refund({ paymentIntentId: paid.paymentIntentId, amountCents: 400, idempotencyKey: refundKey }),
    ).toEqual(partial);
    const rest = await server.deps.payments.refund({ paymentIntentId: paid.paymentIntentId, idempotencyKey: key('refund') });
    expect(rest.amountCents).toBe(600);
    await expect(
      server.deps.payments.refund({ paymentIntentId: paid.paymentIntentId, amountCents: 1, idempotencyKey: key('refund') }),
    ).rejects.toThrow(PaymentProviderError);
    const [row] = await server.deps.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, paid.paymentIntentId));
    expect(row.amountRefunded).toBe(1000);
    expect(await server.deps.db.select().from(localRefunds).where(eq(localRefunds.paymentIntentId, paid.paymentIntentId))).toHaveLength(2);
  });

  it('pays a connected account only after onboarding, keeps the application fee, and pays out no more than the balance', async () => {
    const payments = server.deps.payments;
    if (!isLocalProvider(payments)) throw new Error('expected the local provider');
    const account = await payments.createConnectAccount({
      userId: 'u1',
      email: 'artist@example.com',
      firstName: 'Ada',
      lastName: 'Ink',
      idempotencyKey: key('acct'),
    });
    expect(account).toMatchObject({ chargesEnabled: false, detailsSubmitted: false });
    const connect = { destinationAccountId: account.accountId, applicationFeeCents: 50 };
    expect(await charge({ amountCents: 1000, connect })).toMatchObject({ ok: false });
    expect(await payments.completeOnboarding(account.accountId)).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      currentlyDue: [],
    });
    expect(await charge({ amountCents: 1000, connect })).toMatchObject({ ok: true });
    // The charge's funds are pending first (decision 038), then available.
    expect(await payments.getBalance(account.accountId)).toMatchObject({ availableCents: 0, pendingCents: 950 });
    server.clock.advance(LOCAL_FUNDS_PENDING_DAYS * DAY);
    expect(await payments.getBalance(account.accountId)).toEqual({
      availableCents: 950,
      pendingCents: 0,
      instantAvailableCents: 950,
      currency: 'usd',
    });
    const payout = { accountId: account.accountId, currency: 'usd', method: 'instant' as const };
    await expect(payments.createPayout({ ...payout, amountCents: 951, idempotencyKey: key('po') })).rejects.toThrow('insufficient funds');
    const paidOut = await payments.createPayout({ ...payout, amountCents: 900, idempotencyKey: key('po') });
    expect(paidOut).toMatchObject({ amountCents: 900, method: 'instant', status: 'paid' });
    expect((await payments.getBalance(account.accountId)).availableCents).toBe(50);
    expect(await payments.listPayouts(account.accountId, 10)).toEqual([paidOut]);
  });

  it('concurrent payouts never take out more than the balance', async () => {
    const payments = server.deps.payments;
    if (!isLocalProvider(payments)) throw new Error('expected the local provider');
    const account = await payments.createConnectAccount({
      userId: 'u2',
      email: 'b@example.com',
      firstName: 'B',
      lastName: 'C',
      idempotencyKey: key('acct'),
    });
    await payments.completeOnboarding(account.accountId);
    await charge({ amountCents: 1050, connect: { destinationAccountId: account.accountId, applicationFeeCents: 50 } });
    server.clock.advance(LOCAL_FUNDS_PENDING_DAYS * DAY);
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        payments.createPayout({
          accountId: account.accountId,
          amountCents: 400,
          currency: 'usd',
          method: 'instant',
          idempotencyKey: key('po'),
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    expect((await payments.getBalance(account.accountId)).availableCents).toBe(200);
  });

  it('subscriptions: trialing with trial days, otherwise active with the first month charged; a decline creates nothing', async () => {
    const plan = { planId: 'artist_pro', planName: 'Artist Pro', priceCents: 500, currency: 'usd' };
    const base = { customerId: 'cus_local_x', plan, paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.succeeds };
    const trial = await server.deps.payments.createSubscription({ ...base, trialDays: 30, idempotencyKey: key('sub') });
    expect(trial).toMatchObject({ status: 'trialing', payment: null, cancelAtPeriodEnd: false });
    expect(trial.trialEnd && trial.trialEnd.getTime() - trial.currentPeriodStart.getTime()).toBe(30 * 86_400_000);
    const paid = await server.deps.payments.createSubscription({ ...base, trialDays: 0, idempotencyKey: key('sub') });
    expect(paid).toMatchObject({ status: 'active', trialEnd: null, payment: { amountCents: 500 } });
    await expect(
      server.deps.payments.createSubscription({
        ...base,
        paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.declined,
        trialDays: 0,
        idempotencyKey: key('sub'),
      }),
    ).rejects.toThrow('Your card was declined.');
    const ending = await server.deps.payments.cancelSubscription({
      subscriptionId: paid.subscriptionId,
      atPeriodEnd: true,
      idempotencyKey: key('cancel'),
    });
    expect(ending).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const ended = await server.deps.payments.cancelSubscription({
      subscriptionId: trial.subscriptionId,
      atPeriodEnd: false,
      idempotencyKey: key('cancel'),
    });
    expect(ended.status).toBe('canceled');
  });
});

describe('local payments provider: the record of a charge or a subscription by its idempotency key', () => {
  it('answers what happened to a charge: succeeded, declined, or never asked for', async () => {
    const paidKey = key('paid');
    const paid = await charge({ idempotencyKey: paidKey });
    if (!paid.ok) throw new Error('expected success');
    expect(await server.deps.payments.findCharge(paidKey)).toEqual({
      status: 'succeeded',
      paymentIntentId: paid.paymentIntentId,
      chargeId: paid.chargeId,
      receiptUrl: paid.receiptUrl,
    });
    const declinedKey = key('declined');
    await charge({ idempotencyKey: declinedKey, paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.declined });
    expect(await server.deps.payments.findCharge(declinedKey)).toEqual({
      status: 'failed',
      paymentIntentId: expect.stringMatching(/^pi_local_/),
      reason: 'Your card was declined.',
    });
    expect(await server.deps.payments.findCharge(key('never'))).toEqual({ status: 'none' });
  });

  it('finds a subscription by the key it was started with, with its first payment; none for an unknown key', async () => {
    const startKey = key('subscription');
    const started = await server.deps.payments.createSubscription({
      customerId: 'cus_local_finder',
      plan: { planId: 'artist', planName: 'Artist', priceCents: 2900, currency: 'usd' },
      paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.succeeds,
      trialDays: 0,
      idempotencyKey: startKey,
    });
    expect(await server.deps.payments.findSubscription(startKey)).toEqual(started);
    expect(await server.deps.payments.findSubscription(key('no-subscription'))).toBeNull();
  });
});

describe('Stripe payments provider (SDK against a loopback API)', () => {
  let api: Awaited<ReturnType<typeof startStripeApi>>;
  let stripe: PaymentsProvider;
  beforeAll(async () => {
    api = await startStripeApi((request) => {
      if (request.path === '/v1/payment_intents' && request.form.payment_method === 'pm_card_chargeDeclined') {
        return {
          status: 402,
          body: {
            error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
          },
        };
      }
      if (request.path === '/v1/payment_intents') {
        return {
          body: {
            id: 'pi_123',
            object: 'payment_intent',
            status: 'succeeded',
            amount: Number(request.form.amount),
            latest_charge: { id: 'ch_123', object: 'charge', receipt_url: 'https://pay.stripe.com/receipts/ch_123' },
          },
        };
      }
      if (request.path === '/v1/payment_intents/search') {
        const intents: Record<string, unknown[]> = {
          "metadata['inklink_idempotency_key']:'order:paid'": [
            {
              id: 'pi_old',
              object: 'payment_intent',
              status: 'requires_payment_method',
              last_payment_error: { message: 'Your card was declined.' },
            },
            { id: 'pi_paid', object: 'payment_intent', status: 'succeeded', latest_charge: 'ch_paid' },
          ],
          "metadata['inklink_idempotency_key']:'order:declined'": [
            {
              id: 'pi_declined',
              object: 'payment_intent',
              status: 'requires_payment_method',
              last_payment_error: { message: 'Your card was declined.' },
            },
          ],
          "metadata['inklink_idempotency_key']:'order:slow'": [{ id: 'pi_slow', object: 'payment_intent', status: 'processing' }],
        };
        return { body: searchResult(request.path, intents[request.form.query] ?? []) };
      }
      if (request.path === '/v1/subscriptions/search') return { body: searchResult(request.path, []) };
      if (request.path === '/v1/refunds') return { body: { id: 're_123', object: 'refund', amount: Number(request.form.amount) } };
      if (request.path === '/v1/payouts') {
        return {
          body: {
            id: 'po_123',
            object: 'payout',
            amount: 700,
            currency: 'usd',
            method: 'instant',
            status: 'paid',
            created: 1_800_000_000,
            arrival_date: 1_800_000_000,
          },
        };
      }
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'Unrecognized request URL' } },
      };
    });
    stripe = createStripePayments({ secretKey: 'sk_test_inklink', apiUrl: api.url });
  });
  afterAll(() => api.close());

  it('sends a connected charge with amounts in cents, the fee, the destination and the idempotency key', async () => {
    const result = await stripe.charge({
      amountCents: 10_000,
      currency: 'usd',
      paymentMethodId: 'pm_card_visa',
      customerId: 'cus_9',
      description: 'Payment request: sleeve session',
      idempotencyKey: 'payment-transaction:abc',
      metadata: { paymentRequestId: 'pr_1' },
      connect: { destinationAccountId: 'acct_artist', applicationFeeCents: 100 },
    });
    expect(result).toEqual({
      ok: true,
      paymentIntentId: 'pi_123',
      chargeId: 'ch_123',
      receiptUrl: 'https://pay.stripe.com/receipts/ch_123',
    });
    const request = api.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request?.headers['idempotency-key']).toBe('payment-transaction:abc');
    expect(request?.headers.authorization).toBe('Bearer sk_test_inklink');
    expect(request?.form).toEqual({
      amount: '10000',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      customer: 'cus_9',
      description: 'Payment request: sleeve session',
      'metadata[paymentRequestId]': 'pr_1',
      // findCharge searches the metadata for the key when the answer was lost.
      'metadata[inklink_idempotency_key]': 'payment-transaction:abc',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      // A 3-D Secure challenge is shown by Stripe.js's handleNextAction (decision 040).
      use_stripe_sdk: 'true',
      application_fee_amount: '100',
      'transfer_data[destination]': 'acct_artist',
      'expand[0]': 'latest_charge',
    });
  });

  it('finds a charge by its idempotency key through the search API over the metadata the charge carries', async () => {
    expect(await stripe.findCharge('order:paid')).toEqual({
      status: 'succeeded',
      paymentIntentId: 'pi_paid',
      chargeId: 'ch_paid',
      receiptUrl: null,
    });
    expect(api.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/payment_intents/search',
      form: { query: "metadata['inklink_idempotency_key']:'order:paid'" },
    });
    expect(await stripe.findCharge('order:declined')).toEqual({
      status: 'failed',
      paymentIntentId: 'pi_declined',
      reason: 'Your card was declined.',
    });
    expect(await stripe.findCharge('order:slow')).toEqual({ status: 'processing', paymentIntentId: 'pi_slow' });
    expect(await stripe.findCharge('order:never')).toEqual({ status: 'none' });
    // A quote in a key cannot end the query's string.
    await stripe.findCharge("order:it's");
    expect(api.requests.at(-1)?.form.query).toBe("metadata['inklink_idempotency_key']:'order:it\\'s'");
    expect(await stripe.findSubscription('subscription:none')).toBeNull();
    expect(api.requests.at(-1)).toMatchObject({
      path: '/v1/subscriptions/search',
      form: { query: "metadata['inklink_idempotency_key']:'subscription:none'" },
    });
  });

  it('turns a card error into a decline result', async () => {
    const result = await stripe.charge({
      amountCents: 500,
      currency: 'usd',
      paymentMethodId: 'pm_card_chargeDeclined',
      description: 'x',
      idempotencyKey: 'k-decline',
    });
    expect(result).toEqual({ ok: false, reason: 'Your card was declined.', declineCode: 'generic_decline' });
    expect(api.requests.at(-1)?.headers['idempotency-key']).toBe('k-decline');
  });

  it('refunds with the payment intent, amount and idempotency key', async () => {
    expect(await stripe.refund({ paymentIntentId: 'pi_123', amountCents: 250, idempotencyKey: 'order:1:refund' })).toEqual({
      refundId: 're_123',
      amountCents: 250,
    });
    const request = api.requests.at(-1);
    expect(request?.form).toMatchObject({ payment_intent: 'pi_123', amount: '250', reason: 'requested_by_customer' });
    expect(request?.headers['idempotency-key']).toBe('order:1:refund');
  });

  it('pays out on the connected account (Stripe-Account header) with the idempotency key', async () => {
    const payout = await stripe.createPayout({
      accountId: 'acct_artist',
      amountCents: 700,
      currency: 'usd',
      method: 'instant',
      idempotencyKey: 'payout:1',
    });
    expect(payout).toMatchObject({ payoutId: 'po_123', amountCents: 700, status: 'paid' });
    const request = api.requests.at(-1);
    expect(request?.form).toEqual({ amount: '700', currency: 'usd', method: 'instant' });
    expect(request?.headers['stripe-account']).toBe('acct_artist');
    expect(request?.headers['idempotency-key']).toBe('payout:1');
  });
});
