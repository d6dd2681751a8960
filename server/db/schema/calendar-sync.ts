import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bookingStatus, bookings } from './booking';
import { timestamptz, updatedAt } from './columns';
import { users } from './users';

// Google Calendar sync. The user's integration entry (id, provider, isActive, updatedAt) lives in
// users.calendar_integrations as the spec says; the credentials behind it live here, never on the
// user row, so no profile read can carry them to a browser.

/** One Google connection per user: the tokens (sealed with AES-256-GCM) behind the integration entry. */
export const googleCalendarAccounts = pgTable('google_calendar_accounts', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The id of the entry in users.calendar_integrations this connection belongs to. */
  integrationId: text().notNull(),
  googleEmail: text(),
  calendarId: text().notNull().default('primary'),
  refreshToken: text().notNull(),
  accessToken: text(),
  accessTokenExpiresAt: timestamptz(),
  /** Sessions that ended before the connection are not pushed. */
  connectedAt: timestamptz().notNull(),
  lastSyncedAt: timestamptz(),
  /** Why the connection stopped working (access revoked at Google), shown on /calendar. */
  lastError: text(),
  updatedAt: updatedAt(),
});

/**
 * What one user's Google calendar holds for one booking. A row whose pushed_* columns differ from
 * the booking is due for a push; the job claims due rows with FOR UPDATE SKIP LOCKED and a lease
 * (next_attempt_at), so several server processes push each change once.
 */
export const googleCalendarEvents = pgTable(
  'google_calendar_events',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Chosen by us (base32hex, from the booking id), so a retried insert cannot make a twin. */
    googleEventId: text().notNull(),
    /** Null until the first push. */
    pushedStatus: bookingStatus(),
    pushedStartsAt: timestamptz(),
    pushedEndsAt: timestamptz(),
    pushedTitle: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookingId] }),
    index('google_calendar_events_due_idx').on(t.nextAttemptAt),
    index('google_calendar_events_booking_idx').on(t.bookingId),
    index('google_calendar_events_failing_idx')
      .on(t.userId)
      .where(sql`${t.lastError} is not null`),
  ],
);
