import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orderItems, orders, products } from '../../../db/schema';
import { prebuiltStatement } from '../../../db/sql';
import { type ServiceCtx, requireUser, withTransaction } from '../../../lib/context';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../../lib/errors';
import { availability, resolveSelection, unitPrice } from '../../products/rules';
import type { ProductRow } from '../../products/views';
import { loadStorefront, loadStorefrontWithProducts, type StorefrontRow } from '../../storefronts/access';
import { itemsOf } from '../access';
import { type checkoutInput, ORDER_MESSAGES } from '../inputs';
import { notifySellersOfNewOrder } from '../notify';
import { orderAmounts, orderNumber } from '../rules';
import { type OrderItemRow, type OrderRow, toOrder } from '../views';
import { payForOrder } from './payment';

type Input = z.output<typeof checkoutInput>;
type CartLine = Input['items'][number];

/** Attempts at a free ORD-yyyymmdd-#### before giving up (10,000 numbers a day). */
const ORDER_NUMBER_ATTEMPTS = 25;

/**
 * Spec 1 §4/§5 checkout of one storefront's cart. Every price comes from the database; stock is
 * taken with a guarded UPDATE in the same transaction that writes the pending order, so
 * concurrent buyers cannot oversell. A card is charged after that commit (never inside a
 * transaction, so a slow provider holds no locks); a decline removes the order and gives the
 * stock back (no order, no stock change). `checkoutId` makes a repeated submit resume the same
 * order and the same charge.
 */
export async function checkout({ ctx, input }: { ctx: ServiceCtx; input: Input }) {
  const user = requireUser(ctx);
  if (input.checkoutId) {
    const [existing] = await ctx.db.select().from(orders).where(eq(orders.id, input.checkoutId)).limit(1);
    if (existing) return resumeCheckout(ctx, existing, user.id, input.paymentMethodId);
  }
  const { storefront, products: rows } = await loadStorefrontWithProducts(ctx.db, input.storefrontId, [...new Set(input.items.map((i) => i.productId))]);
  refuseUnsupported(storefront, input);
  const lines = priceCart(input.items, new Map(rows.map((r) => [r.id, r])));
  let placed: Placed;
  try {
    placed = await placeOrder(ctx, storefront, input, lines, user.id);
  } catch (error) {
    // The same checkoutId submitted twice at once: the other request placed it; resume that one.
    if (input.checkoutId && isUniqueViolation(error)) {
      const [existing] = await ctx.db.select().from(orders).where(eq(orders.id, input.checkoutId)).limit(1);
      if (existing) return resumeCheckout(ctx, existing, user.id, input.paymentMethodId);
    }
    throw error;
  }
  const paid = input.paymentMethodId ? await payForOrder(ctx, placed.order, storefront, input.paymentMethodId) : placed.order;
  return toOrder(paid, placed.items);
}

function refuseUnsupported(storefront: StorefrontRow, input: Input) {
  if (!storefront.isActive) throw new AppError('PRECONDITION_FAILED', ORDER_MESSAGES.storefrontClosed);
  const { settings } = storefront;
  if (input.fulfillmentMethod === 'shipping' && !settings.shippingEnabled) throw invalid(ORDER_MESSAGES.shippingDisabled);
  if (input.fulfillmentMethod === 'pickup' && !settings.localPickupEnabled) throw invalid(ORDER_MESSAGES.pickupDisabled);
  if (input.paymentMethodId && !settings.acceptsPayments) throw invalid(ORDER_MESSAGES.cardsDisabled);
}

/**
 * A repeated submit: the customer's own order as it stands. A card order left pending (the
 * first request was cut short) is charged again under the same idempotency key, so the provider
 * answers with the first charge instead of making a second one.
 */
async function resumeCheckout(ctx: ServiceCtx, order: OrderRow, userId: string, paymentMethodId: string | undefined) {
  if (order.customerId !== userId) throw notFound(ORDER_MESSAGES.notFound);
  let current = order;
  if (order.status === 'pending' && order.paymentMethod === 'stripe' && !order.paidAt) {
    if (!paymentMethodId) throw new AppError('PRECONDITION_FAILED', ORDER_MESSAGES.paymentFailed);
    current = await payForOrder(ctx, order, await loadStorefront(ctx.db, order.storefrontId), paymentMethodId);
  }
  return toOrder(current, await itemsOf(ctx, current));
}

type PricedLine = { line: CartLine; product: ProductRow; unitPrice: number; subtotal: number; selection: Exclude<ReturnType<typeof resolveSelection>, { error: string }> };

/** Server-side pricing of the cart: products of this storefront only, the spec's messages on refusal. */
function priceCart(lines: CartLine[], byId: Map<string, ProductRow>): PricedLine[] {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  return lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product) throw notFound(ORDER_MESSAGES.productNotFound(line.productId));
    const check = availability(product, wanted.get(line.productId) ?? line.quantity);
    if (!check.available) throw conflict(ORDER_MESSAGES.productUnavailable(check.message ?? ''));
    const selection = resolveSelection(product, line);
    if ('error' in selection) throw invalid(selection.error);
    const price = unitPrice(product.price, selection);
    return { line, product, unitPrice: price, subtotal: price * line.quantity, selection };
  });
}

type Placed = { order: OrderRow; items: OrderItemRow[] };

/**
 * One transaction: take the stock (guarded), write the pending order and its lines. Its
 * statements are sent together (one round trip) and run in order: a refused stock update or a
 * taken order number rolls back or retries what follows.
 */
async function placeOrder(ctx: ServiceCtx, storefront: StorefrontRow & { timezone: string }, input: Input, lines: PricedLine[], customerId: string): Promise<Placed> {
  const now = ctx.deps.clock.now();
  const amounts = orderAmounts(
    lines.reduce((sum, l) => sum + l.subtotal, 0),
    storefront.settings,
    input.fulfillmentMethod,
  );
  const values: NewOrder = {
    id: input.checkoutId ?? randomUUID(),
    customerId,
    storefrontId: storefront.id,
    ...amounts,
    status: 'pending',
    fulfillmentMethod: input.fulfillmentMethod,
    shippingAddress: input.fulfillmentMethod === 'shipping' ? (input.shippingAddress ?? null) : null,
    paymentMethod: input.paymentMethodId ? 'stripe' : 'cash',
    customerNotes: input.customerNotes ?? null,
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
    quantity: l.line.quantity,
    unitPrice: l.unitPrice,
    variants: l.selection.variants,
    customizations: l.selection.customizations,
    subtotal: l.subtotal,
  }));
  return withTransaction(ctx, async (tx) => {
    // Tracked products in id order (every checkout locks rows in the same order: no deadlocks).
    const taken = new Map<string, number>();
    for (const l of lines) if (l.product.trackInventory) taken.set(l.product.id, (taken.get(l.product.id) ?? 0) + l.line.quantity);
    const stock = [...taken].sort(([a], [b]) => (a < b ? -1 : 1)).map(([productId, quantity]) => takeStock(tx.db, { productId, quantity }));
    const first = insertNumbered(tx, values, items, now, storefront.timezone);
    // Settled in the order they run, so the first failure is the cause (the rest only saw it abort).
    const settled = await Promise.allSettled([...stock, first]);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    if ((settled.slice(0, stock.length) as PromiseFulfilledResult<unknown[]>[]).some((r) => r.value.length === 0)) throw conflict(ORDER_MESSAGES.insufficient);
    let order = await first;
    for (let attempt = 1; !order && attempt < ORDER_NUMBER_ATTEMPTS; attempt++) order = await insertNumbered(tx, values, items, now, storefront.timezone);
    if (!order) throw new AppError('UNAVAILABLE', 'We could not number your order. Please try again.');
    // A cash order is placed now; a card order once it is paid (payForOrder).
    if (!input.paymentMethodId) await notifySellersOfNewOrder(tx, order, storefront);
    return { order, items };
  });
}

const p = sql.placeholder;

/** Takes `quantity` of an active product unless that would oversell it; no row when refused. */
const takeStock = prebuiltStatement<{ id: string }, { productId: string; quantity: number }>(sql`
  update ${products} set quantity = quantity - ${p('quantity')}::int
  where id = ${p('productId')}::uuid and status = 'active' and deleted = false and (allow_backorders or quantity >= ${p('quantity')}::int)
  returning id`);

type NewOrder = Pick<OrderRow, 'id' | 'customerId' | 'storefrontId' | 'subtotal' | 'tax' | 'shipping' | 'discount' | 'total' | 'status' | 'fulfillmentMethod' | 'shippingAddress' | 'paymentMethod' | 'customerNotes' | 'createdAt' | 'updatedAt'>;

/** The order and its lines in one statement; a taken order number writes neither (no row). */
const insertOrder = prebuiltStatement<{ id: string }, Record<keyof NewOrder | 'orderNumber' | 'lines', unknown>>(sql`
  with placed as (
    insert into ${orders} (id, order_number, customer_id, storefront_id, subtotal, tax, shipping, discount, total, status, fulfillment_method, shipping_address, payment_method, customer_notes, created_at, updated_at)
    values (${p('id')}::uuid, ${p('orderNumber')}, ${p('customerId')}::uuid, ${p('storefrontId')}::uuid, ${p('subtotal')}::int, ${p('tax')}::int, ${p('shipping')}::int,
      ${p('discount')}::int, ${p('total')}::int, ${p('status')}::order_status, ${p('fulfillmentMethod')}::fulfillment_method, ${p('shippingAddress')}::jsonb,
      ${p('paymentMethod')}::order_payment_method, ${p('customerNotes')}::text, ${p('createdAt')}::timestamptz, ${p('updatedAt')}::timestamptz)
    on conflict (order_number) do nothing
    returning id),
  lines as (
    insert into ${orderItems} (id, order_id, position, product_id, product_name, product_image, quantity, unit_price, variants, customizations, subtotal)
    select line.id, placed.id, line.position, line.product_id, line.product_name, line.product_image, line.quantity, line.unit_price, line.variants, line.customizations, line.subtotal
    from placed cross join jsonb_to_recordset(${p('lines')}::jsonb) as line (id uuid, position int, product_id uuid, product_name text, product_image text,
      quantity int, unit_price int, variants jsonb, customizations jsonb, subtotal int))
  select id from placed`);

/**
 * Inserts the order under a random ORD-yyyymmdd-#### with its lines; when the number is taken
 * (the unique index decides) neither is written: undefined.
 */
async function insertNumbered(tx: ServiceCtx, values: NewOrder, items: OrderItemRow[], now: Date, timezone: string): Promise<OrderRow | undefined> {
  const number = orderNumber(now, timezone, randomInt(10_000));
  const lines = items.map((i) => ({
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
  }));
  const [row] = await insertOrder(tx.db, {
    ...values,
    orderNumber: number,
    shippingAddress: values.shippingAddress && JSON.stringify(values.shippingAddress),
    createdAt: values.createdAt.toISOString(),
    updatedAt: values.updatedAt.toISOString(),
    lines: JSON.stringify(lines),
  });
  if (!row) return undefined;
  // The row as written: what the statement set, every other column at its default.
  return {
    ...values,
    orderNumber: number,
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
  };
}
