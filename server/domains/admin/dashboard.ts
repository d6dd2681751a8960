import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { blogs, orders, paymentRequests, REVENUE_ORDER_STATUSES, shops, storefronts, users } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { DAY } from '../../lib/time';

// The Dashboard tab: platform figures computed in SQL over all rows (DESIGN rule 8).

export const DASHBOARD_WINDOW_DAYS = 30;

export async function dashboardStats({ ctx }: { ctx: ServiceCtx }) {
  const since = new Date(ctx.deps.clock.now().getTime() - DASHBOARD_WINDOW_DAYS * DAY);
  const [usersByType, [userTotals], [studioTotals], [storefrontTotals], [orderTotals], requestsByStatus, [blogTotals]] = await Promise.all([
    ctx.db
      .select({ userType: sql<string>`t.user_type`, n: sql<number>`count(*)::int` })
      .from(sql`${users}, unnest(${users.userTypes}) as t(user_type)`)
      .where(eq(users.deleted, false))
      .groupBy(sql`t.user_type`)
      .orderBy(sql`t.user_type`),
    ctx.db
      .select({ total: count(), deleted: sql<number>`count(*) filter (where ${users.deleted})::int` })
      .from(users),
    ctx.db
      .select({
        active: sql<number>`count(*) filter (where not ${shops.deleted} and ${shops.isActive})::int`,
        inactive: sql<number>`count(*) filter (where not ${shops.deleted} and not ${shops.isActive})::int`,
        deleted: sql<number>`count(*) filter (where ${shops.deleted})::int`,
      })
      .from(shops),
    ctx.db
      .select({
        total: sql<number>`count(*) filter (where not ${storefronts.deleted})::int`,
        active: sql<number>`count(*) filter (where not ${storefronts.deleted} and ${storefronts.isActive})::int`,
      })
      .from(storefronts),
    ctx.db
      .select({
        orders: sql<number>`count(*)::int`,
        revenue: sql<number>`coalesce(sum(${orders.total}) filter (where ${inArray(orders.status, [...REVENUE_ORDER_STATUSES])}), 0)::bigint`,
      })
      .from(orders)
      .where(and(eq(orders.deleted, false), gte(orders.createdAt, since))),
    ctx.db
      .select({ status: paymentRequests.status, n: sql<number>`count(*)::int` })
      .from(paymentRequests)
      .groupBy(paymentRequests.status)
      .orderBy(paymentRequests.status),
    ctx.db.select({ published: sql<number>`count(*) filter (where ${blogs.status} = 'published')::int` }).from(blogs),
  ]);
  return {
    windowDays: DASHBOARD_WINDOW_DAYS,
    users: { total: userTotals.total, deleted: userTotals.deleted, byType: usersByType },
    studios: studioTotals,
    storefronts: storefrontTotals,
    orders: { count: orderTotals.orders, revenue: Number(orderTotals.revenue) },
    paymentRequests: requestsByStatus,
    blogs: blogTotals,
  };
}
