import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { orders } from '../../../db/schema';
import { type ServiceCtx, requireUser } from '../../../service-context';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../../lib/errors';
import { availability, resolveSelection, unitPrice } from '../../products/rules';
import { loadStorefront, type StorefrontRow } from '../../storefronts/access';
import { requireCardPayoutAccount } from '../../storefronts/payout-account';
import { itemsOf } from '../access';
import { type checkoutInput, ORDER_MESSAGES } from '../inputs';
import { type OrderRow, toOrder } from '../views';
import { type CartProduct, loadCheckoutCart } from './checkout-cart';
import { type OrderPayment, payForOrder } from './payment';
import { type Placed, type PlacedLine, placeOrder } from './place-order';

type Input = z.output<typeof checkoutInput>;
type CartLine = Input['items'][number];

/**
 * Spec 1 §4/§5 checkout of one storefront's cart. Every price comes from the database; stock is
 * taken under row locks in the transaction that writes the pending order (placeOrder), so
 * concurrent buyers cannot oversell. A card is charged after that commit (never inside a
 * transaction, so a slow provider holds no locks); a decline releases the order in the same
 * request (cancelled with its payment failure, the stock back). `checkoutId` makes a repeated
 * submit resume the same order and the same charge.
 */
export async function checkout({ ctx, input }: { ctx: ServiceCtx; input: Input }) {
  const user = requireUser(ctx);
  if (input.checkoutId) {
    const [existing] = await ctx.db.select().from(orders).where(eq(orders.id, input.checkoutId)).limit(1);
    if (existing) return resumeCheckout(ctx, existing, user.id, input.paymentMethodId);
  }
  const { storefront, products: rows } = await loadCheckoutCart(ctx.db, input.storefrontId, [
    ...new Set(input.items.map((i) => i.productId)),
  ]);
  refuseUnsupported(storefront, input);
  // Checked before anything is written: a seller who cannot be paid takes no card order (decision 038).
  const payoutAccountId = input.paymentMethodId ? await requireCardPayoutAccount(ctx, storefront) : null;
  const lines = priceCart(input.items, new Map(rows.map((r) => [r.id, r])));
  let placed: Placed;
  try {
    placed = await placeOrder(
      ctx,
      storefront,
      {
        checkoutId: input.checkoutId,
        customerId: user.id,
        fulfillmentMethod: input.fulfillmentMethod,
        shippingAddress: input.fulfillmentMethod === 'shipping' ? (input.shippingAddress ?? null) : null,
        customerNotes: input.customerNotes ?? null,
        payoutAccountId,
      },
      lines,
    );
  } catch (error) {
    // The same checkoutId submitted twice at once: the other request placed it; resume that one.
    if (input.checkoutId && isUniqueViolation(error)) {
      const [existing] = await ctx.db.select().from(orders).where(eq(orders.id, input.checkoutId)).limit(1);
      if (existing) return resumeCheckout(ctx, existing, user.id, input.paymentMethodId);
    }
    throw error;
  }
  const paid = input.paymentMethodId
    ? await payForOrder(ctx, placed.order, storefront, input.paymentMethodId)
    : { order: placed.order, nextAction: null };
  return { ...toOrder(paid.order, placed.items), nextAction: paid.nextAction };
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
  // An attempt whose charge failed was released: it keeps its answer (the page starts a new attempt).
  if (order.paymentFailure !== null) throw new AppError('PRECONDITION_FAILED', ORDER_MESSAGES.paymentFailed);
  let current: OrderPayment = { order, nextAction: null };
  if (order.status === 'pending' && order.paymentMethod === 'stripe' && !order.paidAt) {
    if (!paymentMethodId) throw new AppError('PRECONDITION_FAILED', ORDER_MESSAGES.paymentFailed);
    current = await payForOrder(ctx, order, await loadStorefront(ctx.db, order.storefrontId), paymentMethodId);
  }
  return { ...toOrder(current.order, await itemsOf(ctx, current.order)), nextAction: current.nextAction };
}

/** Server-side pricing of the cart: products of this storefront only, the spec's messages on refusal. */
function priceCart(lines: CartLine[], byId: Map<string, CartProduct>): PlacedLine[] {
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
    return {
      product,
      quantity: line.quantity,
      unitPrice: price,
      subtotal: price * line.quantity,
      variants: selection.variants,
      customizations: selection.customizations,
    };
  });
}
