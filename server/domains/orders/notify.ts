import { sql } from 'drizzle-orm';
import { type NotificationPriority, orders } from '../../db/schema';
import { prebuiltStatement } from '../../db/sql';
import type { ServiceCtx } from '../../lib/context';
import { formatCents } from '../../lib/money';
import { announceChange } from '../../lib/announcer';
import { EVENTS_CHANNEL } from '../../lib/events';
import { createNotification, liveNotificationEvent, type Notice, type NoticeTemplate, queueNotificationsAt, queueNotificationsSql } from '../notifications/create';
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
  await tx.db.execute(queueNotificationsSql(tx, storefrontManagersQuery(storefront, tx.deps.clock.now()), toSellers(storefront, order, notice)));
}

const NEW_ORDER_PRIORITY: NotificationPriority = 'high';

const newOrder = (order: OrderRow, storefront: SellerSide): SellerNotice => ({
  title: 'New order',
  body: `${order.orderNumber} was placed in ${storefront.name}: ${formatCents(order.total)}`,
  priority: NEW_ORDER_PRIORITY,
});

/** "New order" to every manager of the storefront. */
export const notifySellersOfNewOrder = (tx: ServiceCtx, order: OrderRow, storefront: SellerSide) => notifySellers(tx, storefront, order, newOrder(order, storefront));

const p = sql.placeholder;

/**
 * One statement that confirms a paid order and tells every manager "New order" only when that
 * update changed the row; it answers the id it changed (no row: the order was no longer pending).
 * Built once per kind of owner and SMS setting (every card order runs it), filled per order.
 */
function confirmAndNotifyStatement(ownerType: SellerSide['ownerType'], config: { smsEnabled: boolean }) {
  const confirm = sql`update ${orders} set status = 'confirmed', payment_intent_id = ${p('paymentIntentId')}::text,
      paid_at = ${p('now')}::timestamptz, updated_at = ${p('now')}::timestamptz
    where id = ${p('orderId')}::uuid and status = 'pending' and paid_at is null
    returning id`;
  const managers = storefrontManagersQuery({ ownerType, ownerId: p('ownerId') }, p('now'));
  const notice: NoticeTemplate = { type: 'general_alert', priority: NEW_ORDER_PRIORITY, title: p('title'), body: p('body'), data: p('data') };
  // Its commit is not held up by a NOTIFY (lib/announcer.ts): the managers to tell live come back
  // with the answer and are announced once it has committed.
  return prebuiltStatement<{ id: string; liveUserIds: string[] }, ConfirmValues>(
    queueNotificationsAt(config, p('now'), sql`select user_id from (${managers}) managers (user_id) where exists (select 1 from confirmed)`, notice, {
      before: sql`confirmed as (${confirm})`,
      answer: sql`select id, (select coalesce(json_agg(q.user_id), '[]') from queued q where 'in_app' = any(q.channels)) as "liveUserIds" from confirmed`,
      live: 'after-commit',
    }),
  );
}

type ConfirmValues = { orderId: string; paymentIntentId: string; now: string; ownerId: string; title: string; body: string; data: string };
const confirmStatements = new Map<string, ReturnType<typeof confirmAndNotifyStatement>>();

/**
 * Confirms a paid pending order (status, payment intent, paidAt = updatedAt = `now`) and queues
 * the sellers' "New order", in one statement (its own transaction). False when the order was no
 * longer pending (nothing changed, nobody told).
 */
export async function confirmOrderAndNotifySellers(ctx: ServiceCtx, order: OrderRow, storefront: SellerSide, paymentIntentId: string, now: Date): Promise<boolean> {
  const { smsEnabled } = ctx.deps.config;
  const key = `${storefront.ownerType}:${smsEnabled}`;
  let statement = confirmStatements.get(key);
  if (!statement) {
    statement = confirmAndNotifyStatement(storefront.ownerType, { smsEnabled });
    confirmStatements.set(key, statement);
  }
  const notice = toSellers(storefront, order, newOrder(order, storefront));
  const rows = await statement(ctx.db, {
    orderId: order.id,
    paymentIntentId,
    now: now.toISOString(),
    ownerId: storefront.ownerId,
    title: notice.title,
    body: notice.body,
    data: JSON.stringify(notice.data),
  });
  if (rows.length === 0) return false;
  const [{ liveUserIds }] = rows;
  if (liveUserIds.length > 0) await announceChange(ctx, EVENTS_CHANNEL, JSON.stringify(liveNotificationEvent(liveUserIds, notice.type)));
  return true;
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
