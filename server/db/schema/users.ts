import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, softDelete, timestamptz, updatedAt } from './columns';

export const USER_TYPES = ['client', 'artist', 'studio', 'Artist', 'AppAdmin', 'Owner', 'Administrative'] as const;
export type UserType = (typeof USER_TYPES)[number];

export type Socials = { website?: string; instagram?: string; facebook?: string; tiktok?: string };
export type CalendarIntegration = {
  id: string;
  provider: string;
  isActive: boolean;
  updatedAt: string;
  [key: string]: unknown;
};

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text(),
    /** Stored with a leading @; unique case-insensitively. */
    displayName: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text(),
    photoUrl: text(),
    socials: jsonb().$type<Socials>().notNull().default({}),
    userTypes: text().array().$type<UserType[]>().notNull().default(sql`ARRAY['client']::text[]`),
    googleId: text(),
    googleLinked: boolean().notNull().default(false),
    followerCount: integer().notNull().default(0),
    followingCount: integer().notNull().default(0),
    city: text(),
    state: text(),
    bio: text(),
    disabled: boolean().notNull().default(false),
    ...softDelete,
    createdAt: createdAt(),
    lastUpdated: updatedAt(),
    stripeCustomerId: text(),
    stripeConnectAccountId: text(),
    stripeConnectStatus: text(),
    hasStorefront: boolean().notNull().default(false),
    calendarIntegrations: jsonb().$type<CalendarIntegration[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_display_name_lower_key').on(sql`lower(${t.displayName})`),
    uniqueIndex('users_google_id_key').on(t.googleId),
    index('users_created_at_idx').on(t.createdAt),
    index('users_display_name_prefix_idx').on(sql`lower(${t.displayName}) text_pattern_ops`),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('users_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee_idx').on(t.followeeId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** Public half of the token; the secret half is only stored as a SHA-256 hash. */
    id: text().primaryKey(),
    secretHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastVerifiedAt: timestamptz().notNull().defaultNow(),
    userAgent: text(),
    ip: text(),
    /** Set when the user confirmed their password to link Google; honoured for 10 minutes. */
    googleLinkRequestedAt: timestamptz(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A single-use token sent by e-mail: only its hash is kept; the first use sets usedAt. */
const emailedTokenColumns = () => ({
  id: id(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  expiresAt: timestamptz().notNull(),
  usedAt: timestamptz(),
  createdAt: createdAt(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', emailedTokenColumns(), (t) => [index('password_reset_tokens_user_idx').on(t.userId)]);

/**
 * One-time sign-in links sent by e-mail (after registering, to unlock a throttled account): the
 * hash of the token only, single use, short expiry (server/domains/auth/sign-in-links.ts).
 */
export const signInLinks = pgTable('sign_in_links', emailedTokenColumns(), (t) => [index('sign_in_links_user_idx').on(t.userId)]);

/**
 * Browsers that signed in to an account before (OWASP device cookies): the hash of the token in
 * the browser's device cookie. A known device is exempt from the per-account lock-out that a
 * wrong-password flood from elsewhere causes (docs/decisions/016).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_devices_token_user_key').on(t.tokenHash, t.userId), index('known_devices_user_idx').on(t.userId)],
);

/** Fixed-window counters for throttling (login per account and per IP, and others). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamptz().notNull(),
  count: integer().notNull().default(0),
});
