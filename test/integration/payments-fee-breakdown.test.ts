import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localPaymentIntents, paymentHistory, paymentTransactions } from '../../server/db/schema';
import { breakdownOf, paymentBreakdown } from '../../server/domains/payments/rules';
import { paymentRequestCast } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';

const server = useTestServer();
const db = () => server.deps.db;

// Decision 008 and 043: what the request dialog shows before sending is exactly what the payer is
// charged, what the platform keeps and what the requester's account is credited, to the cent.
describe('a payment request charges exactly the breakdown the dialogs show', () => {
  it.each([
    [100], // the smallest amount: the $0.50 minimum platform fee is half of it
    [4_999], // just below $50: minimum fee
    [5_050], // a half cent of platform fee rounds up
    [6_000], // the issue's $60
    [1_000_000], // the largest amount
  ])('%i¢', async (amount) => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const shown = paymentBreakdown(amount, 'connect'); // what RequestPaymentDialog renders
    const held = async () => {
      const { available, pending } = await artist.client.connect.balance.query();
      return available + pending;
    };
    const before = await held();
    const created = await request({ amount });
    // What PayDialog renders comes from the stored fees: the same breakdown.
    expect(breakdownOf(created.amount, created)).toEqual(shown);

    await payer.client.paymentRequest.process.mutate({ paymentRequestId: created.id, paymentMethodId: 'pm_card_visa' });
    const [intent] = (await db().select().from(localPaymentIntents)).filter((i) => i.metadata.paymentRequestId === created.id);
    const platformFee = shown.fees.find((f) => f.kind === 'platform')?.cents;
    expect(intent).toMatchObject({ status: 'succeeded', amount: shown.payerTotal, applicationFee: platformFee });
    expect(intent.amount - intent.applicationFee).toBe(shown.recipientReceives);
    const [attempt] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.paymentRequestId, created.id));
    expect(attempt).toMatchObject({
      amount: shown.payerTotal,
      platformFee,
      requesterReceives: shown.recipientReceives,
      netAmount: shown.recipientReceives,
    });
    const [history] = await db().select().from(paymentHistory).where(eq(paymentHistory.userId, payer.user.id));
    expect(history.amount).toBe(shown.payerTotal);
    expect((await held()) - before).toBe(shown.recipientReceives);
  });
});
