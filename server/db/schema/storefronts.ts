import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, softDelete, timestamptz, updatedAt } from './columns';
import { ACCOUNT_TYPE_VALUES, type AccountType, accountType } from './images';
import { users } from './users';

// ---------------------------------------------------------------------------------------------
// Enumerations and JSON shapes
// ---------------------------------------------------------------------------------------------

/** Storefront owner: a user or a shop (studio). Same pg enum as images.account_type. */
export const STOREFRONT_OWNER_TYPE_VALUES = ACCOUNT_TYPE_VALUES;
export type StorefrontOwnerType = AccountType;

export type StorefrontSettings = {
  acceptsPayments: boolean;
  shippingEnabled: boolean;
  localPickupEnabled: boolean;
  customOrdersEnabled: boolean;
  processingTimeBusinessDays: number;
  /** Tax rate in basis points: 8.25% = 825. */
  taxRateBps: number;
  /** Flat shipping charge in cents. */
  shippingRate: number;
  /** Subtotal in cents from which shipping is free; 0 = never free. */
  freeShippingThreshold: number;
};

/** Spec 1 §9 storefront defaults. */
export const DEFAULT_STOREFRONT_SETTINGS: StorefrontSettings = {
  acceptsPayments: true,
  shippingEnabled: true,
  localPickupEnabled: true,
  customOrdersEnabled: false,
  processingTimeBusinessDays: 3,
  taxRateBps: 0,
  shippingRate: 0,
  freeShippingThreshold: 0,
};

export const PRODUCT_STATUS_VALUES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUS_VALUES)[number];
export const productStatus = pgEnum('product_status', PRODUCT_STATUS_VALUES);

export type ProductVariantOption = { id: string; name: string; /** cents, may be negative */ priceModifier: number };
export type ProductVariant = { id: string; name: string; options: ProductVariantOption[] };
export type ProductCustomizationOption = { id: string; name: string; /** cents */ priceModifier: number };

export const ORDER_STATUS_VALUES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'completed',
] as const;
export type OrderStatus = (typeof ORDER_STATUS_VALUES)[number];
export const orderStatus = pgEnum('order_status', ORDER_STATUS_VALUES);
/** Statuses whose totals count toward revenue (spec 1 §4). */
export const REVENUE_ORDER_STATUSES = ['confirmed', 'processing', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];
/** Statuses from which an order may be cancelled. */
export const CANCELLABLE_ORDER_STATUSES = ['pending', 'confirmed'] as const satisfies readonly OrderStatus[];

export const FULFILLMENT_METHOD_VALUES = ['shipping', 'pickup'] as const;
export type FulfillmentMethod = (typeof FULFILLMENT_METHOD_VALUES)[number];
export const fulfillmentMethod = pgEnum('fulfillment_method', FULFILLMENT_METHOD_VALUES);

export const ORDER_PAYMENT_METHOD_VALUES = ['stripe', 'cash'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHOD_VALUES)[number];
export const orderPaymentMethod = pgEnum('order_payment_method', ORDER_PAYMENT_METHOD_VALUES);

export type ShippingAddress = {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zipCode: string;
  country?: string;
  phone?: string;
};

/** A variant choice on an order line. */
export type OrderItemVariant = {
  variantId: string;
  variantName: string;
  optionId: string;
  optionName: string;
  /** cents */
  priceModifier: number;
};
export type OrderItemCustomization = {
  optionId: string;
  optionName: string;
  value: string;
  /** cents */
  priceModifier: number;
};

// ---------------------------------------------------------------------------------------------
// storefronts
// ---------------------------------------------------------------------------------------------

export const storefronts = pgTable(
  'storefronts',
  {
    id: id(),
    /** A user id or a shop id (see ownerType); no foreign key for that reason. */
    ownerId: uuid().notNull(),
    ownerType: accountType().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    verified: boolean().notNull().default(false),
    featured: boolean().notNull().default(false),
    boost: integer().notNull().default(0),
    settings: jsonb().$type<StorefrontSettings>().notNull().default(DEFAULT_STOREFRONT_SETTINGS),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete,
  },
  (t) => [
    uniqueIndex('storefronts_owner_key')
      .on(t.ownerId, t.ownerType)
      .where(sql`${t.deleted} = false`),
    index('storefronts_active_updated_idx').on(t.isActive, t.updatedAt.desc().nullsFirst()),
    index('storefronts_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('storefronts_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    // Descriptions can exceed a btree entry, so their prefix search uses trigrams.
    index('storefronts_description_trgm_idx').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
  ],
);

// ---------------------------------------------------------------------------------------------
// products
// ---------------------------------------------------------------------------------------------

export const products = pgTable(
  'products',
  {
    id: id(),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** cents, > 0 */
    price: integer().notNull(),
    category: text(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    featured: boolean().notNull().default(false),
    status: productStatus().notNull().default('draft'),
    trackInventory: boolean().notNull().default(false),
    /** May go below 0 only when backorders are allowed. */
    quantity: integer().notNull().default(0),
    lowStockThreshold: integer().notNull().default(5),
    allowBackorders: boolean().notNull().default(false),
    variants: jsonb().$type<ProductVariant[]>().notNull().default([]),
    customizationOptions: jsonb().$type<ProductCustomizationOption[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete,
  },
  (t) => [
    index('products_storefront_status_idx').on(t.storefrontId, t.status),
    index('products_status_featured_idx').on(t.status, t.featured),
    index('products_price_idx').on(t.price),
    index('products_tags_idx').using('gin', t.tags),
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('products_description_trgm_idx').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
    // Public listings (active, not deleted) newest first: the storefront grid and the marketplace.
    index('products_public_storefront_idx')
      .on(t.storefrontId, t.createdAt.desc(), t.id)
      .where(sql`${t.status} = 'active' and ${t.deleted} = false`),
    index('products_public_created_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.status} = 'active' and ${t.deleted} = false`),
    // Tracked products per storefront, for its low-stock list. Quantity stays out of every index
    // (and index predicate), so a checkout's stock update can be a HOT update: no index entries,
    // above all none in the trigram GIN indexes, for each order.
    index('products_tracked_idx')
      .on(t.storefrontId)
      .where(sql`${t.trackInventory} = true and ${t.deleted} = false`),
    check('products_price_positive', sql`${t.price} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// orders
// ---------------------------------------------------------------------------------------------

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** ORD-{yyyymmdd}-{4 random digits}, unique in its storefront; the service draws again on collision. */
    orderNumber: text().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'restrict' }),
    subtotal: cents(),
    tax: cents(),
    shipping: cents(),
    discount: cents(),
    total: cents(),
    status: orderStatus().notNull().default('pending'),
    fulfillmentMethod: fulfillmentMethod().notNull().default('shipping'),
    shippingAddress: jsonb().$type<ShippingAddress>(),
    trackingNumber: text(),
    estimatedDelivery: timestamptz(),
    actualDelivery: timestamptz(),
    paymentMethod: orderPaymentMethod().notNull().default('cash'),
    /** Payment provider's payment intent id (spec: stripePaymentIntentId). */
    paymentIntentId: text(),
    paidAt: timestamptz(),
    refundedAt: timestamptz(),
    /** cents */
    refundAmount: integer(),
    refundReason: text(),
    /**
     * Why the card charge of this order failed (the provider's words). Such an order is released:
     * cancelled, its stock given back, and soft-deleted (nobody sees an order that was not
     * created); the row stays as the record of the attempt (decision 017).
     */
    paymentFailure: text(),
    /**
     * A card order's destination charge (decision 038): the seller's payout account (acct_…) and
     * the platform's application fee in cents, fixed when the order is placed so a resumed charge
     * repeats the same request. Null for cash orders (and card orders from before decision 038).
     */
    payoutAccountId: text(),
    applicationFee: integer(),
    customerNotes: text(),
    sellerNotes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete,
  },
  (t) => [
    // A storefront's own numbers: ORD-{day}-{4 digits} gives 10,000 a day, which would cap the
    // whole platform if shared (decision 014).
    uniqueIndex('orders_storefront_order_number_key').on(t.storefrontId, t.orderNumber),
    index('orders_storefront_created_idx').on(t.storefrontId, t.createdAt.desc().nullsFirst()),
    index('orders_storefront_status_idx').on(t.storefrontId, t.status),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt.desc().nullsFirst()),
    // total is a key column so the analytics windows are summed by an index-only scan.
    index('orders_revenue_idx')
      .on(t.storefrontId, t.createdAt, t.total)
      .where(
        sql`${t.status} in ('confirmed', 'processing', 'shipped', 'delivered') and ${t.deleted} = false`,
      ),
    index('orders_payment_intent_idx').on(t.paymentIntentId),
    // The reconcile job's look for card orders still pending (a handful) among all orders.
    index('orders_pending_card_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.paymentMethod} = 'stripe' and ${t.paidAt} is null`),
    check(
      'orders_amounts_non_negative',
      sql`${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.shipping} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0`,
    ),
    // The platform's cut is part of what the buyer paid, never more, and comes with its destination.
    check(
      'orders_application_fee_bounds',
      sql`${t.applicationFee} is null or (${t.payoutAccountId} is not null and ${t.applicationFee} >= 0 and ${t.applicationFee} <= ${t.total})`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null if the product row was later hard-deleted; name and image are snapshots. */
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    productName: text().notNull(),
    productImage: text(),
    quantity: integer().notNull(),
    /** cents, with variant and customization modifiers applied */
    unitPrice: integer().notNull(),
    variants: jsonb().$type<OrderItemVariant[]>().notNull().default([]),
    customizations: jsonb().$type<OrderItemCustomization[]>().notNull().default([]),
    /** cents = unitPrice × quantity */
    subtotal: integer().notNull(),
    /** The line's place in the cart, so an order lists its lines as they were bought. */
    position: integer().notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_amounts_non_negative', sql`${t.unitPrice} >= 0 and ${t.subtotal} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Running aggregates for the storefront analytics panel
// ---------------------------------------------------------------------------------------------
// Kept by statement-level triggers on orders and order_items (migration 0012), so every write
// path (checkout, transitions, seeds, admin tools) keeps them exact without application code,
// and a storefront with a million orders answers counts and top products from a few rows.

/** Orders and their summed totals per storefront and status (deleted orders not counted). */
export const storefrontOrderStats = pgTable(
  'storefront_order_stats',
  {
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    status: orderStatus().notNull(),
    orderCount: bigint({ mode: 'number' }).notNull().default(0),
    /** cents */
    totalSum: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.status] })],
);

/** Units and revenue per product over orders in a revenue status (confirmed … delivered). */
export const productSales = pgTable(
  'product_sales',
  {
    productId: uuid()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    unitsSold: bigint({ mode: 'number' }).notNull().default(0),
    /** cents */
    revenue: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [index('product_sales_storefront_revenue_idx').on(t.storefrontId, t.revenue.desc())],
);

/**
 * Revenue per storefront and UTC hour over orders in a revenue status, by creation time (migration
 * 0019). The analytics windows (today, last 7 days, this month) sum whole hours here, at most 744
 * rows, and read raw orders only for their partial first and last hours.
 */
export const storefrontHourlyRevenue = pgTable(
  'storefront_hourly_revenue',
  {
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id, { onDelete: 'cascade' }),
    /** The start of the UTC hour. */
    hour: timestamptz().notNull(),
    /** cents */
    totalSum: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.hour] })],
);
