import { type SQL, sql } from 'drizzle-orm';
import { orders, REVENUE_ORDER_STATUSES, storefrontHourlyRevenue } from '../../db/schema';
import { sqlTime } from '../../db/sql';

// Sales since an instant, for the analytics windows (today, last 7 days, this month): whole UTC
// hours come from storefront_hourly_revenue (at most 744 rows for a month), the partial hour at
// each end from the orders themselves through the revenue index. The sum equals the plain sum of
// revenue orders created in [from, now] exactly, whatever the window's start.

const HOUR = 3_600_000;

/** Statuses that count as sales, as a SQL list for the partial revenue index's predicate. */
export const REVENUE_SQL = sql.raw(REVENUE_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/** Revenue orders of the storefront created in [from, to), or [from, to] when `toIncluded`. */
function ordersBetween(storefrontId: string, from: Date, to: Date, toIncluded: boolean): SQL {
  const end = toIncluded ? sql`<=` : sql`<`;
  return sql`(select coalesce(sum(${orders.total}), 0) from ${orders}
    where ${orders.storefrontId} = ${storefrontId} and ${orders.status} in (${REVENUE_SQL}) and ${orders.deleted} = false
      and ${orders.createdAt} >= ${sqlTime(from)} and ${orders.createdAt} ${end} ${sqlTime(to)})`;
}

/** Whole hours of the storefront's revenue in [from, to), both on the hour. */
function hoursBetween(storefrontId: string, from: Date, to: Date): SQL {
  return sql`(select coalesce(sum(${storefrontHourlyRevenue.totalSum}), 0) from ${storefrontHourlyRevenue}
    where ${storefrontHourlyRevenue.storefrontId} = ${storefrontId}
      and ${storefrontHourlyRevenue.hour} >= ${sqlTime(from)} and ${storefrontHourlyRevenue.hour} < ${sqlTime(to)})`;
}

/**
 * Sales in [from, now] as one SQL expression: [from, next hour) from orders, whole hours up to the
 * current one from the aggregate, [current hour, now] from orders. A window that starts within the
 * current hour is read from orders alone.
 */
export function salesSince(storefrontId: string, from: Date, now: Date): SQL {
  const firstWholeHour = new Date(Math.ceil(from.getTime() / HOUR) * HOUR);
  const currentHour = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  if (firstWholeHour > currentHour) return ordersBetween(storefrontId, from, now, true);
  return sql`(${ordersBetween(storefrontId, from, firstWholeHour, false)} + ${hoursBetween(storefrontId, firstWholeHour, currentHour)}
    + ${ordersBetween(storefrontId, currentHour, now, true)})`;
}

/** Today's, the last 7 days' and this month's sales, as columns of a select (one round trip with other sums). */
export function windowSalesColumns(storefrontId: string, now: Date, starts: { today: Date; week: Date; month: Date }) {
  return {
    todaySales: sql<string>`${salesSince(storefrontId, starts.today, now)}`,
    weekSales: sql<string>`${salesSince(storefrontId, starts.week, now)}`,
    monthSales: sql<string>`${salesSince(storefrontId, starts.month, now)}`,
  };
}
