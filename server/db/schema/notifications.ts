import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { sessions, users } from './users';
import {
  DELIVERY_STATUS_VALUES,
  DEVICE_TYPE_VALUES,
  ESCALATION_PROFILE_VALUES,
  NOTIFICATION_CHANNEL_VALUES,
  NOTIFICATION_PRIORITY_VALUES,
  NOTIFICATION_STATUS_VALUES,
  NOTIFICATION_TYPE_VALUES,
  type NotificationChannel,
} from './notification-values';

// The value lists are pure so the client can import them without the ORM.
export * from './notification-values';

export const notificationType = pgEnum('notification_type', NOTIFICATION_TYPE_VALUES);
export const notificationChannel = pgEnum('notification_channel', NOTIFICATION_CHANNEL_VALUES);
export const notificationPriority = pgEnum('notification_priority', NOTIFICATION_PRIORITY_VALUES);
export const notificationStatus = pgEnum('notification_status', NOTIFICATION_STATUS_VALUES);
export const escalationProfile = pgEnum('escalation_profile', ESCALATION_PROFILE_VALUES);
export const deliveryStatus = pgEnum('notification_delivery_status', DELIVERY_STATUS_VALUES);
export const deviceType = pgEnum('device_type', DEVICE_TYPE_VALUES);

/** Free-form payload; deep-link ids (threadId, invitationId, eventId, bookingId, orderId) live here. */
export type NotificationData = Record<string, unknown>;

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType().notNull(),
    /** Channels after filtering by the user's preferences. */
    channels: text().array().$type<NotificationChannel[]>().notNull().default(sql`'{}'::text[]`),
    title: text().notNull(),
    body: text().notNull(),
    data: jsonb().$type<NotificationData>().notNull().default({}),
    priority: notificationPriority().notNull().default('normal'),
    status: notificationStatus().notNull().default('pending'),
    seen: boolean().notNull().default(false),
    seenAt: timestamptz(),
    scheduledFor: timestamptz().notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    escalationProfile: escalationProfile().notNull().default('normal'),
    escalationCancelled: boolean().notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamptz(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_user_unseen_idx')
      .on(t.userId, t.type)
      .where(sql`${t.seen} = false`),
    index('notifications_pending_idx')
      .on(t.scheduledFor)
      .where(sql`${t.status} = 'pending'`),
    index('notifications_expires_at_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

/** The per-channel status of a notification (spec's channelStatus), one row per notification × channel. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: id(),
    notificationId: uuid()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: notificationChannel().notNull(),
    status: deliveryStatus().notNull().default('pending'),
    scheduledFor: timestamptz().notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamptz(),
    createdAt: createdAt(),
    /** Touched on every state change; lets the dispatcher recover rows stuck in `sending`. */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_notification_channel_key').on(t.notificationId, t.channel),
    index('notification_deliveries_due_idx').on(t.status, t.scheduledFor),
    index('notification_deliveries_user_idx').on(t.userId),
  ],
);

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType().notNull(),
    channel: notificationChannel().notNull(),
    enabled: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.channel] })],
);

/** Web-push subscriptions (the spec's push token plus device info), one row per browser. */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session that registered the device. Ending that session (logout, revocation, password
     * change) deletes the device in the same statement, so a signed-out browser gets no pushes.
     */
    sessionId: text()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique('push_devices_endpoint_key'),
    p256dh: text().notNull(),
    auth: text().notNull(),
    deviceType: deviceType().notNull().default('desktop'),
    userAgent: text(),
    createdAt: createdAt(),
    refreshedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('push_devices_user_idx').on(t.userId), index('push_devices_session_idx').on(t.sessionId)],
);
