import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { localPaymentIntents, notifications, orderItems, orders, products } from '../../server/db/schema';
import { loadCheckoutCart } from '../../server/domains/orders/service/checkout-cart';
import { trpcError } from '../support/client';
import { ADDRESS, CARDS, person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// The stock guard of placement (takeStock: UPDATE … WHERE allow_backorders OR quantity >= n),
// tested where `npm test` runs by default (PGlite, where no race can reach it): the shelf is
// emptied after checkout read and priced the cart and before it places the order, as a buyer
// who got there first would. Only the guard stands between that cart and an oversell.

vi.mock('../../server/domains/orders/service/checkout-cart', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/domains/orders/service/checkout-cart')>();
  return { ...actual, loadCheckoutCart: vi.fn(actual.loadCheckoutCart) };
});

const server = useTestServer();
const db = () => server.deps.db;

/** The next checkout reads the cart as it stands, then the product's stock is sold out under it. */
function sellOutAfterPricing(productId: string) {
  vi.mocked(loadCheckoutCart).mockImplementationOnce(async (...args) => {
    const actual = await vi.importActual<typeof import('../../server/domains/orders/service/checkout-cart')>('../../server/domains/orders/service/checkout-cart');
    const cart = await actual.loadCheckoutCart(...args);
    await db().update(products).set({ quantity: 0 }).where(eq(products.id, productId));
    return cart;
  });
}

describe('stock emptied between pricing and placement', () => {
  for (const payment of [{ fulfillmentMethod: 'pickup' as const }, { shippingAddress: ADDRESS, paymentMethodId: CARDS.succeeds }]) {
    it(`refuses with 'Insufficient inventory' and writes nothing (${'paymentMethodId' in payment ? 'card' : 'cash'})`, async () => {
      const seller = await sellerWithStorefront(server);
      const buyer = await person(server);
      const product = await seller.client.product.create.mutate(productInput(seller.storefront.id, { inventory: { trackInventory: true, quantity: 3 } }));
      const notesBefore = (await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, seller.user.id)))[0].n;
      const chargesBefore = (await db().select({ n: count() }).from(localPaymentIntents))[0].n;
      sellOutAfterPricing(product.id);
      const refused = await trpcError(buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: product.id, quantity: 2 }], ...payment }));
      expect(refused).toMatchObject({ code: 'CONFLICT', message: 'Insufficient inventory' });
      expect(vi.mocked(loadCheckoutCart)).toHaveBeenCalled();
      // Nothing written: no order (not even a released one), no line, no charge, no notice, the stock as the other buyer left it.
      expect((await db().select({ n: count() }).from(orders).where(eq(orders.customerId, buyer.user.id)))[0].n).toBe(0);
      expect((await db().select({ n: count() }).from(orderItems).where(eq(orderItems.productId, product.id)))[0].n).toBe(0);
      expect((await db().select({ n: count() }).from(localPaymentIntents))[0].n).toBe(chargesBefore);
      expect((await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, seller.user.id)))[0].n).toBe(notesBefore);
      expect((await db().select({ q: products.quantity }).from(products).where(eq(products.id, product.id)))[0].q).toBe(0);
    });
  }
});
