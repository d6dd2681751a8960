import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orders, products, productSales, storefrontOrderStats } from '../../db/schema';
import type { ServiceCtx } from '../../lib/context';
import { DAY } from '../../lib/time';
import { requireManagedStorefront, storefrontOwnerInfo } from './access';
import type { storefrontIdInput } from './inputs';
import { REVENUE_SQL, windowSalesColumns } from './revenue-windows';
import { startOfLocal, weekChangePercent } from './rules';

const TOP_PRODUCTS = 5;
const RECENT_ORDERS = 5;
const LOW_STOCK_LIST = 20;

/**
 * The storefront analytics panel (spec 1 §2) for its managers, over all orders, in SQL: sales
 * today (since midnight), the last 7 days and this month (since day 1), in the owner's timezone,
 * from hourly revenue and the orders of the partial hours (revenue-windows.ts); order counts
 * from storefront_order_stats and top products from product_sales (both kept by triggers); the 5
 * newest orders; low stock.
 */
export async function storefrontAnalytics({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof storefrontIdInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  const { timezone } = await storefrontOwnerInfo(ctx.db, storefront);
  const now = ctx.deps.clock.now();
  const id = storefront.id;
  // Window starts computed once here, so the sum compares plain timestamps row by row.
  const starts = {
    today: startOfLocal(now, timezone, 'day'),
    week: new Date(now.getTime() - 7 * DAY),
    month: startOfLocal(now, timezone, 'month'),
  };

  const [rows, topProducts, recentOrders, lowStock] = await Promise.all([
    // Order counts and all-time revenue from storefront_order_stats, window sales beside them.
    ctx.db
      .select({
        ...windowSalesColumns(id, now, starts),
        total: sql<string>`coalesce(sum(${storefrontOrderStats.orderCount}), 0)`,
        pending: sql<string>`coalesce(sum(${storefrontOrderStats.orderCount}) filter (where ${storefrontOrderStats.status} = 'pending'), 0)`,
        revenue: sql<string>`coalesce(sum(${storefrontOrderStats.totalSum}) filter (where ${storefrontOrderStats.status} in (${REVENUE_SQL})), 0)`,
      })
      .from(storefrontOrderStats)
      .where(eq(storefrontOrderStats.storefrontId, id)),
    ctx.db
      .select({ productId: productSales.productId, name: products.name, unitsSold: productSales.unitsSold, revenue: productSales.revenue })
      .from(productSales)
      .innerJoin(products, eq(products.id, productSales.productId))
      .where(and(eq(productSales.storefrontId, id), sql`${productSales.unitsSold} > 0`))
      .orderBy(desc(productSales.revenue), asc(productSales.productId))
      .limit(TOP_PRODUCTS),
    ctx.db
      .select({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt, total: orders.total, status: orders.status })
      .from(orders)
      .where(and(eq(orders.storefrontId, id), eq(orders.deleted, false)))
      .orderBy(sql`${orders.createdAt} desc nulls first`)
      .limit(RECENT_ORDERS),
    // Spec 1 §5 low stock: tracked, quantity at or below the threshold (the partial index's predicate).
    ctx.db
      .select({
        id: products.id,
        name: products.name,
        quantity: products.quantity,
        lowStockThreshold: products.lowStockThreshold,
        count: sql<number>`(count(*) over ())::int`,
      })
      .from(products)
      .where(
        sql`${products.storefrontId} = ${id} and ${products.trackInventory} = true and ${products.deleted} = false
            and ${products.quantity} <= ${products.lowStockThreshold}`,
      )
      .orderBy(asc(products.quantity), asc(products.name))
      .limit(LOW_STOCK_LIST),
  ]);
  // An aggregate without GROUP BY always answers one row (zeros for a storefront without orders).
  const [sums] = rows;
  const week = Number(sums.weekSales);
  const month = Number(sums.monthSales);
  return {
    storefrontId: id,
    timezone,
    todaySales: Number(sums.todaySales),
    weekSales: week,
    monthSales: month,
    weekChangePercent: weekChangePercent(week, month),
    totalOrders: Number(sums.total),
    pendingOrders: Number(sums.pending),
    revenue: Number(sums.revenue),
    lowStockCount: lowStock[0]?.count ?? 0,
    lowStockProducts: lowStock.map(({ count: _count, ...p }) => p),
    topProducts: topProducts.map((p) => ({ ...p, unitsSold: Number(p.unitsSold), revenue: Number(p.revenue) })),
    recentOrders,
  };
}
