import type { FulfillmentMethod, OrderStatus, StorefrontSettings } from '../../db/schema/storefronts';

export type { FulfillmentMethod, OrderStatus };
import { roundCents } from '../../lib/money';
import { wallTimeOf } from '../../lib/timezone';

// Pure rules of orders (spec 1 §4, §5, §9): amounts, transitions, order numbers. The checkout
// page shows the same totals by calling orderAmounts.

export type OrderAmounts = { subtotal: number; tax: number; shipping: number; discount: number; total: number };
type AmountSettings = Pick<StorefrontSettings, 'taxRateBps' | 'shippingRate' | 'freeShippingThreshold'>;

/**
 * Spec 1 §5: tax is taxRate percent of the subtotal (rounded to the cent); shipping only for
 * shipped orders, at the flat rate unless the subtotal reaches the free-shipping threshold (0 =
 * never free); discount 0 for now; total never below 0.
 */
export function orderAmounts(subtotal: number, settings: AmountSettings, method: FulfillmentMethod): OrderAmounts {
  const tax = roundCents((subtotal * settings.taxRateBps) / 10_000);
  const freeShipping = settings.freeShippingThreshold > 0 && subtotal >= settings.freeShippingThreshold;
  const shipping = method === 'shipping' && !freeShipping ? settings.shippingRate : 0;
  const discount = 0;
  return { subtotal, tax, shipping, discount, total: Math.max(0, subtotal + tax + shipping - discount) };
}

/**
 * Every legal move of an order (spec 1 §4); anything else is refused. Cancelling is only from
 * pending or confirmed. "Setting a tracking number for the first time moves the order to shipped":
 * from confirmed, processing, and from pending for a cash order (paid at pickup or on delivery, so
 * it is never confirmed by a payment). An unpaid card order is neither confirmed nor shipped by hand
 * (see awaitingCardPayment; the SQL guard in transitions.ts says the same).
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'shipped', 'cancelled'],
  confirmed: ['processing', 'shipped', 'cancelled'],
  processing: ['shipped'],
  shipped: ['delivered'],
  delivered: ['completed'],
  completed: [],
  cancelled: [],
  refunded: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

/** Moves a seller makes only once the money is settled: a pending card order waits for its charge. */
export const PAID_MOVES: readonly OrderStatus[] = ['confirmed', 'shipped'];

type PaymentState = { status: OrderStatus; paymentMethod: 'stripe' | 'cash'; paidAt: Date | null };

/** A card order whose charge has not gone through yet: it may only be cancelled. */
export const awaitingCardPayment = (order: PaymentState) =>
  order.status === 'pending' && order.paymentMethod === 'stripe' && order.paidAt === null;

/** Where this order may go next, for its payment too (the seller's buttons; the server guards the same in SQL). */
export const nextStatuses = (order: PaymentState): OrderStatus[] =>
  ORDER_TRANSITIONS[order.status].filter((to) => !(awaitingCardPayment(order) && PAID_MOVES.includes(to)));

/** The statuses an order may be in to move to `to` (the SQL guard of a transition). */
export const sourcesOf = (to: OrderStatus): OrderStatus[] =>
  (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => ORDER_TRANSITIONS[from].includes(to));

/** The calendar date (yyyymmdd) of an instant in a timezone. */
export function localDateDigits(at: Date, timezone: string): string {
  // Through the calendar's cached formatters: building an Intl.DateTimeFormat per order cost ~3% of a checkout's CPU.
  const { year, month, day } = wallTimeOf(at, timezone);
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/** Spec 1 §9: ORD-{yyyymmdd}-{4 random digits}; `digits` is a random integer in [0, 9999]. */
export function orderNumber(at: Date, timezone: string, digits: number): string {
  return `ORD-${localDateDigits(at, timezone)}-${String(digits).padStart(4, '0')}`;
}

export const ORDER_NUMBER_PATTERN = /^ORD-\d{8}-\d{4}$/;

// The words for an order's status, as its people read them. A pickup order moves through the same
// statuses as a shipped one (spec 1 §4), but nothing is shipped or delivered: "shipped" is the
// seller saying it is ready at the counter, "delivered" that the customer collected it.

const PICKUP_WORDS: Partial<Record<OrderStatus, string>> = { shipped: 'ready for pickup', delivered: 'picked up' };
const PICKUP_LABELS: Partial<Record<OrderStatus, string>> = { shipped: 'Ready for Pickup', delivered: 'Picked Up' };

const NOTICE_WORDS: Record<OrderStatus, string> = {
  pending: 'placed',
  confirmed: 'confirmed',
  processing: 'being prepared',
  shipped: 'shipped',
  delivered: 'delivered',
  completed: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

/** The status in a sentence ("Your order … is ready for pickup."). */
const statusWords = (status: OrderStatus, method: FulfillmentMethod) =>
  (method === 'pickup' ? PICKUP_WORDS[status] : undefined) ?? NOTICE_WORDS[status];

/** The status on a chip or a button: "Shipped", "Ready for Pickup". */
export const statusLabel = (status: OrderStatus, method: FulfillmentMethod) =>
  (method === 'pickup' ? PICKUP_LABELS[status] : undefined) ?? status.charAt(0).toUpperCase() + status.slice(1);

/** The customer's notification text for an order's new status. */
export function statusNotice(orderNumber: string, status: OrderStatus, method: FulfillmentMethod) {
  const words = statusWords(status, method);
  return { title: `Order ${words}`, body: `Your order ${orderNumber} is ${words}.` };
}
