import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  BOOKING_REQUEST_STATUS_VALUES,
  BOOKING_STATUS_VALUES,
  CONFIRMATION_MODE_VALUES,
  DEPOSIT_POLICY_VALUES,
  DEPOSIT_STATUS_VALUES,
  SERVICE_KIND_VALUES,
  type SignedConsent,
} from './booking-values';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { threads } from './messaging';
import type { OpeningHours } from './studios';
import { shops } from './studios';
import { users } from './users';

// Booking: an artist's booking settings, request-first intake, and the booked sessions. Whether an
// artist's books are open is `artists.books_open` (shown on the profile and as a search filter).

export const depositPolicy = pgEnum('deposit_policy', DEPOSIT_POLICY_VALUES);
export const confirmationMode = pgEnum('confirmation_mode', CONFIRMATION_MODE_VALUES);
export const bookingServiceKind = pgEnum('booking_service_kind', SERVICE_KIND_VALUES);
export const bookingRequestStatus = pgEnum('booking_request_status', BOOKING_REQUEST_STATUS_VALUES);
export const bookingStatus = pgEnum('booking_status', BOOKING_STATUS_VALUES);
export const depositStatus = pgEnum('deposit_status', DEPOSIT_STATUS_VALUES);

/** One row per artist (user); absent = the defaults of rules.ts. */
export const artistBookingSettings = pgTable(
  'artist_booking_settings',
  {
    artistId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bufferMinutes: integer().notNull().default(15),
    depositPolicy: depositPolicy().notNull().default('none'),
    /** cents, for the fixed policy */
    depositFixedCents: integer().notNull().default(0),
    /** percent of the quote's estimate, for the percent policy */
    depositPercent: integer().notNull().default(0),
    freeReschedules: integer().notNull().default(1),
    /** Inside this many hours before a session a cancellation forfeits the deposit. */
    rescheduleNoticeHours: integer().notNull().default(48),
    confirmationMode: confirmationMode().notNull().default('automatic'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('artist_booking_settings_buffer_range', sql`${t.bufferMinutes} between 0 and 240`),
    check('artist_booking_settings_deposit_fixed_min', sql`${t.depositFixedCents} >= 0`),
    check('artist_booking_settings_deposit_percent_range', sql`${t.depositPercent} between 0 and 100`),
    check('artist_booking_settings_reschedules_min', sql`${t.freeReschedules} >= 0 and ${t.rescheduleNoticeHours} >= 0`),
  ],
);

/** An artist's weekly hours at one studio, in the studio's timezone; absent = the studio's opening hours. */
export const artistWorkingHours = pgTable(
  'artist_working_hours',
  {
    artistId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    hours: jsonb().$type<OpeningHours>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.artistId, t.shopId] })],
);

export const artistTimeOff = pgTable(
  'artist_time_off',
  {
    id: id(),
    artistId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamptz().notNull(),
    endsAt: timestamptz().notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [index('artist_time_off_artist_idx').on(t.artistId, t.startsAt), check('artist_time_off_ordered', sql`${t.endsAt} > ${t.startsAt}`)],
);

/** What a client can book: a consultation, tattoo sessions of set lengths, flash at its price. */
export const bookingServices = pgTable(
  'booking_services',
  {
    id: id(),
    artistId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: bookingServiceKind().notNull(),
    name: text().notNull(),
    durationMinutes: integer().notNull(),
    /** cents; null = quoted per request */
    price: integer(),
    flashImageId: uuid(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('booking_services_artist_idx').on(t.artistId),
    check('booking_services_duration_range', sql`${t.durationMinutes} between 15 and 720`),
    check('booking_services_price_min', sql`${t.price} is null or ${t.price} >= 0`),
  ],
);

export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid().references(() => shops.id, { onDelete: 'set null' }),
    threadId: uuid().references(() => threads.id, { onDelete: 'set null' }),
    serviceId: uuid().references(() => bookingServices.id, { onDelete: 'set null' }),
    idea: text().notNull(),
    placement: text().notNull(),
    size: text().notNull(),
    style: text(),
    /** cents */
    budget: integer(),
    referenceImageIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    status: bookingRequestStatus().notNull().default('pending'),
    /** The artist's open question while status is 'question'. */
    question: text(),
    declineReason: text(),
    /** The quote: sessions × minutes, estimate in cents, deposit in cents (per the artist's policy). */
    sessionCount: integer(),
    sessionMinutes: integer(),
    estimate: integer(),
    deposit: integer(),
    quoteNote: text(),
    /** A pending request the artist leaves unanswered until then expires (7 days). */
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('booking_requests_client_idx').on(t.clientId, t.createdAt.desc()),
    index('booking_requests_artist_idx').on(t.artistId, t.createdAt.desc()),
    index('booking_requests_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('booking_requests_budget_min', sql`${t.budget} is null or ${t.budget} >= 0`),
    check('booking_requests_not_self', sql`${t.clientId} <> ${t.artistId}`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    requestId: uuid().references(() => bookingRequests.id, { onDelete: 'set null' }),
    artistId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** Null for a walk-in added by studio staff (clientName then). */
    clientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    clientName: text(),
    serviceId: uuid().references(() => bookingServices.id, { onDelete: 'set null' }),
    title: text().notNull(),
    sessionNumber: integer().notNull().default(1),
    startsAt: timestamptz().notNull(),
    endsAt: timestamptz().notNull(),
    /** endsAt plus the artist's buffer: the range the exclusion constraint protects. */
    blockedUntil: timestamptz().notNull(),
    /** The studio's timezone when booked: what the times are shown in. */
    timezone: text().notNull(),
    status: bookingStatus().notNull().default('held'),
    /** A held slot is released after this unless paid or awaiting the artist's approval. */
    holdExpiresAt: timestamptz(),
    /** cents */
    deposit: integer().notNull().default(0),
    depositStatus: depositStatus().notNull().default('none'),
    depositPaymentIntentId: text(),
    depositPaidAt: timestamptz(),
    approvedAt: timestamptz(),
    rescheduleCount: integer().notNull().default(0),
    cancelledAt: timestamptz(),
    cancelledBy: uuid(),
    cancelReason: text(),
    /** The consent form exactly as signed (text, answers, legal name, date of birth). */
    consent: jsonb().$type<SignedConsent>(),
    consentSignedAt: timestamptz(),
    idConfirmedAt: timestamptz(),
    reminderSentAt: timestamptz(),
    dayBeforeSentAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_artist_starts_idx').on(t.artistId, t.startsAt),
    index('bookings_client_starts_idx').on(t.clientId, t.startsAt),
    index('bookings_shop_starts_idx').on(t.shopId, t.startsAt),
    index('bookings_live_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.status} in ('held', 'confirmed')`),
    /** One live booking per session of a request (a double click books once). */
    uniqueIndex('bookings_request_session_key')
      .on(t.requestId, t.sessionNumber)
      .where(sql`${t.status} <> 'cancelled'`),
    check('bookings_times_ordered', sql`${t.endsAt} > ${t.startsAt} and ${t.blockedUntil} >= ${t.endsAt}`),
    check('bookings_deposit_min', sql`${t.deposit} >= 0`),
    check('bookings_has_client', sql`${t.clientId} is not null or ${t.clientName} is not null`),
    // Also: exclusion constraint bookings_no_overlap (custom migration): no two held or confirmed
    // bookings of one artist overlap in [starts_at, blocked_until).
  ],
);

export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 (hex) of the secret in the feed URL; regenerating replaces it, revoking deletes the row. */
  tokenHash: text().notNull().unique('calendar_feeds_token_hash_key'),
  createdAt: createdAt(),
});
