import type { NotificationPriority } from '../../db/schema';
import type { ServiceCtx } from '../../lib/context';
import { formatCents } from '../../lib/money';
import { createNotification } from '../notifications/create';
import { storefrontManagerIds, type StorefrontRow } from '../storefronts/access';
import { statusNotice } from './rules';
import type { OrderRow } from './views';

// Order notifications, queued in the caller's transaction (they commit with the change they
// report). Spec 1 §2 deep links: /orders/{orderId} for the customer, the management page for sellers.

type SellerSide = Pick<StorefrontRow, 'id' | 'name' | 'ownerId' | 'ownerType'>;

async function notifySellers(tx: ServiceCtx, storefront: SellerSide, order: OrderRow, notice: { title: string; body: string; priority?: NotificationPriority }) {
  const sellers = await storefrontManagerIds(tx.db, storefront, tx.deps.clock.now());
  for (const userId of sellers) {
    await createNotification(tx, {
      userId,
      type: 'general_alert',
      ...notice,
      data: { orderId: order.id, storefrontId: storefront.id, url: `/manage/storefront/${storefront.id}/orders/${order.id}` },
    });
  }
}

/** "New order" to every manager of the storefront. */
export const notifySellersOfNewOrder = (tx: ServiceCtx, order: OrderRow, storefront: SellerSide) =>
  notifySellers(tx, storefront, order, {
    title: 'New order',
    body: `${order.orderNumber} was placed in ${storefront.name}: ${formatCents(order.total)}`,
    priority: 'high',
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
    ...statusNotice(order.orderNumber, order.status),
    data: { orderId: order.id, url: `/orders/${order.id}` },
  });
}
