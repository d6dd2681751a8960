import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orderItems, orders, products } from '../../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../../lib/context';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../../lib/errors';
import { availability, resolveSelection, unitPrice } from '../../products/rules';
import type { ProductRow } from '../../products/views';
import { loadStorefront, loadStorefrontWithTimezone, type StorefrontRow } from '../../storefronts/access';
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
  const storefront = await loadStorefrontWithTimezone(ctx.db, input.storefrontId);
  refuseUnsupported(storefront, input);
  let placed: Placed;
  try {
    placed = await placeOrder(ctx, storefront, input, user.id);
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

/** One transaction: take the stock (guarded), write the pending order and its lines. */
async function placeOrder(ctx: ServiceCtx, storefront: StorefrontRow & { timezone: string }, input: Input, customerId: string): Promise<Placed> {
  const now = ctx.deps.clock.now();
  return withTransaction(ctx, async (tx) => {
    const ids = [...new Set(input.items.map((i) => i.productId))];
    const rows = await tx.db
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.storefrontId, storefront.id), eq(products.deleted, false)));
    const lines = priceCart(input.items, new Map(rows.map((r) => [r.id, r])));

    // Tracked products in id order (every checkout locks rows in the same order: no deadlocks).
    const taken = new Map<string, number>();
    for (const l of lines) if (l.product.trackInventory) taken.set(l.product.id, (taken.get(l.product.id) ?? 0) + l.line.quantity);
    for (const [productId, quantity] of [...taken].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const [updated] = await tx.db
        .update(products)
        .set({ quantity: sql`${products.quantity} - ${quantity}` })
        .where(
          and(
            eq(products.id, productId),
            eq(products.status, 'active'),
            eq(products.deleted, false),
            sql`(${products.allowBackorders} or ${products.quantity} >= ${quantity})`,
          ),
        )
        .returning({ id: products.id });
      if (!updated) throw conflict(ORDER_MESSAGES.insufficient);
    }

    const amounts = orderAmounts(
      lines.reduce((sum, l) => sum + l.subtotal, 0),
      storefront.settings,
      input.fulfillmentMethod,
    );
    const order = await insertWithFreeNumber(tx, {
      id: input.checkoutId ?? randomUUID(),
      customerId,
      storefrontId: storefront.id,
      ...amounts,
      status: 'pending' as const,
      fulfillmentMethod: input.fulfillmentMethod,
      shippingAddress: input.fulfillmentMethod === 'shipping' ? (input.shippingAddress ?? null) : null,
      paymentMethod: input.paymentMethodId ? ('stripe' as const) : ('cash' as const),
      customerNotes: input.customerNotes ?? null,
      createdAt: now,
      updatedAt: now,
    }, now, storefront.timezone);
    const items = await tx.db.insert(orderItems).values(
      lines.map((l, position) => ({
        orderId: order.id,
        position,
        productId: l.product.id,
        productName: l.product.name,
        productImage: l.product.images[0] ?? null,
        quantity: l.line.quantity,
        unitPrice: l.unitPrice,
        variants: l.selection.variants,
        customizations: l.selection.customizations,
        subtotal: l.subtotal,
      })),
    ).returning();
    // A cash order is placed now; a card order once it is paid (payForOrder).
    if (!input.paymentMethodId) await notifySellersOfNewOrder(tx, order, storefront);
    return { order, items };
  });
}

/** Inserts the order under a random ORD-yyyymmdd-#### not yet taken (the unique index decides). */
async function insertWithFreeNumber(tx: ServiceCtx, values: Omit<typeof orders.$inferInsert, 'orderNumber'>, now: Date, timezone: string): Promise<OrderRow> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const [row] = await tx.db
      .insert(orders)
      .values({ ...values, orderNumber: orderNumber(now, timezone, randomInt(10_000)) })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning();
    if (row) return row;
  }
  throw new AppError('UNAVAILABLE', 'We could not number your order. Please try again.');
}
