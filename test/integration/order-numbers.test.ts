import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../../server/db/schema';
import { ORDER_MESSAGES } from '../../server/domains/orders/inputs';
import { orderNumber } from '../../server/domains/orders/rules';
import { DEFAULT_SHOP_TIMEZONE } from '../../server/db/schema/studio-values';
import { isUniqueViolation } from '../../server/lib/errors';
import { trpcError } from '../support/client';
import { CARDS, person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

const server = useTestServer();
const db = () => server.deps.db;

/** Every ORD-{day}-#### number of the storefront's day, taken by orders already placed. */
async function takeEveryNumberOfTheDay(storefrontId: string, customerId: string) {
  const now = server.clock.now();
  const rows = Array.from({ length: 10_000 }, (_, digits) => ({
    orderNumber: orderNumber(now, DEFAULT_SHOP_TIMEZONE, digits),
    customerId,
    storefrontId,
    subtotal: 1000,
    total: 1000,
    status: 'delivered' as const,
  }));
  for (let from = 0; from < rows.length; from += 2_000) await db().insert(orders).values(rows.slice(from, from + 2_000));
}

describe('order numbers', () => {
  it("are a storefront's own: one whose 10,000 numbers of the day are taken refuses and changes nothing, another numbers its order", async () => {
    // Noon in Los Angeles (a user's storefront's zone): the test's day cannot end under it.
    server.clock.set(new Date('2027-05-12T19:00:00Z'));
    const full = await sellerWithStorefront(server);
    const other = await sellerWithStorefront(server);
    const stocked = { inventory: { trackInventory: true, quantity: 5, lowStockThreshold: 1 } };
    const fullBalm = await full.client.product.create.mutate(productInput(full.storefront.id, stocked));
    const otherBalm = await other.client.product.create.mutate(productInput(other.storefront.id, stocked));
    const buyer = await person(server);
    await takeEveryNumberOfTheDay(full.storefront.id, full.user.id);
    const buy = (storefrontId: string, productId: string) =>
      buyer.client.order.checkout.mutate({ storefrontId, items: [{ productId, quantity: 1 }], fulfillmentMethod: 'pickup', paymentMethodId: CARDS.succeeds });

    expect(await trpcError(buy(full.storefront.id, fullBalm.id))).toMatchObject({ httpStatus: 503, message: ORDER_MESSAGES.unnumbered });
    const [{ n }] = await db().select({ n: count() }).from(orders).where(eq(orders.customerId, buyer.user.id));
    expect(n).toBe(0);
    const [{ quantity }] = await db().select({ quantity: products.quantity }).from(products).where(eq(products.id, fullBalm.id));
    expect(quantity).toBe(5);

    // The same day's number another storefront already used is free in this one.
    const placed = await buy(other.storefront.id, otherBalm.id);
    expect(placed.orderNumber).toMatch(/^ORD-20270512-\d{4}$/);
    const [{ same }] = await db()
      .select({ same: count() })
      .from(orders)
      .where(and(eq(orders.storefrontId, full.storefront.id), eq(orders.orderNumber, placed.orderNumber)));
    expect(same).toBe(1);
  });

  it('is refused by the database when a storefront would hold the same number twice', async () => {
    const seller = await sellerWithStorefront(server);
    const row = { orderNumber: 'ORD-20270512-0042', customerId: seller.user.id, storefrontId: seller.storefront.id, subtotal: 100, total: 100 };
    await db().insert(orders).values(row);
    const error = await db()
      .insert(orders)
      .values(row)
      .then(() => null, (failure: unknown) => failure);
    expect(isUniqueViolation(error)).toBe(true);
  });
});
