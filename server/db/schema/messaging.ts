import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { shops } from './studios';
import { users } from './users';

export type MessageAttachment = {
  type: 'image' | 'payment_request' | 'booking';
  url?: string;
  paymentRequestId?: string;
  /** For a payment request: { amount (cents), description }. */
  data?: Record<string, unknown>;
};

export const threads = pgTable(
  'threads',
  {
    id: id(),
    shopId: uuid().references(() => shops.id, { onDelete: 'set null' }),
    /** 'direct' by default; free text so new kinds need no migration. */
    kind: text().notNull().default('direct'),
    /**
     * Optional de-duplication key (e.g. sorted participant ids plus shop id) so two concurrent
     * "open thread" calls for the same people end on one thread.
     */
    dedupeKey: text().unique('threads_dedupe_key_key'),
    lastMessagePreview: text(),
    createdAt: createdAt(),
    lastUpdated: updatedAt(),
  },
  (t) => [index('threads_shop_updated_idx').on(t.shopId, t.lastUpdated.desc().nullsFirst()), index('threads_updated_idx').on(t.lastUpdated.desc().nullsFirst())],
);

export const threadParticipants = pgTable(
  'thread_participants',
  {
    threadId: uuid()
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamptz().notNull().defaultNow(),
    lastReadAt: timestamptz(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('thread_participants_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    threadId: uuid()
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull().default(''),
    readBy: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    attachments: jsonb().$type<MessageAttachment[]>().notNull().default([]),
    hasAttachments: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_thread_created_idx').on(t.threadId, t.createdAt.desc().nullsFirst()),
    // Which conversations a private photo was sent in (attachments @> [{url}]), asked when its file is served.
    index('messages_attachments_idx').using('gin', t.attachments.op('jsonb_path_ops')),
  ],
);
