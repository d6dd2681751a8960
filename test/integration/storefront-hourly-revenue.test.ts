import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, REVENUE_ORDER_STATUSES, storefrontHourlyRevenue } from '../../server/db/schema';
import { windowSalesColumns, windowSalesValues } from '../../server/domains/storefronts/revenue-windows';
import { CARDS, person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// storefront_hourly_revenue (migration 0019) is kept by triggers on orders; the analytics windows
// read whole hours from it and partial hours from orders. Both must equal the plain sums.

const server = useTestServer();
const db = () => server.deps.db;
const HOUR = 3_600_000;

/** The aggregate's non-zero hours of a storefront, as the plain sum over its orders would give them. */
async function hoursOf(storefrontId: string) {
  const kept = await db()
    .select({ hour: storefrontHourlyRevenue.hour, total: storefrontHourlyRevenue.totalSum })
    .from(storefrontHourlyRevenue)
    .where(and(eq(storefrontHourlyRevenue.storefrontId, storefrontId), sql`${storefrontHourlyRevenue.totalSum} <> 0`))
    .orderBy(storefrontHourlyRevenue.hour);
  const raw = await db()
    .select({
      hour: sql<Date>`date_trunc('hour', ${orders.createdAt}, 'UTC')`.mapWith(orders.createdAt),
      total: sql<number>`sum(${orders.total})`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.storefrontId, storefrontId), inArray(orders.status, [...REVENUE_ORDER_STATUSES]), eq(orders.deleted, false)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return { kept, raw };
}

async function rawSalesBetween(storefrontId: string, from: Date, to: Date) {
  const [row] = await db()
    .select({ total: sql<number>`coalesce(sum(${orders.total}), 0)`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        eq(orders.storefrontId, storefrontId),
        inArray(orders.status, [...REVENUE_ORDER_STATUSES]),
        eq(orders.deleted, false),
        sql`${orders.createdAt} >= ${from.toISOString()}::timestamptz and ${orders.createdAt} <= ${to.toISOString()}::timestamptz`,
      ),
    );
  return row.total;
}

/** Orders written straight to the table (as seeds, imports and admin tools do), every status. */
async function insertOrders(storefrontId: string, customerId: string, at: Date[], tag: string) {
  const statuses = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
  return db()
    .insert(orders)
    .values(
      at.map((createdAt, i) => ({
        orderNumber: `HR-${tag}-${i}`,
        customerId,
        storefrontId,
        subtotal: 1000 + i,
        total: 1000 + i,
        status: statuses[i % statuses.length],
        fulfillmentMethod: 'pickup' as const,
        paymentMethod: 'cash' as const,
        createdAt,
      })),
    )
    .returning({ id: orders.id });
}

describe('storefront hourly revenue', () => {
  it('equals the plain sum after checkouts, confirmations, cancels, refunds, edits and deletes', async () => {
    const seller = await sellerWithStorefront(server);
    const id = seller.storefront.id;
    const balm = await seller.client.product.create.mutate(productInput(id, { price: 1200 }));
    const buyer = await person(server);
    const checkout = (paymentMethodId?: string) =>
      buyer.client.order.checkout.mutate({
        storefrontId: id,
        items: [{ productId: balm.id, quantity: 1 }],
        fulfillmentMethod: 'pickup',
        ...(paymentMethodId ? { paymentMethodId } : {}),
      });
    const expectExact = async () => {
      const { kept, raw } = await hoursOf(id);
      expect(kept).toEqual(raw);
    };

    const paid = await checkout(CARDS.succeeds);
    const cash = await checkout();
    const refunded = await checkout(CARDS.succeeds);
    await expectExact();
    expect((await hoursOf(id)).kept.reduce((sum, h) => sum + h.total, 0)).toBe(paid.total + refunded.total);

    await seller.client.order.updateStatus.mutate({ orderId: cash.id, status: 'confirmed' });
    await expectExact();
    await seller.client.order.cancel.mutate({ orderId: refunded.id, reason: 'Changed mind' });
    await expectExact();

    const now = server.clock.now().getTime();
    const spread = Array.from({ length: 30 }, (_, i) => new Date(now - i * 37 * 60_000 - i * 1_013));
    const inserted = await insertOrders(id, buyer.user.id, spread, id.slice(0, 8));
    await expectExact();
    // Moved in time (another hour), re-priced, soft-deleted, hard-deleted, in bulk.
    const ids = (from: number, to?: number) =>
      inArray(
        orders.id,
        inserted.slice(from, to).map((o) => o.id),
      );
    await db()
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} - interval '90 minutes'` })
      .where(ids(0, 10));
    await expectExact();
    await db()
      .update(orders)
      .set({ total: sql`${orders.total} + 7` })
      .where(ids(5, 15));
    await expectExact();
    await db().update(orders).set({ deleted: true }).where(ids(12, 18));
    await expectExact();
    await db().update(orders).set({ status: 'delivered' }).where(eq(orders.storefrontId, id));
    await expectExact();
    await db().delete(orders).where(ids(20));
    await expectExact();
  });

  it('sums any window exactly: starts on the hour or not, within the current hour, ends mid-hour', async () => {
    const seller = await sellerWithStorefront(server);
    const id = seller.storefront.id;
    const buyer = await person(server);
    const now = new Date(Math.floor(server.clock.now().getTime() / HOUR) * HOUR + 41 * 60_000 + 7_000);
    // Orders every 23 minutes over 9 days, some on the hour exactly, some in the future (not counted).
    const at = Array.from({ length: 600 }, (_, i) => new Date(now.getTime() - i * 23 * 60_000));
    at.push(
      new Date(Math.floor(now.getTime() / HOUR) * HOUR),
      new Date(Math.floor(now.getTime() / HOUR) * HOUR - 5 * HOUR),
      new Date(now.getTime() + 60_000),
    );
    await insertOrders(id, buyer.user.id, at, `w${id.slice(0, 8)}`);

    const starts = [
      now,
      new Date(now.getTime() - 60_000),
      new Date(Math.floor(now.getTime() / HOUR) * HOUR),
      new Date(Math.floor(now.getTime() / HOUR) * HOUR - 1),
      new Date(now.getTime() - HOUR),
      new Date(now.getTime() - 7 * 86_400_000),
      new Date(Math.floor(now.getTime() / HOUR) * HOUR - 5 * HOUR),
      new Date(now.getTime() - 5.5 * HOUR), // a half-hour zone's midnight
      new Date(now.getTime() - 8 * 86_400_000 - 17 * 60_000),
    ];
    for (const from of starts) {
      const [row] = await db()
        .select(windowSalesColumns())
        .from(sql`(select 1) as one`)
        .prepare('window_sales_test')
        .execute({ storefrontId: id, ...windowSalesValues(now, { today: from, week: from, month: from }) });
      const expected = await rawSalesBetween(id, from, now);
      expect({ from: from.toISOString(), sales: Object.values(row).map(Number) }).toEqual({
        from: from.toISOString(),
        sales: [expected, expected, expected],
      });
    }
    expect(await rawSalesBetween(id, starts[5], now)).toBeGreaterThan(0);
  });
});
