import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, softDelete, timestamptz, updatedAt } from './columns';
import { pointOnSphere } from './geo';
import { users } from './users';

// ---------------------------------------------------------------------------------------------
// Spec constants for studios (spec 1 §3, spec 2 §3 and §9)
// ---------------------------------------------------------------------------------------------

// The pure value lists live in ./studio-values so the client can import them without the ORM.
export {
  DEFAULT_SHOP_TIMEZONE,
  PAYMENT_TYPE_VALUES,
  SHOP_SOURCE_STATUS,
  SHOP_USER_TYPE,
  TATTOO_STYLES,
  WEEKDAYS,
  AUTOMATED_CLEANUP_MARKER,
} from './studio-values';
export type { DayHours, OpeningHours, PaymentType, ShopSourceStatus, ShopUserType, TattooStyle, Weekday } from './studio-values';
import { DEFAULT_SHOP_TIMEZONE, type OpeningHours, type PaymentType, type ShopSourceStatus, type ShopUserType } from './studio-values';

export type ShopUserPermissions = { calendar: boolean; manage: boolean };

export const SHOP_INVITATION_STATUS_VALUES = ['pending', 'accepted', 'declined', 'revoked', 'expired'] as const;
export type ShopInvitationStatus = (typeof SHOP_INVITATION_STATUS_VALUES)[number];
export const shopInvitationStatus = pgEnum('shop_invitation_status', SHOP_INVITATION_STATUS_VALUES);

// ---------------------------------------------------------------------------------------------
// shops
// ---------------------------------------------------------------------------------------------

export const shops = pgTable(
  'shops',
  {
    id: id(),
    name: text().notNull(),
    /** Public handle; conflicts are checked against other shops (and users) by the service. */
    displayName: text(),
    /** Lowercase URL slug; absent for imported shops (they are reached by id). */
    urlSlug: text(),
    /** Absent for shops imported from outside sources until someone claims them. */
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    address: text().notNull().default(''),
    streetNumber: text(),
    street: text(),
    city: text().notNull().default(''),
    /** US state code. */
    state: text().notNull().default(''),
    zipCode: text().notNull().default(''),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    phone: text(),
    email: text(),
    website: text(),
    description: text(),
    openingHours: jsonb().$type<OpeningHours>().notNull().default({}),
    dateAdded: createdAt(),
    lastUpdated: updatedAt(),
    sources: text().array().notNull().default(sql`'{}'::text[]`),
    /** Shop source statuses (SHOP_SOURCE_STATUS); default [Active]. */
    statuses: integer().array().$type<ShopSourceStatus[]>().notNull().default(sql`ARRAY[4]::integer[]`),
    paymentTypes: text().array().$type<PaymentType[]>().notNull().default(sql`'{}'::text[]`),
    tattooStyles: text().array().notNull().default(sql`'{}'::text[]`),
    endorsements: integer().notNull().default(0),
    /** 0..10 */
    quality: integer().notNull().default(0),
    /** 0..100 */
    boost: integer().notNull().default(0),
    isFeatured: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    isActive: boolean().notNull().default(false),
    isBookable: boolean().notNull().default(false),
    ...softDelete,
    /** User id of whoever deleted it, or 'automated_cleanup'. */
    deletedBy: text(),
    /** Lowercase copies of name and city for prefix search. */
    searchName: text().notNull().default(''),
    searchCity: text().notNull().default(''),
    useArtistsPortfolios: boolean().notNull().default(false),
    useArtistsFlashes: boolean().notNull().default(false),
    /** The studio page shows its portfolio and flash galleries as carousels (set on the manage page). */
    useCarousel: boolean().notNull().default(false),
    timezone: text().notNull().default(DEFAULT_SHOP_TIMEZONE),
    lookingForResident: boolean().notNull().default(false),
    lookingForGuest: boolean().notNull().default(false),
    hasStorefront: boolean().notNull().default(false),
    /** Legacy/migration arrays of user ids. */
    managingUsers: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    messageUsers: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    bannerUrl: text(),
    logoUrl: text(),
  },
  (t) => [
    uniqueIndex('shops_url_slug_key').on(t.urlSlug).where(sql`${t.deleted} = false`),
    // search_name and search_city are stored lowercase; covering (prefix, quality, id) indexes let
    // studio.search rank by quality with index-only scans.
    index('shops_search_name_quality_idx')
      .on(sql`${t.searchName} text_pattern_ops`, t.quality.desc(), t.id)
      .where(sql`${t.deleted} = false`),
    index('shops_search_city_quality_idx')
      .on(sql`${t.searchCity} text_pattern_ops`, t.quality.desc(), t.id)
      .where(sql`${t.deleted} = false`),
    // The same with a state first, for a prefix search within a state: the range covers only that
    // state's studios, and the looking-for flags, as trailing columns, are checked in the index,
    // so the scan stays index-only (on the single-column state index it read every matching row).
    index('shops_state_search_name_idx')
      .on(t.state, sql`${t.searchName} text_pattern_ops`, t.quality.desc(), t.id, t.lookingForResident, t.lookingForGuest)
      .where(sql`${t.deleted} = false`),
    index('shops_state_search_city_idx')
      .on(t.state, sql`${t.searchCity} text_pattern_ops`, t.quality.desc(), t.id, t.lookingForResident, t.lookingForGuest)
      .where(sql`${t.deleted} = false`),
    index('shops_display_name_prefix_idx').on(sql`lower(${t.displayName}) text_pattern_ops`),
    index('shops_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('shops_state_idx').on(t.state),
    // studio.search without text, or with a prefix so short that thousands match, walks these in
    // rank order and stops at the page's end (quality DESC is NULLS FIRST, as the query sorts).
    index('shops_rank_idx').on(t.quality.desc().nullsFirst(), t.id).where(sql`${t.deleted} = false`),
    index('shops_state_rank_idx').on(t.state, t.quality.desc().nullsFirst(), t.id).where(sql`${t.deleted} = false`),
    index('shops_looking_for_guest_rank_idx')
      .on(t.quality.desc().nullsFirst(), t.id)
      .where(sql`${t.deleted} = false and ${t.lookingForGuest}`),
    index('shops_looking_for_resident_rank_idx')
      .on(t.quality.desc().nullsFirst(), t.id)
      .where(sql`${t.deleted} = false and ${t.lookingForResident}`),
    // "Near me": nearest-first by a GiST KNN scan over points on the unit sphere (cube extension,
    // migration 0009); the chord distance orders exactly as the great-circle distance does.
    index('shops_location_knn_idx')
      .using('gist', pointOnSphere(t.latitude, t.longitude))
      .where(sql`${t.deleted} = false and not (${t.latitude} = 0 and ${t.longitude} = 0)`),
    // The same with the state first (btree_gist, migration 0000): "near me" within a state walks
    // only that state's studios. With a name or city prefix as well, the planner (which takes the
    // state and the city as independent) expected a few hundred matches and read every one through
    // the state index to sort them; this KNN scan stops at the page's end.
    index('shops_state_location_knn_idx')
      .using('gist', t.state, pointOnSphere(t.latitude, t.longitude))
      .where(sql`${t.deleted} = false and not (${t.latitude} = 0 and ${t.longitude} = 0)`),
    index('shops_quality_idx').on(t.quality.desc().nullsFirst()),
    index('shops_lat_lon_idx').on(t.latitude, t.longitude),
    index('shops_owner_idx').on(t.ownerId),
    index('shops_date_added_idx').on(t.dateAdded.desc().nullsFirst()),
    index('shops_deleted_at_idx').on(t.deletedAt).where(sql`${t.deleted} = true`),
    check('shops_quality_range', sql`${t.quality} between 0 and 10`),
    check('shops_boost_range', sql`${t.boost} between 0 and 100`),
    check('shops_endorsements_min', sql`${t.endorsements} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// shop_users (membership)
// ---------------------------------------------------------------------------------------------

export const shopUsers = pgTable(
  'shop_users',
  {
    id: id(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHOP_USER_TYPE: 0 Resident, 1 Guest. */
    shopUserType: smallint().$type<ShopUserType>().notNull().default(0),
    startDate: timestamptz().notNull().defaultNow(),
    /** Null means open-ended. */
    endDate: timestamptz(),
    permissions: jsonb().$type<ShopUserPermissions>().notNull().default({ calendar: false, manage: false }),
    /** May manage the studio's storefront and see its analytics (spec 1 §6). */
    canManageStore: boolean().notNull().default(false),
    ...softDelete,
    /** User id of whoever removed the membership. */
    deletedBy: text(),
    createdAt: createdAt(),
    lastUpdated: updatedAt(),
  },
  (t) => [
    index('shop_users_shop_idx').on(t.shopId),
    index('shop_users_user_idx').on(t.userId),
    check('shop_users_type_valid', sql`${t.shopUserType} in (0, 1)`),
    check('shop_users_dates_ordered', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    // Also: exclusion constraint shop_users_no_overlap (custom migration) — one live membership
    // per (shop, user) at any instant.
  ],
);

// ---------------------------------------------------------------------------------------------
// shop_invitations
// ---------------------------------------------------------------------------------------------

export const shopInvitations = pgTable(
  'shop_invitations',
  {
    id: id(),
    /** Random URL-safe code used in /invite/{code}. */
    code: text().notNull().unique('shop_invitations_code_key'),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    invitedUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    invitedEmail: text(),
    invitedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopUserType: smallint().$type<ShopUserType>().notNull().default(0),
    permissions: jsonb().$type<ShopUserPermissions>().notNull().default({ calendar: false, manage: false }),
    canManageStore: boolean().notNull().default(false),
    status: shopInvitationStatus().notNull().default('pending'),
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
    respondedAt: timestamptz(),
  },
  (t) => [
    index('shop_invitations_shop_idx').on(t.shopId, t.status),
    index('shop_invitations_invited_user_idx').on(t.invitedUserId, t.status),
    index('shop_invitations_invited_email_idx').on(sql`lower(${t.invitedEmail})`),
    check('shop_invitations_target', sql`${t.invitedUserId} is not null or ${t.invitedEmail} is not null`),
    check('shop_invitations_type_valid', sql`${t.shopUserType} in (0, 1)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// studio_activation_requests (an owner asks InkLink to mark the studio active; an admin decides)
// ---------------------------------------------------------------------------------------------

export const STUDIO_ACTIVATION_STATUS_VALUES = ['pending', 'approved', 'declined'] as const;
export type StudioActivationStatus = (typeof STUDIO_ACTIVATION_STATUS_VALUES)[number];
export const studioActivationStatus = pgEnum('studio_activation_status', STUDIO_ACTIVATION_STATUS_VALUES);

export const studioActivationRequests = pgTable(
  'studio_activation_requests',
  {
    id: id(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    requestedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: studioActivationStatus().notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamptz(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // At most one open request per studio: a second request (or two at once) finds the first.
    uniqueIndex('studio_activation_requests_one_pending').on(t.shopId).where(sql`${t.status} = 'pending'`),
    index('studio_activation_requests_shop_idx').on(t.shopId, t.createdAt.desc()),
    index('studio_activation_requests_pending_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
