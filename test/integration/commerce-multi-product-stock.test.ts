import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, products } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { ADDRESS, CARDS, person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// Carts of two tracked products racing each other, listed in both orders: the checkout locks
// the products in one order (no deadlock answers a buyer with an error) and takes the stock of
// both or of neither (a cart refused for one product leaves the other's stock alone).

const server = useTestServer();
const db = () => server.deps.db;

describe('carts of two tracked products, 40 concurrent checkouts in both orders', () => {
  it('sells as many carts as the scarcer product allows and never takes one product alone, 5 times over', async () => {
    const seller = await sellerWithStorefront(server);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => person(server)));
    for (let round = 0; round < 5; round++) {
      const stocked = (name: string, quantity: number) =>
        seller.client.product.create.mutate(productInput(seller.storefront.id, { name: `${name} ${round}`, inventory: { trackInventory: true, quantity } }));
      // The needles run out while ink is left: a cart refused for want of a needle takes no ink.
      const [ink, needle] = await Promise.all([stocked('Ink', 10), stocked('Needle', 7)]);
      const attempts = Array.from({ length: 40 }, (_, i) => {
        const pair = [
          { productId: ink.id, quantity: 1 },
          { productId: needle.id, quantity: 1 },
        ];
        return buyers[i % buyers.length].client.order.checkout.mutate({
          storefrontId: seller.storefront.id,
          items: i % 2 ? pair : pair.reverse(),
          ...(i % 4 < 2 ? { fulfillmentMethod: 'pickup' as const } : { shippingAddress: ADDRESS, paymentMethodId: CARDS.succeeds }),
        });
      });
      const results = await Promise.allSettled(attempts);
      expect({ round, sold: results.filter((r) => r.status === 'fulfilled').length }).toEqual({ round, sold: 7 });
      for (const r of results) {
        if (r.status === 'rejected') {
          const refused = await trpcError(Promise.reject(r.reason));
          expect(refused.code).toBe('CONFLICT');
        }
      }
      const left = await db().select({ id: products.id, quantity: products.quantity }).from(products).where(inArray(products.id, [ink.id, needle.id]));
      const leftOf = (id: string) => left.find((p) => p.id === id)?.quantity;
      expect({ round, ink: leftOf(ink.id), needle: leftOf(needle.id) }).toEqual({ round, ink: 3, needle: 0 });
      const lines = await db().select({ productId: orderItems.productId }).from(orderItems).where(inArray(orderItems.productId, [ink.id, needle.id]));
      expect({ round, ink: lines.filter((l) => l.productId === ink.id).length, needle: lines.filter((l) => l.productId === needle.id).length }).toEqual({
        round,
        ink: 7,
        needle: 7,
      });
    }
  }, 300_000);

});
