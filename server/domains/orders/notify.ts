import { type SQL, sql } from 'drizzle-orm';
import type { NotificationPriority } from '../../db/schema';
import type { ServiceCtx } from '../../lib/context';
import { formatCents } from '../../lib/money';
import { createNotification, type Notice, queueNotificationsSql } from '../notifications/create';
import { storefrontManagersQuery, type StorefrontRow } from '../storefronts/access';
import { statusNotice } from './rules';
import type { OrderRow } from './views';

// Order notifications, queued in the caller's transaction (they commit with the change they
// report). Spec 1 §2 deep links: /orders/{orderId} for the customer, the management page for sellers.

type SellerSide = Pick<StorefrontRow, 'id' | 'name' | 'ownerId' | 'ownerType'>;
type SellerNotice = { title: string; body: string; priority?: NotificationPriority };

const toSellers = (storefront: SellerSide, order: OrderRow, notice: SellerNotice): Notice => ({
  type: 'general_alert',
  ...notice,
  data: { orderId: order.id, storefrontId: storefront.id, url: `/manage/storefront/${storefront.id}/orders/${order.id}` },
});

async function notifySellers(tx: ServiceCtx, storefront: SellerSide, order: OrderRow, notice: SellerNotice) {
  await tx.db.execute(queueNotificationsSql(tx, storefrontManagersQuery(tx.db, storefront, tx.deps.clock.now()), toSellers(storefront, order, notice)));
}

const newOrder = (order: OrderRow, storefront: SellerSide): SellerNotice => ({
  title: 'New order',
  body: `${order.orderNumber} was placed in ${storefront.name}: ${formatCents(order.total)}`,
  priority: 'high',
});

/** "New order" to every manager of the storefront. */
export const notifySellersOfNewOrder = (tx: ServiceCtx, order: OrderRow, storefront: SellerSide) => notifySellers(tx, storefront, order, newOrder(order, storefront));

/**
 * One statement that confirms a paid order (`confirm`: an UPDATE … RETURNING id) and tells every
 * manager "New order" only when that update changed the row; it answers the id it changed (no row:
 * the order was no longer pending).
 */
export function confirmOrderAndNotifySellers(tx: ServiceCtx, confirm: SQL, order: OrderRow, storefront: SellerSide): SQL {
  const managers = storefrontManagersQuery(tx.db, storefront, tx.deps.clock.now());
  return queueNotificationsSql(tx, sql`select user_id from (${managers}) managers (user_id) where exists (select 1 from confirmed)`, toSellers(storefront, order, newOrder(order, storefront)), {
    before: sql`confirmed as (${confirm})`,
    answer: sql`select id from confirmed`,
  });
}

/** A customer cancelled: the sellers see it (the stock is back on the shelf). */
export const notifySellersOfCancellation = (tx: ServiceCtx, order: OrderRow, storefront: SellerSide) =>
  notifySellers(tx, storefront, order, {
    title: 'Order cancelled',
    body: `${order.orderNumber} was cancelled by the customer: ${order.sellerNotes ?? ''}`.trim(),
  });

/** The customer hears of every status change their sellers make. */
export async function notifyCustomerOfStatus(tx: ServiceCtx, order: OrderRow) {
  await createNotification(tx, {
    userId: order.customerId,
    type: 'general_alert',
    ...statusNotice(order.orderNumber, order.status),
    data: { orderId: order.id, url: `/orders/${order.id}` },
  });
}
