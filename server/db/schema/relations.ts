import { relations } from 'drizzle-orm';
import { artists } from './artists';
import { messages, threadParticipants, threads } from './messaging';
import { notificationDeliveries, notifications } from './notifications';
import { paymentRequests, paymentTransactions } from './payments';
import { orderItems, orders, products, storefronts } from './storefronts';
import { shopInvitations, shopUsers, shops } from './studios';
import { users } from './users';

// Relations for `db.query.*.findMany({ with })`; they add no SQL constraints.

export const shopsRelations = relations(shops, ({ one, many }) => ({
  owner: one(users, { fields: [shops.ownerId], references: [users.id] }),
  shopUsers: many(shopUsers),
  invitations: many(shopInvitations),
}));

export const shopUsersRelations = relations(shopUsers, ({ one }) => ({
  shop: one(shops, { fields: [shopUsers.shopId], references: [shops.id] }),
  user: one(users, { fields: [shopUsers.userId], references: [users.id] }),
}));

export const shopInvitationsRelations = relations(shopInvitations, ({ one }) => ({
  shop: one(shops, { fields: [shopInvitations.shopId], references: [shops.id] }),
}));

export const artistsRelations = relations(artists, ({ one }) => ({
  user: one(users, { fields: [artists.userId], references: [users.id] }),
}));

export const storefrontsRelations = relations(storefronts, ({ many }) => ({
  products: many(products),
  orders: many(orders),
}));

export const productsRelations = relations(products, ({ one }) => ({
  storefront: one(storefronts, { fields: [products.storefrontId], references: [storefronts.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  storefront: one(storefronts, { fields: [orders.storefrontId], references: [storefronts.id] }),
  customer: one(users, { fields: [orders.customerId], references: [users.id] }),
  items: many(orderItems),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderItems.productId], references: [products.id] }),
}));

export const notificationsRelations = relations(notifications, ({ many }) => ({
  deliveries: many(notificationDeliveries),
}));

export const notificationDeliveriesRelations = relations(notificationDeliveries, ({ one }) => ({
  notification: one(notifications, {
    fields: [notificationDeliveries.notificationId],
    references: [notifications.id],
  }),
}));

export const threadsRelations = relations(threads, ({ one, many }) => ({
  shop: one(shops, { fields: [threads.shopId], references: [shops.id] }),
  participants: many(threadParticipants),
  messages: many(messages),
}));

export const threadParticipantsRelations = relations(threadParticipants, ({ one }) => ({
  thread: one(threads, { fields: [threadParticipants.threadId], references: [threads.id] }),
  user: one(users, { fields: [threadParticipants.userId], references: [users.id] }),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  thread: one(threads, { fields: [messages.threadId], references: [threads.id] }),
  sender: one(users, { fields: [messages.senderId], references: [users.id] }),
}));

export const paymentRequestsRelations = relations(paymentRequests, ({ many }) => ({
  transactions: many(paymentTransactions),
}));

export const paymentTransactionsRelations = relations(paymentTransactions, ({ one }) => ({
  paymentRequest: one(paymentRequests, {
    fields: [paymentTransactions.paymentRequestId],
    references: [paymentRequests.id],
  }),
}));
