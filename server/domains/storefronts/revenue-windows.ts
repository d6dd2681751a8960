import { type SQL, sql } from 'drizzle-orm';
import { orders, REVENUE_ORDER_STATUSES, storefrontHourlyRevenue } from '../../db/schema';

// Sales since an instant, for the analytics windows (today, last 7 days, this month): whole UTC
// hours come from storefront_hourly_revenue (at most 744 rows for a month), the partial hour at
// each end from the orders themselves through the revenue index. The sum equals the plain sum of
// revenue orders created in [from, now] exactly, whatever the window's start.
//
// The SQL reads its bounds from placeholders, so its text is the same on every call: the
// statement is built and planned once per connection (a prepared statement), not per request.

const HOUR = 3_600_000;

/** Statuses that count as sales, as a SQL list for the partial revenue index's predicate. */
export const REVENUE_SQL = sql.raw(REVENUE_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Where the window [from, now] splits: orders in [from, headEnd), whole hours in [hoursFrom,
 * hoursTo), orders in [tailFrom, now]. A window that starts within the current hour has no whole
 * hours and an empty head: its tail is all of it.
 */
export function windowSplit(from: Date, now: Date) {
  const firstWholeHour = new Date(Math.ceil(from.getTime() / HOUR) * HOUR);
  const currentHour = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  if (firstWholeHour > currentHour) return { from, headEnd: from, hoursFrom: currentHour, hoursTo: currentHour, tailFrom: from };
  return { from, headEnd: firstWholeHour, hoursFrom: firstWholeHour, hoursTo: currentHour, tailFrom: currentHour };
}

type Bound = keyof ReturnType<typeof windowSplit>;
const WINDOWS = ['today', 'week', 'month'] as const;
type WindowStarts = Record<(typeof WINDOWS)[number], Date>;
const at = (window: string, bound: Bound) => sql`${sql.placeholder(`${window}.${bound}`)}::timestamptz`;
const now = sql`${sql.placeholder('now')}::timestamptz`;
const storefrontId = sql.placeholder('storefrontId');

/** Revenue orders of the storefront created in [from, to), or [from, to] when `toIncluded`. */
function ordersBetween(from: SQL, to: SQL, toIncluded: boolean): SQL {
  const end = toIncluded ? sql`<=` : sql`<`;
  return sql`(select coalesce(sum(${orders.total}), 0) from ${orders}
    where ${orders.storefrontId} = ${storefrontId} and ${orders.status} in (${REVENUE_SQL}) and ${orders.deleted} = false
      and ${orders.createdAt} >= ${from} and ${orders.createdAt} ${end} ${to})`;
}

/** Sales in [window's start, now] as one SQL expression: head and tail from orders, whole hours from the aggregate. */
function salesSince(window: string): SQL<string> {
  const hours = sql`(select coalesce(sum(${storefrontHourlyRevenue.totalSum}), 0) from ${storefrontHourlyRevenue}
    where ${storefrontHourlyRevenue.storefrontId} = ${storefrontId}
      and ${storefrontHourlyRevenue.hour} >= ${at(window, 'hoursFrom')} and ${storefrontHourlyRevenue.hour} < ${at(window, 'hoursTo')})`;
  return sql<string>`(${ordersBetween(at(window, 'from'), at(window, 'headEnd'), false)} + ${hours}
    + ${ordersBetween(at(window, 'tailFrom'), now, true)})`;
}

/**
 * Today's, the last 7 days' and this month's sales, as columns of a select (one round trip with
 * other sums). Placeholders: `storefrontId` and windowSalesValues(…).
 */
export const windowSalesColumns = () => ({ todaySales: salesSince('today'), weekSales: salesSince('week'), monthSales: salesSince('month') });

/** The placeholder values of windowSalesColumns for windows from `starts` to `now`. */
export function windowSalesValues(nowAt: Date, starts: WindowStarts): Record<string, string> {
  const values: Record<string, string> = { now: nowAt.toISOString() };
  for (const window of WINDOWS) {
    for (const [bound, instant] of Object.entries(windowSplit(starts[window], nowAt))) values[`${window}.${bound}`] = instant.toISOString();
  }
  return values;
}
