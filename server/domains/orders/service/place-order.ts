import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client';
import { placeholders, prepared } from '../../../db/prepared';
import { orderItems, orders } from '../../../db/schema';
import { announceChange } from '../../../lib/announcer';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import { AppError, conflict } from '../../../lib/errors';
import { PRODUCT_CHANGES_CHANNEL } from '../../products/search-cache';
import type { ProductRow } from '../../products/views';
import type { StorefrontRow } from '../../storefronts/access';
import { ORDER_MESSAGES } from '../inputs';
import { announceLive, queueNewOrderForSellers } from '../notify';
import { takeStock } from './stock';
import { orderAmounts, orderNumber } from '../rules';
import type { OrderItemRow, OrderRow } from '../views';

/** Attempts at a free ORD-yyyymmdd-#### before giving up (a storefront has 10,000 numbers a day). */
const ORDER_NUMBER_ATTEMPTS = 25;

/** A priced cart line (checkout.ts prices it from the database). */
export type PlacedLine = {
  product: Pick<ProductRow, 'id' | 'name' | 'trackInventory'> & { firstPhotoUrl: string | null };
  quantity: number;
  unitPrice: number;
  subtotal: number;
  variants: OrderItemRow['variants'];
  customizations: OrderItemRow['customizations'];
};

export type OrderRequest = {
  checkoutId?: string;
  customerId: string;
  fulfillmentMethod: OrderRow['fulfillmentMethod'];
  shippingAddress: OrderRow['shippingAddress'];
  customerNotes: string | null;
  /** Paid by card (placed pending, confirmed once charged) or in cash (placed and announced now). */
  byCard: boolean;
};

export type Placed = { order: OrderRow; items: OrderItemRow[] };

/** The columns placeOrder writes (the others take their defaults). */
const NEW_ORDER_COLUMNS = [
  'id',
  'customerId',
  'storefrontId',
  'subtotal',
  'tax',
  'shipping',
  'discount',
  'total',
  'status',
  'fulfillmentMethod',
  'shippingAddress',
  'paymentMethod',
  'customerNotes',
  'createdAt',
  'updatedAt',
] as const;
type NewOrder = Pick<OrderRow, (typeof NEW_ORDER_COLUMNS)[number]>;

/**
 * Writes the pending order and its lines and takes the stock of its tracked products, in one
 * transaction: the stock first (takeStock, products in id order: the lock order of every
 * commerce write), then the order under a free number, then its lines. Refused stock:
 * 'Insufficient inventory', nothing written. A cash order also queues the sellers' "New order"
 * (a card order does once it is paid: confirmPaidOrder).
 */
export async function placeOrder(ctx: ServiceCtx, storefront: StorefrontRow & { timezone: string }, request: OrderRequest, lines: PlacedLine[]): Promise<Placed> {
  const now = ctx.deps.clock.now();
  const values: NewOrder = {
    id: request.checkoutId ?? randomUUID(),
    customerId: request.customerId,
    storefrontId: storefront.id,
    ...orderAmounts(
      lines.reduce((sum, l) => sum + l.subtotal, 0),
      storefront.settings,
      request.fulfillmentMethod,
    ),
    status: 'pending',
    fulfillmentMethod: request.fulfillmentMethod,
    shippingAddress: request.shippingAddress,
    paymentMethod: request.byCard ? 'stripe' : 'cash',
    customerNotes: request.customerNotes,
    createdAt: now,
    updatedAt: now,
  };
  const items: OrderItemRow[] = lines.map((l, position) => ({
    id: randomUUID(),
    orderId: values.id,
    position,
    productId: l.product.id,
    productName: l.product.name,
    productImage: l.product.firstPhotoUrl,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    variants: l.variants,
    customizations: l.customizations,
    subtotal: l.subtotal,
  }));
  const tracked = items.filter((_, i) => lines[i].product.trackInventory);
  const { order, liveSellers } = await withTransaction(ctx, async (tx) => {
    if (!(await takeStock(tx, tracked))) throw conflict(ORDER_MESSAGES.insufficient);
    const row = await insertNumbered(tx, values, storefront.timezone);
    // Named: one prepared statement per number of lines (at most MAX_CART_LINES), planned once per connection.
    await tx.db.insert(orderItems).values(items).prepare('insert_order_items').execute();
    return { order: row, liveSellers: request.byCard ? [] : await queueNewOrderForSellers(tx, row, storefront) };
  });
  // Announced once committed (server/lib/announcer.ts): stock changes are not announced by the
  // products table's trigger (migration 0020), and the sellers' open pages hear of a cash order.
  if (tracked.length > 0) await announceChange(ctx, PRODUCT_CHANGES_CHANNEL, '');
  await announceLive(ctx, liveSellers);
  return { order, items };
}

/**
 * Inserts the order under a random ORD-yyyymmdd-####, drawing another number while the one drawn
 * is taken in the storefront (its unique index decides; ON CONFLICT DO NOTHING keeps the
 * transaction usable).
 */
async function insertNumbered(tx: ServiceCtx, values: NewOrder, timezone: string): Promise<OrderRow> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const number = orderNumber(values.createdAt, timezone, randomInt(10_000));
    const [row] = await insertOrder(tx.db).execute({ ...values, orderNumber: number });
    if (row) return row;
  }
  throw new AppError('UNAVAILABLE', ORDER_MESSAGES.unnumbered);
}

// Every order runs it: prepared (decision 013).
const insertOrder = (db: Db) =>
  prepared(db, 'insert_order', (d) =>
    d
      .insert(orders)
      .values(placeholders(orders, ...NEW_ORDER_COLUMNS, 'orderNumber'))
      .onConflictDoNothing({ target: [orders.storefrontId, orders.orderNumber] })
      .returning()
      .prepare('insert_order'),
  );
