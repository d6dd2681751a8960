import type { orderItems, orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** An order as its customer and its sellers see it (spec 1 §3: fulfillment and payment grouped). */
export function toOrder(row: OrderRow, items: OrderItemRow[]) {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    customerId: row.customerId,
    storefrontId: row.storefrontId,
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      productName: i.productName,
      productImage: i.productImage,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      variants: i.variants,
      customizations: i.customizations,
      subtotal: i.subtotal,
    })),
    subtotal: row.subtotal,
    tax: row.tax,
    shipping: row.shipping,
    discount: row.discount,
    total: row.total,
    status: row.status,
    fulfillment: {
      method: row.fulfillmentMethod,
      shippingAddress: row.shippingAddress,
      trackingNumber: row.trackingNumber,
      estimatedDelivery: row.estimatedDelivery,
      actualDelivery: row.actualDelivery,
    },
    payment: {
      method: row.paymentMethod,
      stripePaymentIntentId: row.paymentIntentId,
      paidAt: row.paidAt,
      refundedAt: row.refundedAt,
      refundAmount: row.refundAmount,
      refundReason: row.refundReason,
    },
    customerNotes: row.customerNotes,
    sellerNotes: row.sellerNotes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type Order = ReturnType<typeof toOrder>;

/** A row of an order list (no lines). */
export function toOrderSummary(row: OrderRow) {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    customerId: row.customerId,
    storefrontId: row.storefrontId,
    total: row.total,
    status: row.status,
    fulfillmentMethod: row.fulfillmentMethod,
    paymentMethod: row.paymentMethod,
    trackingNumber: row.trackingNumber,
    createdAt: row.createdAt,
  };
}
