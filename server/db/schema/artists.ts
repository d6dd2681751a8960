import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, softDelete, updatedAt } from './columns';
import { type Socials, users } from './users';

/** The spec names only the default booking style. */
export const DEFAULT_BOOKING_STYLE = 'multi-step';

/** Artist profile, one per user. */
export const artists = pgTable(
  'artists',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .unique('artists_user_id_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    displayName: text().notNull(),
    urlSlug: text(),
    bio: text(),
    city: text(),
    state: text(),
    isVerified: boolean().notNull().default(false),
    isFeatured: boolean().notNull().default(false),
    /** 0..100 */
    boost: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    isBookable: boolean().notNull().default(false),
    bookingStyle: text().notNull().default(DEFAULT_BOOKING_STYLE),
    showBanner: boolean().notNull().default(false),
    endorsements: integer().notNull().default(0),
    tattooStyles: text().array().notNull().default(sql`'{}'::text[]`),
    socials: jsonb().$type<Socials>().notNull().default({}),
    booksOpen: boolean().notNull().default(false),
    ...softDelete,
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artists_url_slug_key')
      .on(t.urlSlug)
      .where(sql`${t.deleted} = false`),
    index('artists_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('artists_display_name_prefix_idx').on(sql`lower(${t.displayName}) text_pattern_ops`),
    index('artists_city_prefix_idx').on(sql`lower(${t.city}) text_pattern_ops`),
    index('artists_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    // The landing page's featured artists (featured first, then boosted): read in order, stops after 6.
    index('artists_rank_idx').on(t.isFeatured.desc(), t.boost.desc(), t.id),
    check('artists_boost_range', sql`${t.boost} between 0 and 100`),
    check('artists_endorsements_min', sql`${t.endorsements} >= 0`),
  ],
);
