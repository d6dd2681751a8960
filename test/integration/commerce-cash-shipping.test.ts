import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { ADDRESS, person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// A cash order (paid on delivery) ships from pending with its first tracking number (spec 1 §4).
// The moves race a cancelling customer and a second seller; the database decides (the UPDATE's WHERE
// is the expected status). Meaningful on PostgreSQL (DATABASE_URL); serialized on PGlite.

const server = useTestServer();
const db = () => server.deps.db;
const ROUNDS = 20;

async function cashShop() {
  const seller = await sellerWithStorefront(server);
  const buyer = await person(server);
  const product = await seller.client.product.create.mutate(
    productInput(seller.storefront.id, { inventory: { trackInventory: true, quantity: 1000 } }),
  );
  const order = () =>
    buyer.client.order.checkout.mutate({
      storefrontId: seller.storefront.id,
      items: [{ productId: product.id, quantity: 2 }],
      shippingAddress: ADDRESS,
    });
  return { seller, buyer, product, order };
}

describe('a pending cash order: first tracking number racing the customer cancelling', () => {
  it(`lets exactly one win and leaves a consistent order, ${ROUNDS} times over`, async () => {
    const { seller, buyer, product, order } = await cashShop();
    const outcomes = { cancelled: 0, shipped: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const placed = await order();
      expect(placed).toMatchObject({ status: 'pending', payment: { method: 'cash' } });
      const [cancel, ship] = await Promise.allSettled([
        buyer.client.order.cancel.mutate({ orderId: placed.id, reason: 'Changed my mind' }),
        seller.client.order.setTracking.mutate({ orderId: placed.id, trackingNumber: `1Z${round}` }),
      ]);
      expect({ round, winners: [cancel, ship].filter((r) => r.status === 'fulfilled').length }).toEqual({ round, winners: 1 });
      const loser = (cancel.status === 'rejected' ? cancel : ship) as PromiseRejectedResult;
      const refusal = await trpcError(Promise.reject(loser.reason));
      expect(refusal.code).toBe('CONFLICT');
      const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
      if (cancel.status === 'fulfilled') {
        outcomes.cancelled++;
        expect(refusal.message).toBe('Order cannot move from cancelled to shipped');
        expect(row).toMatchObject({ status: 'cancelled', trackingNumber: null });
      } else {
        outcomes.shipped++;
        expect(refusal.message).toBe('Order cannot be cancelled in current status');
        expect(row).toMatchObject({ status: 'shipped', trackingNumber: `1Z${round}` });
      }
    }
    const [{ quantity }] = await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
    expect(quantity).toBe(1000 - 2 * outcomes.shipped);
  }, 300_000);
});

describe('a pending cash order: one seller confirms while another saves the first tracking number', () => {
  it(`always ends shipped with the tracking number (never moved back to confirmed), ${ROUNDS} times over`, async () => {
    const { seller, order } = await cashShop();
    for (let round = 0; round < ROUNDS; round++) {
      const placed = await order();
      const [confirm, ship] = await Promise.allSettled([
        seller.client.order.updateStatus.mutate({ orderId: placed.id, status: 'confirmed' }),
        seller.client.order.setTracking.mutate({ orderId: placed.id, trackingNumber: `9400${round}` }),
      ]);
      expect({ round, ship: ship.status }).toEqual({ round, ship: 'fulfilled' });
      if (confirm.status === 'rejected') {
        expect(await trpcError(Promise.reject(confirm.reason))).toMatchObject({
          code: 'CONFLICT',
          message: 'Order cannot move from shipped to confirmed',
        });
      }
      const [row] = await db()
        .select({ status: orders.status, trackingNumber: orders.trackingNumber })
        .from(orders)
        .where(eq(orders.id, placed.id));
      expect({ round, ...row }).toEqual({ round, status: 'shipped', trackingNumber: `9400${round}` });
    }
  }, 300_000);

  it('two sellers saving the first tracking number at once: the order ships once and keeps one of the numbers', async () => {
    const { seller, buyer, order } = await cashShop();
    for (let round = 0; round < 5; round++) {
      const placed = await order();
      const results = await Promise.allSettled([
        seller.client.order.setTracking.mutate({ orderId: placed.id, trackingNumber: `A${round}` }),
        seller.client.order.setTracking.mutate({ orderId: placed.id, trackingNumber: `B${round}` }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const [row] = await db()
        .select({ status: orders.status, trackingNumber: orders.trackingNumber })
        .from(orders)
        .where(eq(orders.id, placed.id));
      expect(row.status).toBe('shipped');
      expect([`A${round}`, `B${round}`]).toContain(row.trackingNumber);
    }
    void buyer;
  }, 120_000);
});
