import { describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '../../server/lib/time';
import { LOCAL_FUNDS_PENDING_DAYS } from '../../server/providers/payments/local-connect';
import { storefrontApplicationFee } from '../../server/domains/storefronts/rules';
import { trpcError } from '../support/client';
import { CARDS, person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// Decision 038, local mode: a sale's funds are pending for LOCAL_FUNDS_PENDING_DAYS of the
// provider's clock, then available; payouts come only from what is available; a refund takes
// its transfer reversal back from the balance. Pending + available + paid out always equals what
// the seller was credited less what was reversed, to the cent.

const server = useTestServer();

describe("a seller's balance over time (local provider, test clock)", () => {
  it('sale → pending; +N days → available; payout → paid out; refund → reduced; it adds up to the cent', async () => {
    const seller = await sellerWithStorefront(server);
    const storefrontId = seller.storefront.id;
    const product = await seller.client.product.create.mutate(productInput(storefrontId, { price: 2_599 }));
    const buyer = await person(server);
    const buy = () =>
      buyer.client.order.checkout.mutate({
        storefrontId,
        items: [{ productId: product.id, quantity: 1 }],
        fulfillmentMethod: 'pickup',
        paymentMethodId: CARDS.succeeds,
      });
    const share = 2_599 - storefrontApplicationFee(2_599); // 2599 − (101 + 30) = 2468
    expect(share).toBe(2_468);
    const balance = async () => {
      const b = await seller.client.connect.balance.query();
      const seen = (await seller.client.connect.storefrontPayouts.query({ storefrontId })).balance;
      // The storefront's view and the account's own view read the same numbers.
      expect(seen).toEqual({ available: b.available, pending: b.pending, paidOut: b.paid_out, currency: 'usd' });
      return { available: b.available, pending: b.pending, paidOut: b.paid_out };
    };

    const first = await buy();
    expect(await balance()).toEqual({ available: 0, pending: share, paidOut: 0 });
    // Nothing pending can be paid out.
    expect(await trpcError(seller.client.connect.payout.mutate({ amount: 1 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You have insufficient funds in your balance for this payout.',
    });

    // One minute short of the window the funds are still pending; at the window they are available.
    server.clock.advance(LOCAL_FUNDS_PENDING_DAYS * DAY - MINUTE);
    expect(await balance()).toEqual({ available: 0, pending: share, paidOut: 0 });
    server.clock.advance(MINUTE);
    expect(await balance()).toEqual({ available: share, pending: 0, paidOut: 0 });

    // A second sale is pending while the first is available.
    const second = await buy();
    expect(await balance()).toEqual({ available: share, pending: share, paidOut: 0 });

    // Payouts take from the available part only.
    expect(await trpcError(seller.client.connect.payout.mutate({ amount: share + 1 }))).toMatchObject({ code: 'BAD_REQUEST' });
    await seller.client.connect.payout.mutate({ amount: 2_000 });
    expect(await balance()).toEqual({ available: share - 2_000, pending: share, paidOut: 2_000 });

    // Refunding the pending sale takes its whole transfer back from pending.
    await seller.client.order.cancel.mutate({ orderId: second.id, reason: 'Out of stock' });
    expect(await balance()).toEqual({ available: share - 2_000, pending: 0, paidOut: 2_000 });

    // Refunding the paid-out sale takes its transfer back from available, which goes negative as Stripe's can.
    await seller.client.order.cancel.mutate({ orderId: first.id, reason: 'Damaged' });
    const end = await balance();
    expect(end).toEqual({ available: share - 2_000 - share, pending: 0, paidOut: 2_000 });
    // Credited 2 × share, reversed 2 × share: what is held plus what was paid out is zero.
    expect(end.available + end.pending + end.paidOut).toBe(0);
  });
});
