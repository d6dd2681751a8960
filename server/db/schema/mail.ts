import { index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';

export const mailStatus = pgEnum('mail_status', ['pending', 'sending', 'sent', 'stored', 'failed', 'cancelled']);

export type MailAttachment = { filename: string; content: string; contentType: string };

/**
 * Every e-mail is written here in the transaction that causes it and delivered by the mail job:
 * over SMTP when SMTP_URL is set, otherwise kept here (status `stored`) and logged.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    attachments: jsonb().$type<MailAttachment[]>().notNull().default([]),
    status: mailStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamptz(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text().notNull(),
  email: text().notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  userId: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
