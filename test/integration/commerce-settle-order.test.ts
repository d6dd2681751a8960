import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, orders, products } from '../../server/db/schema';
import { confirmPaidOrder, releaseUnpaidOrder } from '../../server/domains/orders/service/payment';
import { placeOrder } from '../../server/domains/orders/service/place-order';
import { loadStorefrontWithTimezone } from '../../server/domains/storefronts/access';
import type { ServiceCtx } from '../../server/service-context';
import { person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// The two ways a pending card order is settled outside the buyer's request (the reconciliation
// job and the provider's webhooks call them): confirmPaidOrder tells the sellers and the buyer
// exactly once however often it is called; releaseUnpaidOrder gives the stock back exactly once.

const server = useTestServer();
const db = () => server.deps.db;
const ctx = (): ServiceCtx => ({ db: db(), user: null, deps: server.deps });

async function pendingCardOrder() {
  const seller = await sellerWithStorefront(server);
  const buyer = await person(server);
  const created = await seller.client.product.create.mutate(
    productInput(seller.storefront.id, { inventory: { trackInventory: true, quantity: 5 } }),
  );
  const [product] = await db().select().from(products).where(eq(products.id, created.id));
  const storefront = await loadStorefrontWithTimezone(db(), seller.storefront.id);
  const request = {
    customerId: buyer.user.id,
    fulfillmentMethod: 'pickup' as const,
    shippingAddress: null,
    customerNotes: null,
    payoutAccountId: seller.payoutAccountId,
  };
  const { order } = await placeOrder(ctx(), storefront, request, [
    {
      product: { ...product, firstPhotoUrl: null },
      quantity: 2,
      unitPrice: product.price,
      subtotal: 2 * product.price,
      variants: [],
      customizations: [],
    },
  ]);
  const stock = async () => (await db().select({ q: products.quantity }).from(products).where(eq(products.id, product.id)))[0].q;
  const told = async (userId: string, title: string) =>
    (
      await db()
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.title, title)))
    )[0].n;
  return { seller, buyer, storefront, order, stock, told };
}

describe('settling a pending card order', () => {
  it('confirms once and tells the sellers and the buyer once, however often it is called', async () => {
    const { seller, buyer, storefront, order, stock, told } = await pendingCardOrder();
    expect(await stock()).toBe(3);
    const [a, b] = await Promise.all([
      confirmPaidOrder(ctx(), order, storefront, 'pi_settled'),
      confirmPaidOrder(ctx(), order, storefront, 'pi_settled'),
    ]);
    const again = await confirmPaidOrder(ctx(), order, storefront, 'pi_settled');
    for (const row of [a, b, again]) expect(row).toMatchObject({ id: order.id, status: 'confirmed', paymentIntentId: 'pi_settled' });
    expect(await told(seller.user.id, 'New order')).toBe(1);
    expect(await told(buyer.user.id, 'Order confirmed')).toBe(1);
    // A confirmed order is no longer released: its stock stays sold.
    expect(await releaseUnpaidOrder(ctx(), order.id, 'Expired')).toBe(false);
    expect(await stock()).toBe(3);
  });

  it('releases once: the stock comes back once and the order is no longer anyone’s', async () => {
    const { seller, order, stock, told } = await pendingCardOrder();
    const results = await Promise.all([releaseUnpaidOrder(ctx(), order.id, 'Expired'), releaseUnpaidOrder(ctx(), order.id, 'Expired')]);
    expect(results.sort()).toEqual([false, true]);
    expect(await stock()).toBe(5);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled', deleted: true, paymentFailure: 'Expired', paidAt: null });
    expect(await told(seller.user.id, 'New order')).toBe(0);
  });
});
