import { type SQL, sql } from 'drizzle-orm';
import type { NotificationPriority } from '../../db/schema';
import { executeNamedRows } from '../../db/prepared';
import type { ServiceCtx } from '../../service-context';
import { formatCents } from '../../lib/money';
import { announceChange } from '../../lib/announcer';
import { EVENTS_CHANNEL } from '../../lib/events';
import { createNotification, liveNotificationEvent, type Notice, queueNotificationsSql } from '../notifications/create';
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

const newOrder = (order: OrderRow, storefront: SellerSide): SellerNotice => ({
  title: 'New order',
  body: `${order.orderNumber} was placed in ${storefront.name}: ${formatCents(order.total)}`,
  priority: 'high',
});

async function notifySellers(tx: ServiceCtx, storefront: SellerSide, order: OrderRow, notice: SellerNotice) {
  await tx.db.execute(queueNotificationsSql(tx, storefrontManagersQuery(storefront, tx.deps.clock.now()), toSellers(storefront, order, notice)));
}

/**
 * Queues `notice` for the recipients without announcing it in the transaction, and answers the
 * recipients whose open pages should hear of it once the transaction has committed
 * (announceLive). A hot transaction's commit is then not held up by a NOTIFY (lib/announcer.ts).
 */
async function queueQuietly(tx: ServiceCtx, recipients: SQL, notice: Notice): Promise<string[]> {
  const rows = await executeNamedRows<{ userId: string; channels: string[] }>(
    tx.db,
    'queue_order_notice',
    queueNotificationsSql(tx, recipients, notice, { live: 'after-commit', answer: sql`select user_id as "userId", channels from queued` }),
  );
  return rows.filter((r) => r.channels.includes('in_app')).map((r) => r.userId);
}

/** Tells the open pages of these users, once what was queued for them has committed. */
export async function announceLive(ctx: ServiceCtx, userIds: string[]) {
  if (userIds.length > 0) await announceChange(ctx, EVENTS_CHANNEL, JSON.stringify(liveNotificationEvent(userIds, 'general_alert')));
}

/**
 * "New order" to every manager of the storefront, queued in the caller's transaction; answers
 * whom to tell live once it commits (announceLive).
 */
export const queueNewOrderForSellers = (tx: ServiceCtx, order: OrderRow, storefront: SellerSide) =>
  queueQuietly(tx, storefrontManagersQuery(storefront, tx.deps.clock.now()), toSellers(storefront, order, newOrder(order, storefront)));

/** "Order confirmed" to the customer whose card was charged, queued like queueNewOrderForSellers. */
export const queueConfirmationForCustomer = (tx: ServiceCtx, order: OrderRow) =>
  queueQuietly(tx, sql`select ${order.customerId}::uuid`, {
    type: 'general_alert',
    ...statusNotice(order.orderNumber, 'confirmed', order.fulfillmentMethod),
    data: { orderId: order.id, url: `/orders/${order.id}` },
  });

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
    ...statusNotice(order.orderNumber, order.status, order.fulfillmentMethod),
    data: { orderId: order.id, url: `/orders/${order.id}` },
  });
}
