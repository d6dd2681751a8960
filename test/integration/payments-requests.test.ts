import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localPaymentIntents, messages, notifications, paymentHistory, paymentRequests, paymentTransactions } from '../../server/db/schema';
import { DAY } from '../../server/lib/time';
import { trpcError } from '../support/client';
import { isPostgres } from '../support/databases';
import { loseReceiving, paymentRequestCast, readyToReceive, signedInUser } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';

const server = useTestServer();
const db = () => server.deps.db;
const requestRows = (id: string) => db().select().from(paymentRequests).where(eq(paymentRequests.id, id));
const attempts = (id: string) => db().select().from(paymentTransactions).where(eq(paymentTransactions.paymentRequestId, id));
/** The local provider's charges for a request (its metadata carries the request id). */
const charges = async (id: string) => (await db().select().from(localPaymentIntents)).filter((i) => i.metadata.paymentRequestId === id);

describe('paymentRequest.create', () => {
  it('creates a pending request with the fees, posts the payment-request card in the thread and notifies the payee', async () => {
    const { artist, payer, threadId, request } = await paymentRequestCast(server);
    const dueDate = new Date(server.clock.now().getTime() + 7 * DAY).toISOString();
    const created = await request({ dueDate });
    expect(created).toMatchObject({
      requesterId: artist.user.id,
      payeeId: payer.user.id,
      amount: 10_000,
      currency: 'usd',
      status: 'pending',
      processingFee: 320,
      platformFee: 100,
      netAmount: 9_900,
      threadId,
      recipientSetupRequired: false,
      recipientSetupStatus: 'not_required',
    });
    const [message] = await db()
      .select()
      .from(messages)
      .where(eq(messages.id, created.messageId ?? ''));
    expect(message).toMatchObject({
      threadId,
      senderId: artist.user.id,
      hasAttachments: true,
      attachments: [
        { type: 'payment_request', paymentRequestId: created.id, data: { amount: 10_000, description: 'Sleeve session deposit' } },
      ],
    });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, payer.user.id), eq(notifications.type, 'general_alert')));
    expect(notice).toMatchObject({ title: `${artist.user.displayName} requested a payment`, body: '$100.00 · Sleeve session deposit' });
    expect(notice.data).toMatchObject({ threadId, paymentRequestId: created.id });
  });

  it('answers every validation with the spec’s message and writes nothing', async () => {
    const { artist, payer, threadId, request } = await paymentRequestCast(server);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ payeeId: '' }, 'User ID is required'],
      [{ amount: 0 }, 'Amount must be greater than 0'],
      [{ amount: 50 }, 'Minimum amount is $1.00'],
      [{ amount: 1_000_001 }, 'Maximum amount is $10,000.00'],
      [{ description: '' }, 'Description is required'],
      [{ description: 'x'.repeat(201) }, 'Description must be 200 characters or less'],
      [{ payeeId: artist.user.id }, 'Cannot request payment from yourself'],
      [{ payeeId: artist.user.id.toUpperCase() }, 'Cannot request payment from yourself'],
      [{ dueDate: new Date(server.clock.now().getTime() - 60_000).toISOString() }, 'Due date must be in the future'],
    ];
    for (const [override, message] of cases) {
      expect(await trpcError(request(override))).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    expect(await db().select().from(paymentRequests).where(eq(paymentRequests.threadId, threadId))).toHaveLength(0);
    expect(await db().select().from(messages).where(eq(messages.threadId, threadId))).toHaveLength(0);
    // The bounds themselves are accepted.
    expect((await request({ amount: 100 })).platformFee).toBe(50);
    expect((await request({ amount: 1_000_000 })).netAmount).toBe(990_000);
    expect(payer.user.id).not.toBe(artist.user.id);
  });

  it('refuses to send before the requester can receive, with the reason, and writes nothing', async () => {
    const { artist, threadId, request } = await paymentRequestCast(server, { artistReady: false });
    expect(await trpcError(request())).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Set up your payout account before requesting payment: payment account not set up',
    });
    await artist.client.connect.createAccount.mutate();
    expect(await trpcError(request())).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Set up your payout account before requesting payment: account setup not completed',
    });
    expect(await db().select().from(paymentRequests).where(eq(paymentRequests.threadId, threadId))).toHaveLength(0);
    expect(await db().select().from(messages).where(eq(messages.threadId, threadId))).toHaveLength(0);
    await readyToReceive(artist.client);
    expect((await request()).status).toBe('pending');
  });

  it('waits in recipient_setup when the requester’s account loses its ability to receive, then refreshing makes it ready_to_pay', async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const created = await request();
    await loseReceiving(server, artist);
    expect((await requestRows(created.id))[0]).toMatchObject({
      status: 'recipient_setup',
      recipientSetupRequired: true,
      recipientSetupStatus: 'required',
      recipientSetupError: 'Account setup not completed',
    });
    expect(
      await trpcError(payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'Payment request cannot be processed in its current state',
    });
    await readyToReceive(artist.client);
    expect((await requestRows(created.id))[0]).toMatchObject({
      status: 'ready_to_pay',
      recipientSetupStatus: 'completed',
      recipientSetupError: null,
    });
    const paid = await payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' });
    expect(paid.status).toBe('succeeded');
  });

  it('only thread participants can be asked, and only by someone in the thread', async () => {
    const { artist, threadId, request } = await paymentRequestCast(server);
    const stranger = await signedInUser(server);
    expect(await trpcError(request({ payeeId: stranger.user.id }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      await trpcError(stranger.client.paymentRequest.create.mutate({ payeeId: artist.user.id, amount: 500, description: 'x', threadId })),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Conversation not found' });
  });
});

describe('paymentRequest.process', () => {
  it('charges the payee once, pays the requester’s account less the platform fee, records it and notifies the requester', async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const created = await request();
    const result = await payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' });
    expect(result).toMatchObject({
      status: 'succeeded',
      amount: 10_000,
      platformFee: 100,
      netAmount: 9_900,
      stripePaymentIntentId: expect.stringMatching(/^pi_local_/),
    });
    expect((await requestRows(created.id))[0]).toMatchObject({
      status: 'paid',
      paidAt: expect.any(Date),
      stripePaymentIntentId: result.stripePaymentIntentId,
    });
    const [attempt] = await attempts(created.id);
    expect(attempt).toMatchObject({ requesterReceives: 9_900, processingFee: 320, status: 'succeeded', completedAt: expect.any(Date) });
    const [history] = await db().select().from(paymentHistory).where(eq(paymentHistory.userId, payer.user.id));
    expect(history).toMatchObject({ amount: 10_000, description: 'Payment request: Sleeve session deposit', status: 'succeeded' });
    expect(await artist.client.connect.balance.query()).toMatchObject({ available: 0, pending: 9_900 });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, artist.user.id), eq(notifications.title, 'Payment received')));
    expect(notice).toBeDefined();
    // Paid is final.
    expect(
      await trpcError(payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' })),
    ).toMatchObject({ code: 'CONFLICT' });
    expect(await trpcError(payer.client.paymentRequest.decline.mutate({ paymentRequestId: created.id, reason: 'x' }))).toMatchObject({
      code: 'CONFLICT',
    });
    expect(await trpcError(artist.client.paymentRequest.cancel.mutate({ paymentRequestId: created.id }))).toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('a declined card fails the attempt with the provider’s message and leaves the request payable', async () => {
    const { payer, request } = await paymentRequestCast(server);
    const created = await request();
    await payer.client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_chargeDeclined' });
    expect(
      await trpcError(
        payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_chargeDeclined' }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Your card was declined.',
      httpStatus: 400,
    });
    expect((await requestRows(created.id))[0].status).toBe('pending');
    expect((await attempts(created.id)).map((a) => [a.status, a.failureReason])).toEqual([['failed', 'Your card was declined.']]);
    expect(
      (await payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' })).status,
    ).toBe('succeeded');
  });

  it('only the payee pays, with a card they saved; others do not see the request', async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const created = await request();
    const stranger = await signedInUser(server);
    expect(
      await trpcError(stranger.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    await stranger.client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_visa' });
    expect(
      await trpcError(stranger.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' })),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Payment request not found',
    });
    await artist.client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_visa' });
    expect(
      await trpcError(artist.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await trpcError(payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_mastercard' })),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Payment method not found',
    });
    expect(
      await trpcError(payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'card_1' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid payment method ID format',
    });
    expect(await stranger.client.paymentRequest.list.query({})).toEqual({ items: [], nextCursor: null });
    expect(await attempts(created.id)).toHaveLength(0);
  });

  it(`20 concurrent process calls → one transaction and one provider charge${isPostgres() ? '' : ' (serialized on PGlite)'}`, async () => {
    const { payer, request } = await paymentRequestCast(server);
    const created = await request();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await attempts(created.id)).toHaveLength(1);
    expect(await charges(created.id)).toHaveLength(1);
    expect(await db().select().from(paymentHistory).where(eq(paymentHistory.userId, payer.user.id))).toHaveLength(1);
    expect((await requestRows(created.id))[0].status).toBe('paid');
  });

  it('a decline racing a payment ends in exactly one outcome', async () => {
    for (let round = 0; round < 5; round++) {
      const { payer, request } = await paymentRequestCast(server);
      const created = await request();
      const [paying, declining] = await Promise.allSettled([
        payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' }),
        payer.client.paymentRequest.decline.mutate({ paymentRequestId: created.id, reason: 'Changed my mind' }),
      ]);
      const [row] = await requestRows(created.id);
      const intents = await charges(created.id);
      expect([paying.status, declining.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      if (row.status === 'paid') {
        expect(paying.status).toBe('fulfilled');
        expect(intents).toHaveLength(1);
      } else {
        expect(row).toMatchObject({ status: 'declined', declineReason: 'Changed my mind' });
        expect(intents).toHaveLength(0);
        expect(await attempts(created.id)).toHaveLength(0);
      }
    }
  });
});

describe('a failing notification', () => {
  it('is logged only: the request is still created and paid', async () => {
    const { payer, artist, request } = await paymentRequestCast(server);
    // Make queuing these notifications fail in the database itself.
    await db().execute(
      sql`alter table notifications add constraint payments_test_block check (title not like '%requested a payment' and title <> 'Payment received') not valid`,
    );
    try {
      const created = await request();
      expect(created.status).toBe('pending');
      expect(
        (await payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' })).status,
      ).toBe('succeeded');
      expect((await requestRows(created.id))[0].status).toBe('paid');
      expect(await db().select().from(notifications).where(eq(notifications.userId, artist.user.id))).toHaveLength(0);
    } finally {
      await db().execute(sql`alter table notifications drop constraint payments_test_block`);
    }
  });
});

describe('paymentRequest.decline and cancel', () => {
  it('the payee declines with a reason; the requester is notified', async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const created = await request();
    expect(await trpcError(artist.client.paymentRequest.decline.mutate({ paymentRequestId: created.id, reason: 'no' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const declined = await payer.client.paymentRequest.decline.mutate({ paymentRequestId: created.id, reason: 'Wrong amount' });
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'Wrong amount', declinedAt: expect.any(Date) });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, artist.user.id), eq(notifications.title, `${payer.user.displayName} declined your payment request`)),
      );
    expect(notice).toBeDefined();
    expect(await trpcError(payer.client.paymentRequest.decline.mutate({ paymentRequestId: created.id, reason: 'again' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Failed to decline payment request',
    });
    expect(await trpcError(artist.client.paymentRequest.cancel.mutate({ paymentRequestId: created.id }))).toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('only the requester cancels, also while waiting for setup; a cancelled request cannot be paid', async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const created = await request();
    await loseReceiving(server, artist);
    expect(await trpcError(payer.client.paymentRequest.cancel.mutate({ paymentRequestId: created.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Failed to cancel payment request',
    });
    expect((await artist.client.paymentRequest.cancel.mutate({ paymentRequestId: created.id })).status).toBe('cancelled');
    await readyToReceive(artist.client);
    expect((await requestRows(created.id))[0].status).toBe('cancelled');
    expect(
      await trpcError(payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'Payment request cannot be processed in its current state',
    });
  });

  it('lists a thread’s requests for both parties, newest first', async () => {
    const { artist, payer, threadId, request } = await paymentRequestCast(server);
    const first = await request({ description: 'first' });
    const second = await request({ description: 'second' });
    for (const client of [artist.client, payer.client]) {
      const page = await client.paymentRequest.list.query({ threadId });
      expect(page.items.map((r) => r.id)).toEqual([second.id, first.id]);
    }
    expect((await payer.client.paymentRequest.byId.query({ paymentRequestId: first.id })).description).toBe('first');
  });
});
