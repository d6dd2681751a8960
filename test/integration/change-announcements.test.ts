import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { executeRows } from '../../server/db/sql';
import { checkoutInput } from '../../server/domains/orders/inputs';
import { cancelOrder } from '../../server/domains/orders/service/cancel';
import { checkout } from '../../server/domains/orders/service/checkout';
import type { ServiceCtx } from '../../server/service-context';
import type { LiveEvent } from '../../server/lib/events';
import { msUntil, withTriggerOff } from '../support/change-feed';
import { ADDRESS, CARDS, person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// A checkout's statements commit without a NOTIFY (PostgreSQL serializes the commits of notifying
// transactions): its stock change and the sellers' live "New order" are announced right after the
// commit (server/lib/announcer.ts); a restock sets updated_at too, which the trigger announces
// with its transaction. Calls here go to the services
// directly, as another process's would reach this one: only the announcements can tell this
// process's caches and open pages (an HTTP write also empties this process's caches itself).

const server = useTestServer();

const ctxOf = (user: ServiceCtx['user']): ServiceCtx => ({ db: server.deps.db, user, deps: server.deps });

async function shopWithBuyer() {
  const seller = await sellerWithStorefront(server, { shippingEnabled: true, acceptsPayments: true });
  const product = await seller.client.product.create.mutate(
    productInput(seller.storefront.id, { name: `Tracked ${seller.user.displayName}`, inventory: { trackInventory: true, quantity: 10 } }),
  );
  return { seller, product, buyer: await person(server) };
}

const stockInSearch = async (storefrontId: string) => (await server.client().product.search.query({ storefrontId, query: '' })).items[0]?.inventory.quantity;

const buy = (buyer: ServiceCtx['user'], storefrontId: string, productId: string) =>
  checkout({
    ctx: ctxOf(buyer),
    input: checkoutInput.parse({ storefrontId, items: [{ productId, quantity: 2 }], shippingAddress: ADDRESS, paymentMethodId: CARDS.succeeds }),
  });

describe('change announcements', () => {
  it('does not announce a change of stock alone from the products table', async () => {
    const { seller, product } = await shopWithBuyer();
    expect(await stockInSearch(seller.storefront.id)).toBe(10);
    // Raw SQL: drizzle's update also sets updated_at ($onUpdate), which the trigger announces.
    await server.deps.db.execute(sql`update products set quantity = 3 where id = ${product.id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stockInSearch(seller.storefront.id)).toBe(10);
  });

  it("announces a checkout's stock change after its commit: product searches show the new stock within a second", async () => {
    const { seller, product, buyer } = await shopWithBuyer();
    expect(await stockInSearch(seller.storefront.id)).toBe(10);
    await buy(buyer.user, seller.storefront.id, product.id);
    expect(await msUntil(async () => (await stockInSearch(seller.storefront.id)) === 8)).toBeLessThan(1000);
  });

  it("announces a cancellation's restock with its transaction", async () => {
    const { seller, product, buyer } = await shopWithBuyer();
    const order = await buy(buyer.user, seller.storefront.id, product.id);
    expect(await msUntil(async () => (await stockInSearch(seller.storefront.id)) === 8)).toBeLessThan(1000);
    await cancelOrder({ ctx: ctxOf(buyer.user), input: { orderId: order.id, reason: 'Changed my mind' } });
    expect(await msUntil(async () => (await stockInSearch(seller.storefront.id)) === 10)).toBeLessThan(1000);
  });

  it("tells the sellers' open pages of a paid order live, once it is confirmed", async () => {
    const { seller, product, buyer } = await shopWithBuyer();
    const heard: LiveEvent[] = [];
    const unsubscribe = server.deps.events.subscribe(seller.user.id, (event) => heard.push(event));
    try {
      const order = await buy(buyer.user, seller.storefront.id, product.id);
      expect(order.status).toBe('confirmed');
      expect(await msUntil(async () => heard.length > 0)).toBeLessThan(1000);
      expect(heard).toEqual([{ topic: 'notification', userIds: [seller.user.id], payload: { type: 'general_alert' } }]);
    } finally {
      unsubscribe();
    }
  });

  it("announces every other column's change from the table: the trigger lists every column but quantity", async () => {
    const rows = await executeRows<{ name: string; announced: boolean }>(
      server.deps.db,
      sql`select a.attname as name, a.attnum = any (t.tgattr::int2[]) as announced
        from pg_attribute a cross join (select tgattr from pg_trigger where tgname = 'products_announce_update') t
        where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped`,
    );
    expect(rows.filter((r) => !r.announced).map((r) => r.name)).toEqual(['quantity']);
    expect(rows.length).toBeGreaterThan(10);
  });

  it('still announces a change of other columns written with the stock', async () => {
    const { seller, product } = await shopWithBuyer();
    expect(await stockInSearch(seller.storefront.id)).toBe(10);
    await withTriggerOff(server.deps.db, 'products', 'products_announce_change', () =>
      server.deps.db.update(products).set({ quantity: 4, lowStockThreshold: 2 }).where(eq(products.id, product.id)),
    );
    expect(await msUntil(async () => (await stockInSearch(seller.storefront.id)) === 4)).toBeLessThan(1000);
  });
});
