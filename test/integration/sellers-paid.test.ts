import { count, eq, sql, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localPaymentIntents, localRefunds, orders, storefronts } from '../../server/db/schema';
import { DAY } from '../../server/lib/time';
import { LOCAL_FUNDS_PENDING_DAYS } from '../../server/providers/payments/local-connect';
import { STOREFRONT_PAYOUT_MESSAGES } from '../../server/domains/storefronts/payout-account';
import { STOREFRONT_APPLICATION_FEE, storefrontApplicationFee } from '../../server/domains/storefronts/rules';
import { trpcError } from '../support/client';
import { CARDS, person, productInput, readyToReceive, sellerWithStorefront, studioWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// Decision 038 on PostgreSQL: a storefront's card sale is a destination charge to its payout
// account with the platform's application fee; without an active account no card is taken; a
// cancellation's refund takes back the seller's transfer and the platform's fee, to the cent, once.

const server = useTestServer();
const db = () => server.deps.db;

const refundsOf = async (paymentIntentId: string) =>
  db().select().from(localRefunds).where(eq(localRefunds.paymentIntentId, paymentIntentId));

/** A seller's storefront with one product at `price` cents (no tax, no shipping: the total is the price). */
async function shopSelling(price: number, options: { payouts?: boolean } = {}) {
  const seller = await sellerWithStorefront(server, {}, options);
  const product = await seller.client.product.create.mutate(productInput(seller.storefront.id, { price }));
  const buyer = await person(server);
  const buy = (extra: Record<string, unknown> = { paymentMethodId: CARDS.succeeds }) =>
    buyer.client.order.checkout.mutate({
      storefrontId: seller.storefront.id,
      items: [{ productId: product.id, quantity: 1 }],
      fulfillmentMethod: 'pickup',
      ...extra,
    });
  return { seller, product, buyer, buy };
}

const balanceOf = async (client: Awaited<ReturnType<typeof person>>['client'], storefrontId: string) =>
  (await client.connect.storefrontPayouts.query({ storefrontId })).balance;

describe('storefront card sales paid to the seller (decision 038)', () => {
  it('refuses a card checkout while the seller has no active payout account, writing nothing; cash still sells', async () => {
    const { seller, buyer, buy } = await shopSelling(2000, { payouts: false });
    // A storefront opened before cards needed a payout account still says it accepts them: the
    // checkout re-checks the account, whatever the setting says.
    await db()
      .update(storefronts)
      .set({ settings: sql`${storefronts.settings} || '{"acceptsPayments": true}'::jsonb` })
      .where(eq(storefronts.id, seller.storefront.id));
    expect(await trpcError(buy())).toMatchObject({ code: 'PRECONDITION_FAILED', message: STOREFRONT_PAYOUT_MESSAGES.cardsNotReady });
    expect((await db().select({ n: count() }).from(orders).where(eq(orders.customerId, buyer.user.id)))[0].n).toBe(0);
    // An account whose onboarding is not finished is not enough either.
    await seller.client.connect.createAccount.mutate();
    expect(await trpcError(buy())).toMatchObject({ code: 'PRECONDITION_FAILED', message: STOREFRONT_PAYOUT_MESSAGES.cardsNotReady });
    const view = await seller.client.connect.storefrontPayouts.query({ storefrontId: seller.storefront.id });
    expect(view).toMatchObject({
      canAcceptCards: false,
      problem: 'Account setup not completed',
      youHoldTheAccount: true,
      fee: STOREFRONT_APPLICATION_FEE,
    });
    // The checkout page offers no card meanwhile.
    expect((await buyer.client.storefront.byId.query({ storefrontId: seller.storefront.id })).takesCards).toBe(false);
    // Cash is not the payout account's business.
    expect(await buy({})).toMatchObject({ status: 'pending' });
    // Once onboarding is done, cards sell.
    await readyToReceive(seller.client);
    expect((await buyer.client.storefront.byId.query({ storefrontId: seller.storefront.id })).takesCards).toBe(true);
    expect(await buy()).toMatchObject({ status: 'confirmed' });
  });

  it('charges to the payout account with the fee; the seller is credited the rest to the cent, once per order', async () => {
    const { seller, buy } = await shopSelling(1999);
    const fee = storefrontApplicationFee(1999);
    expect(fee).toBe(108); // 3.9% of $19.99 = 77.961¢ → 78¢, plus 30¢
    const checkoutId = crypto.randomUUID();
    const first = await buy({ paymentMethodId: CARDS.succeeds, checkoutId });
    // The same checkout submitted again (a retry) resumes the same order: no second charge.
    const again = await buy({ paymentMethodId: CARDS.succeeds, checkoutId });
    expect(again.id).toBe(first.id);
    const [row] = await db().select().from(orders).where(eq(orders.id, first.id));
    expect(row).toMatchObject({ payoutAccountId: seller.payoutAccountId, applicationFee: fee, total: 1999 });
    const intents = await db()
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.id, row.paymentIntentId ?? ''));
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 1999, destinationAccountId: seller.payoutAccountId, applicationFee: fee });
    // The sale's share is pending first (the provider holds funds for LOCAL_FUNDS_PENDING_DAYS).
    expect(await balanceOf(seller.client, seller.storefront.id)).toEqual({
      available: 0,
      pending: 1999 - fee,
      paidOut: 0,
      currency: 'usd',
    });
    // A second sale adds its own share.
    await buy();
    expect((await balanceOf(seller.client, seller.storefront.id))?.pending).toBe(2 * (1999 - fee));
  });

  it('a cancellation refunds the buyer in full: the transfer and the fee come back, to the cent, however often it is cancelled', async () => {
    const { seller, buy } = await shopSelling(4321);
    const order = await buy();
    const kept = await buy();
    const fee = storefrontApplicationFee(4321);
    const cancels = await Promise.allSettled([
      seller.client.order.cancel.mutate({ orderId: order.id, reason: 'Out of ink' }),
      seller.client.order.cancel.mutate({ orderId: order.id, reason: 'Out of ink' }),
    ]);
    expect(cancels.some((c) => c.status === 'fulfilled')).toBe(true);
    // Cancelling again finishes (or repeats) the refund under the same key: nothing moves twice.
    await trpcError(seller.client.order.cancel.mutate({ orderId: order.id, reason: 'Out of ink' }));
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled', refundAmount: 4321 });
    expect(row.refundedAt).not.toBeNull();
    const refunds = await refundsOf(row.paymentIntentId ?? '');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 4321, applicationFeeRefund: fee, transferReversal: 4321 - fee });
    // Only the order that stands is in the seller's balance.
    expect((await balanceOf(seller.client, seller.storefront.id))?.pending).toBe(4321 - fee);
    expect(kept.status).toBe('confirmed');
  });

  it('splits partial refunds pro rata so that the shares add up to the fee and the transfer exactly', async () => {
    const { seller, buy } = await shopSelling(1001);
    const order = await buy();
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    const paymentIntentId = row.paymentIntentId ?? '';
    const fee = storefrontApplicationFee(1001);
    const parts = [333, 333, 335];
    for (const [i, amountCents] of parts.entries()) {
      const input = { paymentIntentId, amountCents, idempotencyKey: `test:${order.id}:part:${i}`, reverseTransfer: true };
      const first = await server.deps.payments.refund(input);
      // A retry under the same key returns the same refund and books nothing more.
      expect(await server.deps.payments.refund(input)).toEqual(first);
    }
    const refunds = await refundsOf(paymentIntentId);
    expect(refunds).toHaveLength(3);
    for (const r of refunds) expect(r.applicationFeeRefund + r.transferReversal).toBe(r.amount);
    const [totals] = await db()
      .select({ fee: sum(localRefunds.applicationFeeRefund), reversed: sum(localRefunds.transferReversal) })
      .from(localRefunds)
      .where(eq(localRefunds.paymentIntentId, paymentIntentId));
    expect(Number(totals.fee)).toBe(fee);
    expect(Number(totals.reversed)).toBe(1001 - fee);
    expect(await balanceOf(seller.client, seller.storefront.id)).toMatchObject({ available: 0, pending: 0 });
  });

  it('pays a studio storefront into the studio owner’s account; its store manager sees the balance', async () => {
    const { owner, manager, storefront } = await studioWithStorefront(server);
    const product = await owner.client.product.create.mutate(productInput(storefront.id, { price: 5000 }));
    const buyer = await person(server);
    await buyer.client.order.checkout.mutate({
      storefrontId: storefront.id,
      items: [{ productId: product.id, quantity: 1 }],
      fulfillmentMethod: 'pickup',
      paymentMethodId: CARDS.succeeds,
    });
    server.clock.advance(LOCAL_FUNDS_PENDING_DAYS * DAY); // the sale's funds become available
    const seen = await manager.client.connect.storefrontPayouts.query({ storefrontId: storefront.id });
    expect(seen).toMatchObject({ holder: 'studio_owner', youHoldTheAccount: false, canAcceptCards: true });
    expect(seen.balance?.available).toBe(5000 - storefrontApplicationFee(5000));
    expect((await owner.client.connect.balance.query()).available).toBe(5000 - storefrontApplicationFee(5000));
    // The owner pays out; the paid-out total follows.
    await owner.client.connect.payout.mutate({ amount: 1000 });
    expect((await manager.client.connect.storefrontPayouts.query({ storefrontId: storefront.id })).balance).toMatchObject({
      available: 5000 - storefrontApplicationFee(5000) - 1000,
      paidOut: 1000,
    });
  });
});
