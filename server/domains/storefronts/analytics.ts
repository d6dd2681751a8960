import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { orders, products, productSales, storefrontOrderStats } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { DAY } from '../../lib/time';
import { requireManagedStorefrontWithTimezone } from './managed-storefront';
import type { storefrontIdInput } from './inputs';
import { REVENUE_SQL, windowSalesColumns, windowSalesValues } from './revenue-windows';
import { startOfLocal, weekChangePercent } from './rules';

const TOP_PRODUCTS = 5;
const RECENT_ORDERS = 5;
const LOW_STOCK_LIST = 20;

type TopProduct = { productId: string; name: string; unitsSold: number; revenue: number };
type RecentOrder = Pick<typeof orders.$inferSelect, 'id' | 'orderNumber' | 'total' | 'status' | 'fulfillmentMethod'> & { createdAt: string };
type LowStockProduct = { id: string; name: string; quantity: number; lowStockThreshold: number };

const storefrontId = sql.placeholder('storefrontId');

/** A list subquery as one JSON array column (empty array when no rows), in the subquery's order. */
const jsonList = <T>(rows: SQL, order: SQL) =>
  sql<T[]>`(select coalesce(json_agg(t order by ${order}), '[]'::json) from (${rows}) as t)`;

// Spec 1 §5 low stock: tracked, quantity at or below the threshold (the partial index's predicate).
const lowStockWhere = sql`${products.storefrontId} = ${storefrontId} and ${products.trackInventory} = true and ${products.deleted} = false
  and ${products.quantity} <= ${products.lowStockThreshold}`;

/**
 * The whole panel as one statement, prepared once per connection (its text never changes; the
 * storefront and the window bounds are placeholders): one round trip, planned once.
 */
const analyticsStatement = (db: Db) =>
  db
    .select({
      ...windowSalesColumns(),
      total: sql<string>`coalesce(sum(${storefrontOrderStats.orderCount}), 0)`,
      pending: sql<string>`coalesce(sum(${storefrontOrderStats.orderCount}) filter (where ${storefrontOrderStats.status} = 'pending'), 0)`,
      revenue: sql<string>`coalesce(sum(${storefrontOrderStats.totalSum}) filter (where ${storefrontOrderStats.status} in (${REVENUE_SQL})), 0)`,
      topProducts: jsonList<TopProduct>(
        sql`select ${productSales.productId} as "productId", ${products.name} as name, ${productSales.unitsSold} as "unitsSold", ${productSales.revenue} as revenue
          from ${productSales} join ${products} on ${products.id} = ${productSales.productId}
          where ${productSales.storefrontId} = ${storefrontId} and ${productSales.unitsSold} > 0
          order by ${productSales.revenue} desc, ${productSales.productId} limit ${TOP_PRODUCTS}`,
        sql`t.revenue desc, t."productId"`,
      ),
      recentOrders: jsonList<RecentOrder>(
        sql`select ${orders.id} as id, ${orders.orderNumber} as "orderNumber", ${orders.createdAt} as "createdAt", ${orders.total} as total, ${orders.status} as status,
          ${orders.fulfillmentMethod} as "fulfillmentMethod"
          from ${orders} where ${orders.storefrontId} = ${storefrontId} and ${orders.deleted} = false
          order by ${orders.createdAt} desc nulls first limit ${RECENT_ORDERS}`,
        sql`t."createdAt" desc nulls first`,
      ),
      lowStockCount: sql<number>`(select count(*)::int from ${products} where ${lowStockWhere})`,
      lowStockProducts: jsonList<LowStockProduct>(
        sql`select ${products.id} as id, ${products.name} as name, ${products.quantity} as quantity, ${products.lowStockThreshold} as "lowStockThreshold"
          from ${products} where ${lowStockWhere}
          order by ${products.quantity}, ${products.name} limit ${LOW_STOCK_LIST}`,
        sql`t.quantity, t.name`,
      ),
    })
    .from(storefrontOrderStats)
    .where(eq(storefrontOrderStats.storefrontId, storefrontId))
    .prepare('storefront_analytics');

/**
 * The storefront analytics panel (spec 1 §2) for its managers, over all orders, in SQL: sales
 * today (since midnight), the last 7 days and this month (since day 1), in the owner's timezone,
 * from hourly revenue and the orders of the partial hours (revenue-windows.ts); order counts
 * from storefront_order_stats and top products from product_sales (both kept by triggers); the 5
 * newest orders; low stock.
 */
export async function storefrontAnalytics({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof storefrontIdInput> }) {
  const { id, timezone } = await requireManagedStorefrontWithTimezone(ctx, input.storefrontId);
  const now = ctx.deps.clock.now();
  // Window starts computed once here, so the sum compares plain timestamps row by row.
  const starts = {
    today: startOfLocal(now, timezone, 'day'),
    week: new Date(now.getTime() - 7 * DAY),
    month: startOfLocal(now, timezone, 'month'),
  };
  // An aggregate without GROUP BY always answers one row (zeros for a storefront without orders).
  const [sums] = await prepared(ctx.db, 'storefront_analytics', analyticsStatement).execute({ storefrontId: id, ...windowSalesValues(now, starts) });
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
    lowStockCount: sums.lowStockCount,
    lowStockProducts: sums.lowStockProducts,
    topProducts: sums.topProducts.map((p) => ({ ...p, unitsSold: Number(p.unitsSold), revenue: Number(p.revenue) })),
    recentOrders: sums.recentOrders.map((o) => ({ ...o, createdAt: new Date(o.createdAt) })),
  };
}
