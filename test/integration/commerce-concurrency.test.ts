import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localRefunds, orderItems, orders, products } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { ADDRESS, CARDS, person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// Races on stock and on order status, closed in the database. They mean something on
// PostgreSQL (CI sets DATABASE_URL); on PGlite every statement is serialized and they still pass.

const server = useTestServer();
const db = () => server.deps.db;
const ROUNDS = 20;

describe('stock 5, 50 concurrent checkouts of 1', () => {
  it(`sells exactly 5 and leaves 0, ${ROUNDS} times over`, async () => {
    const seller = await sellerWithStorefront(server);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => person(server)));
    for (let round = 0; round < ROUNDS; round++) {
      const product = await seller.client.product.create.mutate(productInput(seller.storefront.id, { name: `Limited print ${round}`, inventory: { trackInventory: true, quantity: 5 } }));
      const attempts = Array.from({ length: 50 }, (_, i) =>
        buyers[i % buyers.length].client.order.checkout.mutate({
          storefrontId: seller.storefront.id,
          items: [{ productId: product.id, quantity: 1 }],
          ...(i % 2 ? { fulfillmentMethod: 'pickup' as const } : { shippingAddress: ADDRESS, paymentMethodId: CARDS.succeeds }),
        }),
      );
      const results = await Promise.allSettled(attempts);
      const sold = results.filter((r) => r.status === 'fulfilled');
      expect({ round, sold: sold.length }).toEqual({ round, sold: 5 });
      for (const r of results) {
        if (r.status === 'rejected') {
          const refused = await trpcError(Promise.reject(r.reason));
          expect(refused.code).toBe('CONFLICT');
          expect(['Insufficient inventory', 'Product unavailable: Only 0 items available']).toContain(refused.message);
        }
      }
      const [{ quantity }] = await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
      const [{ n }] = await db().select({ n: count() }).from(orderItems).where(eq(orderItems.productId, product.id));
      expect({ round, quantity, orders: n }).toEqual({ round, quantity: 0, orders: 5 });
    }
  }, 300_000);
});

describe('cancel racing ship', () => {
  it(`lets exactly one win and leaves a consistent order, ${ROUNDS} times over`, async () => {
    const seller = await sellerWithStorefront(server);
    const buyer = await person(server);
    const product = await seller.client.product.create.mutate(productInput(seller.storefront.id, { inventory: { trackInventory: true, quantity: 1000 } }));
    const outcomes = { cancelled: 0, shipped: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const order = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: product.id, quantity: 2 }], shippingAddress: ADDRESS, paymentMethodId: CARDS.succeeds });
      const [cancel, ship] = await Promise.allSettled([
        (round % 2 ? buyer : seller).client.order.cancel.mutate({ orderId: order.id, reason: 'Changed my mind' }),
        seller.client.order.setTracking.mutate({ orderId: order.id, trackingNumber: `1Z${round}` }),
      ]);
      expect({ round, winners: [cancel, ship].filter((r) => r.status === 'fulfilled').length }).toEqual({ round, winners: 1 });
      const loser = cancel.status === 'rejected' ? cancel : ship;
      const refusal = await trpcError(Promise.reject((loser as PromiseRejectedResult).reason));
      expect(refusal.code).toBe('CONFLICT');

      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      const refunds = await db().select().from(localRefunds).where(eq(localRefunds.paymentIntentId, order.payment.stripePaymentIntentId ?? ''));
      if (cancel.status === 'fulfilled') {
        outcomes.cancelled++;
        expect(refusal.message).toBe('Order cannot move from cancelled to shipped');
        expect(row).toMatchObject({ status: 'cancelled', trackingNumber: null, refundAmount: order.total });
        expect(refunds.map((r) => r.amount)).toEqual([order.total]);
      } else {
        outcomes.shipped++;
        expect(refusal.message).toBe('Order cannot be cancelled in current status');
        expect(row).toMatchObject({ status: 'shipped', trackingNumber: `1Z${round}`, refundedAt: null });
        expect(refunds).toEqual([]);
      }
    }
    // Stock: 1000 less 2 a round, given back for each cancelled order.
    const [{ quantity }] = await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
    expect(quantity).toBe(1000 - 2 * outcomes.shipped);
  }, 300_000);

  it('refunds once when the customer and the seller cancel at the same time', async () => {
    const seller = await sellerWithStorefront(server);
    const buyer = await person(server);
    const product = await seller.client.product.create.mutate(productInput(seller.storefront.id, { inventory: { trackInventory: true, quantity: 10 } }));
    for (let round = 0; round < 5; round++) {
      const order = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: product.id, quantity: 1 }], fulfillmentMethod: 'pickup', paymentMethodId: CARDS.succeeds });
      const results = await Promise.allSettled([
        buyer.client.order.cancel.mutate({ orderId: order.id, reason: 'Buyer' }),
        seller.client.order.cancel.mutate({ orderId: order.id, reason: 'Seller' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refunds = await db().select().from(localRefunds).where(eq(localRefunds.paymentIntentId, order.payment.stripePaymentIntentId ?? ''));
      expect(refunds).toHaveLength(1);
    }
    const [{ quantity }] = await db().select({ quantity: products.quantity }).from(products).where(and(eq(products.id, product.id)));
    expect(quantity).toBe(10);
  }, 120_000);
});
