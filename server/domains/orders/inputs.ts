import { z } from 'zod';
import { FULFILLMENT_METHOD_VALUES, ORDER_STATUS_VALUES } from '../../db/schema/storefronts';
import { US_STATES } from '../studios/rules';

// Checkout (/checkout/{storefrontId}) and order management share these schemas (spec 1 §3, §5).

export const ORDER_MESSAGES = {
  cartEmpty: 'Cart is empty',
  productNotFound: (id: string) => `Product not found: ${id}`,
  productUnavailable: (reason: string) => `Product unavailable: ${reason}`,
  insufficient: 'Insufficient inventory',
  paymentFailed: 'Payment processing failed',
  notFound: 'Order not found',
  cannotCancel: 'Order cannot be cancelled in current status',
  cannotMove: (from: string, to: string) => `Order cannot move from ${from} to ${to}`,
  sellersOnly: 'Only the storefront owner or its managers can do that',
  shippingDisabled: 'This storefront does not ship orders',
  pickupDisabled: 'This storefront does not offer local pickup',
  addressRequired: 'Shipping address is required',
  cardsDisabled: 'This storefront does not accept card payments',
  storefrontClosed: 'This storefront is not taking orders',
  /** Not the spec's: a storefront's day ran out of free ORD-yyyymmdd-#### numbers. */
  unnumbered: 'We could not number your order. Please try again.',
} as const;

export const ORDER_PAGE_SIZE = 20;
export const MAX_CART_LINES = 50;

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const shippingAddressInput = z.object({
  name: text('Name', 120),
  line1: text('Address', 200),
  line2: z.string().trim().max(200).optional(),
  city: text('City', 100),
  state: z.enum(US_STATES, { error: 'State is required' }),
  zipCode: text('Zip code', 10).regex(/^\d{5}(-\d{4})?$/, 'Zip code must be 5 digits'),
  country: z.literal('US').default('US'),
  phone: z.string().trim().max(30).optional(),
});

export const cartItemInput = z.object({
  productId: z.uuid({ error: 'Product not found' }),
  quantity: z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(1000, 'Quantity must be at most 1000'),
  variants: z.array(z.object({ variantId: z.string().max(64), optionId: z.string().max(64) })).max(10).default([]),
  customizations: z.array(z.object({ optionId: z.string().max(64), value: z.string().trim().max(200, 'Customization must be at most 200 characters') })).max(20).default([]),
});

export const checkoutInput = z
  .object({
    /**
     * Chosen by the checkout page once per attempt and sent again on a retry: it becomes the
     * order id, so a repeated submit resumes the same order and the same charge (never a second).
     */
    checkoutId: z.uuid().optional(),
    storefrontId: z.uuid({ error: 'Storefront not found' }),
    items: z.array(cartItemInput, { error: ORDER_MESSAGES.cartEmpty }).min(1, ORDER_MESSAGES.cartEmpty).max(MAX_CART_LINES, `A cart can have at most ${MAX_CART_LINES} lines`),
    fulfillmentMethod: z.enum(FULFILLMENT_METHOD_VALUES).default('shipping'),
    shippingAddress: shippingAddressInput.optional(),
    customerNotes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
    /** A card (pm_…) pays now; without one the order is a cash order, paid on pickup or delivery. */
    paymentMethodId: z.string().trim().min(1).max(255).optional(),
  })
  .refine((i) => i.fulfillmentMethod !== 'shipping' || i.shippingAddress, { message: ORDER_MESSAGES.addressRequired, path: ['shippingAddress'] });

export const orderIdInput = z.object({ orderId: z.uuid({ error: ORDER_MESSAGES.notFound }) });

export const cancelOrderInput = orderIdInput.extend({
  reason: z.string().trim().min(1, 'Please give a reason').max(500, 'Reason must be at most 500 characters'),
});

/** Statuses a seller sets directly; cancelling has its own call (restock and refund). */
export const SETTABLE_STATUSES = ['confirmed', 'processing', 'shipped', 'delivered', 'completed'] as const;
export const updateOrderStatusInput = orderIdInput.extend({
  status: z.enum(SETTABLE_STATUSES, { error: 'Use Cancel order to cancel an order' }),
  sellerNotes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
});

export const setTrackingInput = orderIdInput.extend({
  trackingNumber: text('Tracking number', 100),
  estimatedDelivery: z.date().optional(),
});

const status = z.enum(ORDER_STATUS_VALUES).optional();
const cursor = z.number().int().min(0).max(100_000).nullish();
export const myOrdersInput = z.object({ status, cursor }).default({});
export const storefrontOrdersInput = z.object({ storefrontId: z.uuid({ error: 'Storefront not found' }), status, cursor });
export const storefrontOrderStatsInput = z.object({ storefrontId: z.uuid({ error: 'Storefront not found' }) });

export type CheckoutInput = z.input<typeof checkoutInput>;

/** The buyer's browser, after its bank's 3-D Secure challenge: settle the order on the charge's outcome (decision 040). */
export const completeOrderPaymentInput = orderIdInput.extend({ paymentIntentId: z.string().trim().min(1, 'Payment not found').max(255, 'Payment not found') });
