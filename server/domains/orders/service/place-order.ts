import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { orderItems, orders, products } from '../../../db/schema';
import { prebuiltStatement } from '../../../db/sql';
import { announceChange } from '../../../lib/announcer';
import { type ServiceCtx, withTransaction } from '../../../lib/context';
import { AppError, conflict } from '../../../lib/errors';
import { PRODUCT_CHANGES_CHANNEL } from '../../products/search-cache';
import type { ProductRow } from '../../products/views';
import type { StorefrontRow } from '../../storefronts/access';
import { ORDER_MESSAGES } from '../inputs';
import { notifySellersOfNewOrder } from '../notify';
import { orderAmounts, orderNumber } from '../rules';
import type { OrderItemRow, OrderRow } from '../views';

/** Attempts at a free ORD-yyyymmdd-#### before giving up (a storefront has 10,000 numbers a day). */
const ORDER_NUMBER_ATTEMPTS = 25;

/** A priced cart line (checkout.ts prices it from the database). */
export type PlacedLine = {
  product: Pick<ProductRow, 'id' | 'name' | 'images' | 'trackInventory'>;
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

type NewOrder = Pick<
  OrderRow,
  | 'id'
  | 'customerId'
  | 'storefrontId'
  | 'subtotal'
  | 'tax'
  | 'shipping'
  | 'discount'
  | 'total'
  | 'status'
  | 'fulfillmentMethod'
  | 'shippingAddress'
  | 'paymentMethod'
  | 'customerNotes'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * Writes the pending order, its lines and takes the stock of its tracked products. A card order's
 * placement is one statement (atomic by itself: no transaction to open, the cheapest way to
 * place the many orders a sale brings); a cash order's also queues the sellers' "New order" in
 * the same transaction. Refused stock: 'Insufficient stock', nothing written.
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
    productImage: l.product.images[0] ?? null,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    variants: l.variants,
    customizations: l.customizations,
    subtotal: l.subtotal,
  }));
  const stock = stockOf(lines);
  const place = async (tx: ServiceCtx) => {
    const order = await insertNumbered(tx, values, items, stock, storefront.timezone);
    // A cash order is placed now; a card order once it is paid (payForOrder).
    if (!request.byCard) await notifySellersOfNewOrder(tx, order, storefront);
    return { order, items };
  };
  const placed = request.byCard ? await place(ctx) : await withTransaction(ctx, place);
  // Stock changes are not announced by the products table's trigger (migration 0020).
  if (stock.length > 0) await announceChange(ctx, PRODUCT_CHANGES_CHANNEL, '');
  return placed;
}

/** What the order takes off the shelves: tracked products only, one entry per product. */
function stockOf(lines: PlacedLine[]) {
  const taken = new Map<string, number>();
  for (const l of lines) if (l.product.trackInventory) taken.set(l.product.id, (taken.get(l.product.id) ?? 0) + l.quantity);
  return [...taken].map(([product_id, quantity]) => ({ product_id, quantity }));
}

const p = sql.placeholder;

/**
 * The order, its lines and its stock in one statement. The tracked products are locked in id
 * order (every checkout locks rows in the same order: no deadlocks) with the lock an UPDATE takes
 * (not FOR UPDATE, which would also block the key-share locks of foreign keys to the product, as
 * the sales aggregate takes while a paid order is confirmed) and read as they stand once locked; only when every one is active and has the stock (or takes backorders) is the order
 * inserted, and only when it was inserted (its number was free) are its lines written and its
 * stock taken. `inStock` false or no `id`: nothing was written.
 */
const insertOrder = prebuiltStatement<{ inStock: boolean; id: string | null }, Record<keyof NewOrder | 'orderNumber' | 'stock' | 'lines', unknown>>(sql`
  with wanted as (
    select * from jsonb_to_recordset(${p('stock')}::jsonb) as wanted (product_id uuid, quantity int)),
  locked as (
    select ${products}.id, ${products}.allow_backorders or ${products}.quantity >= wanted.quantity as enough
    from ${products} join wanted on wanted.product_id = ${products}.id
    where ${products}.status = 'active' and ${products}.deleted = false
    order by ${products}.id
    for no key update of ${products}),
  ready as (
    select count(*) = (select count(*) from wanted) and coalesce(bool_and(enough), true) as in_stock from locked),
  placed as (
    insert into ${orders} (id, order_number, customer_id, storefront_id, subtotal, tax, shipping, discount, total, status, fulfillment_method, shipping_address, payment_method, customer_notes, created_at, updated_at)
    select ${p('id')}::uuid, ${p('orderNumber')}, ${p('customerId')}::uuid, ${p('storefrontId')}::uuid, ${p('subtotal')}::int, ${p('tax')}::int, ${p('shipping')}::int,
      ${p('discount')}::int, ${p('total')}::int, ${p('status')}::order_status, ${p('fulfillmentMethod')}::fulfillment_method, ${p('shippingAddress')}::jsonb,
      ${p('paymentMethod')}::order_payment_method, ${p('customerNotes')}::text, ${p('createdAt')}::timestamptz, ${p('updatedAt')}::timestamptz
    where (select in_stock from ready)
    on conflict (storefront_id, order_number) do nothing
    returning id),
  lines as (
    insert into ${orderItems} (id, order_id, position, product_id, product_name, product_image, quantity, unit_price, variants, customizations, subtotal)
    select line.id, placed.id, line.position, line.product_id, line.product_name, line.product_image, line.quantity, line.unit_price, line.variants, line.customizations, line.subtotal
    from placed cross join jsonb_to_recordset(${p('lines')}::jsonb) as line (id uuid, position int, product_id uuid, product_name text, product_image text,
      quantity int, unit_price int, variants jsonb, customizations jsonb, subtotal int)),
  taken as (
    update ${products} set quantity = ${products}.quantity - wanted.quantity
    from wanted
    where ${products}.id = wanted.product_id and exists (select 1 from placed))
  select (select in_stock from ready) as "inStock", (select id from placed) as id`);

/**
 * Places the order under a random ORD-yyyymmdd-####, drawing another number while the one drawn
 * is taken in the storefront (its unique index decides).
 */
async function insertNumbered(ctx: ServiceCtx, values: NewOrder, items: OrderItemRow[], stock: ReturnType<typeof stockOf>, timezone: string): Promise<OrderRow> {
  const lines = JSON.stringify(
    items.map((i) => ({
      id: i.id,
      position: i.position,
      product_id: i.productId,
      product_name: i.productName,
      product_image: i.productImage,
      quantity: i.quantity,
      unit_price: i.unitPrice,
      variants: i.variants,
      customizations: i.customizations,
      subtotal: i.subtotal,
    })),
  );
  const fixed = {
    ...values,
    shippingAddress: values.shippingAddress && JSON.stringify(values.shippingAddress),
    createdAt: values.createdAt.toISOString(),
    updatedAt: values.updatedAt.toISOString(),
    stock: JSON.stringify(stock),
    lines,
  };
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const number = orderNumber(values.createdAt, timezone, randomInt(10_000));
    const [{ inStock, id }] = await insertOrder(ctx.db, { ...fixed, orderNumber: number });
    if (!inStock) throw conflict(ORDER_MESSAGES.insufficient);
    if (id) return writtenOrder(values, number);
  }
  throw new AppError('UNAVAILABLE', ORDER_MESSAGES.unnumbered);
}

/** The row as written: what the statement set, every other column at its default. */
const writtenOrder = (values: NewOrder, orderNumber: string): OrderRow => ({
  ...values,
  orderNumber,
  trackingNumber: null,
  estimatedDelivery: null,
  actualDelivery: null,
  paymentIntentId: null,
  paidAt: null,
  refundedAt: null,
  refundAmount: null,
  refundReason: null,
  sellerNotes: null,
  deleted: false,
  deletedAt: null,
});
