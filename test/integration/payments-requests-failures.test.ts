import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, paymentRequests } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { paymentRequestCast } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';

// Spec 2 §8 ("Payment requests and connect"): a decline or a cancel that did not happen reads
// "Failed to decline payment request" / "Failed to cancel payment request"; a failed load reads
// "Failed to fetch payment request(s)"; paying keeps its own "cannot be processed" rule.
const server = useTestServer();
const db = () => server.deps.db;
const requestRow = async (id: string) => (await db().select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0];
const noticesTo = (userId: string, title: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));

const CODES: Record<number, string> = { 403: 'FORBIDDEN', 409: 'CONFLICT', 503: 'SERVICE_UNAVAILABLE' };
/** What trpcError reads for a refusal with this HTTP status and message. */
const answer = (httpStatus: number, message: string) => ({ code: CODES[httpStatus], httpStatus, message });

/** Makes the database itself refuse the payment_requests updates the test names (a trigger), until the returned function runs. */
async function updatesFail(status: 'declined' | 'cancelled') {
  await db().execute(
    sql.raw(`create or replace function payments_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'disk full (test)'; end $$`),
  );
  await db().execute(
    sql.raw(
      `create trigger payments_test_fail before update on payment_requests for each row when (new.status = '${status}') execute function payments_test_fail()`,
    ),
  );
  return async () => {
    await db().execute(sql.raw('drop trigger payments_test_fail on payment_requests'));
  };
}

describe('declining and cancelling a payment request that cannot be closed', () => {
  it('answers the spec’s "Failed to decline/cancel payment request" with the code that says why, and changes nothing', async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const created = await request();

    // The wrong party.
    expect(await trpcError(artist.client.paymentRequest.decline.mutate({ paymentRequestId: created.id, reason: 'no' }))).toEqual(
      answer(403, 'Failed to decline payment request'),
    );
    expect(await trpcError(payer.client.paymentRequest.cancel.mutate({ paymentRequestId: created.id }))).toEqual(
      answer(403, 'Failed to cancel payment request'),
    );
    expect((await requestRow(created.id)).status).toBe('pending');

    // A request no longer open.
    await payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' });
    expect(await trpcError(payer.client.paymentRequest.decline.mutate({ paymentRequestId: created.id, reason: 'too late' }))).toEqual(
      answer(409, 'Failed to decline payment request'),
    );
    expect(await trpcError(artist.client.paymentRequest.cancel.mutate({ paymentRequestId: created.id }))).toEqual(
      answer(409, 'Failed to cancel payment request'),
    );
    expect(await requestRow(created.id)).toMatchObject({ status: 'paid', declineReason: null, declinedAt: null });

    // Paying keeps the spec's own rule text.
    const other = await request({ description: 'second' });
    await artist.client.paymentRequest.cancel.mutate({ paymentRequestId: other.id });
    expect(
      await trpcError(payer.client.paymentRequest.process.mutate({ paymentRequestId: other.id, paymentMethodId: 'pm_card_visa' })),
    ).toMatchObject({ code: 'CONFLICT', message: 'Payment request cannot be processed in its current state' });

    // Someone else's or an unknown request is not revealed.
    const stranger = await paymentRequestCast(server);
    expect(
      await trpcError(stranger.payer.client.paymentRequest.decline.mutate({ paymentRequestId: created.id, reason: '' })),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Payment request not found',
    });
  });

  it('a fault in the database answers "Failed to decline payment request" (503, not a 500), writes nothing and notifies no one', async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const created = await request();
    const restore = await updatesFail('declined');
    try {
      expect(await trpcError(payer.client.paymentRequest.decline.mutate({ paymentRequestId: created.id, reason: 'Wrong amount' }))).toEqual(
        answer(503, 'Failed to decline payment request'),
      );
    } finally {
      await restore();
    }
    expect(await requestRow(created.id)).toMatchObject({ status: 'pending', declineReason: null });
    expect(await noticesTo(artist.user.id, `${payer.user.displayName} declined your payment request`)).toHaveLength(0);
    // Once the fault is gone the same decline works.
    expect((await payer.client.paymentRequest.decline.mutate({ paymentRequestId: created.id, reason: 'Wrong amount' })).status).toBe(
      'declined',
    );
  });

  it('a fault in the database answers "Failed to cancel payment request" and writes nothing', async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const created = await request();
    const restore = await updatesFail('cancelled');
    try {
      expect(await trpcError(artist.client.paymentRequest.cancel.mutate({ paymentRequestId: created.id }))).toEqual(
        answer(503, 'Failed to cancel payment request'),
      );
    } finally {
      await restore();
    }
    expect((await requestRow(created.id)).status).toBe('pending');
    expect(await noticesTo(payer.user.id, `${artist.user.displayName} cancelled a payment request`)).toHaveLength(0);
  });
});

describe('loading payment requests when the database fails', () => {
  it('answers "Failed to fetch payment request" and "Failed to fetch payment requests"', async () => {
    const { payer, threadId, request } = await paymentRequestCast(server);
    const created = await request();
    await db().execute(sql.raw('alter table payment_requests rename to payment_requests_away'));
    try {
      expect(await trpcError(payer.client.paymentRequest.byId.query({ paymentRequestId: created.id }))).toEqual(
        answer(503, 'Failed to fetch payment request'),
      );
      expect(await trpcError(payer.client.paymentRequest.list.query({ threadId }))).toEqual(
        answer(503, 'Failed to fetch payment requests'),
      );
    } finally {
      await db().execute(sql.raw('alter table payment_requests_away rename to payment_requests'));
    }
    expect((await payer.client.paymentRequest.byId.query({ paymentRequestId: created.id })).id).toBe(created.id);
  });
});
