import { and, arrayOverlaps, asc, desc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { artists, follows, shops, shopUsers, users } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors';
import { activeMembershipAt } from '../studios/access';
import { newestPortfolioImages } from './portfolio';
import { ARTIST_PAGE_SIZE, type artistSearchInput, type saveArtistProfileInput } from './inputs';

export const ARTIST_NOT_FOUND = 'Artist not found';
const SLUG_TAKEN = 'That profile URL is already taken';

/** The signed-in user's artist profile, or null before they create one. */
export async function getMyArtistProfile({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  const [row] = await ctx.db.select().from(artists).where(eq(artists.userId, me.id)).limit(1);
  return row ?? null;
}

/** Creates or updates the artist profile; the user becomes an artist (userTypes gains 'artist'). */
export async function saveArtistProfile({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof saveArtistProfileInput> }) {
  const me = requireUser(ctx);
  const now = ctx.deps.clock.now();
  const [taken] = await ctx.db
    .select({ id: artists.id })
    .from(artists)
    .where(and(eq(artists.urlSlug, input.urlSlug), ne(artists.userId, me.id), eq(artists.deleted, false)))
    .limit(1);
  if (taken) throw conflict(SLUG_TAKEN);
  try {
    return await withTransaction(ctx, async (tx) => {
      const values = { ...input, displayName: me.displayName, updatedAt: now };
      const [row] = await tx.db
        .insert(artists)
        .values({ ...values, userId: me.id, createdAt: now })
        .onConflictDoUpdate({ target: artists.userId, set: values })
        .returning();
      if (!me.userTypes.includes('artist')) {
        await tx.db
          .update(users)
          .set({ userTypes: sql`array_append(${users.userTypes}, 'artist')`, lastUpdated: now })
          .where(and(eq(users.id, me.id), sql`not ('artist' = any(${users.userTypes}))`));
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
    throw error;
  }
}

/** An artist card's columns (public profile fields): the artists listing and the landing page's featured artists. */
export const listColumns = {
  id: artists.id,
  userId: artists.userId,
  name: artists.name,
  displayName: artists.displayName,
  urlSlug: artists.urlSlug,
  city: artists.city,
  state: artists.state,
  tattooStyles: artists.tattooStyles,
  isVerified: artists.isVerified,
  booksOpen: artists.booksOpen,
  photoUrl: users.photoUrl,
  followerCount: users.followerCount,
};

/**
 * /artists: prefix search on name, display name and city; style filters match any; books open or
 * closed; featured and boosted first.
 */
export async function searchArtists({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof artistSearchInput> }) {
  const prefix = `${input.query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const handlePrefix = `${prefix.startsWith('@') ? '' : '@'}${prefix}`;
  const offset = input.cursor ?? 0;
  const rows = await ctx.db
    .select(listColumns)
    .from(artists)
    .innerJoin(users, eq(users.id, artists.userId))
    .where(
      and(
        eq(artists.deleted, false),
        eq(artists.isActive, true),
        eq(users.deleted, false),
        input.query
          ? or(
              like(sql`lower(${artists.name})`, prefix),
              like(sql`lower(${artists.displayName})`, handlePrefix),
              like(sql`lower(${artists.city})`, prefix),
            )
          : undefined,
        input.styles.length > 0 ? arrayOverlaps(artists.tattooStyles, input.styles) : undefined,
        input.booksOpen === undefined ? undefined : eq(artists.booksOpen, input.booksOpen),
      ),
    )
    .orderBy(desc(artists.isFeatured), desc(artists.boost), desc(users.followerCount), asc(artists.id))
    .limit(ARTIST_PAGE_SIZE + 1)
    .offset(offset);
  const items = rows.slice(0, ARTIST_PAGE_SIZE);
  // The cards' newest portfolio pieces: one query for the whole page (no query per artist).
  const portfolios = await newestPortfolioImages(ctx.db, items.map((a) => a.userId));
  return {
    items: items.map((a) => ({ ...a, portfolio: portfolios.get(a.userId) ?? [] })),
    nextCursor: rows.length > ARTIST_PAGE_SIZE ? offset + ARTIST_PAGE_SIZE : null,
  };
}

/** An artist's profile page: profile, counts, studios (active memberships) and the viewer's follow state. */
export async function getArtist({ ctx, input }: { ctx: ServiceCtx; input: { slug?: string; id?: string } }) {
  const where = input.id ? eq(artists.id, input.id) : eq(artists.urlSlug, (input.slug ?? '').toLowerCase());
  const [row] = await ctx.db
    .select({
      artist: artists,
      user: {
        photoUrl: users.photoUrl,
        followerCount: users.followerCount,
        followingCount: users.followingCount,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(artists)
    .innerJoin(users, eq(users.id, artists.userId))
    .where(and(where, eq(artists.deleted, false), eq(users.deleted, false)))
    .limit(1);
  const viewer = ctx.user?.id;
  const isMe = Boolean(row && viewer === row.artist.userId);
  // A hidden profile (isActive off, as search hides it) is its owner's only (decision 034).
  if (!row || (!row.artist.isActive && !isMe)) throw notFound(ARTIST_NOT_FOUND);
  const now = ctx.deps.clock.now();
  const studios = await ctx.db
    .select({
      id: shops.id,
      name: shops.name,
      urlSlug: shops.urlSlug,
      city: shops.city,
      state: shops.state,
      shopUserType: shopUsers.shopUserType,
      endDate: shopUsers.endDate,
    })
    .from(shopUsers)
    .innerJoin(shops, eq(shops.id, shopUsers.shopId))
    .where(and(eq(shopUsers.userId, row.artist.userId), activeMembershipAt(now), eq(shops.deleted, false)));
  const [following] = viewer
    ? await ctx.db
        .select({ f: follows.followerId })
        .from(follows)
        .where(and(eq(follows.followerId, viewer), eq(follows.followeeId, row.artist.userId)))
    : [];
  // The page's fields only: not the ranking boost nor the soft-delete columns (the answer is public).
  const { boost: _boost, deleted: _deleted, deletedAt: _deletedAt, ...profile } = row.artist;
  return { ...profile, ...row.user, studios, isFollowing: Boolean(following), isMe };
}

/**
 * Follow and unfollow keep both counters in step with the follows table: the counters move only
 * when the row was really inserted or deleted, in the same transaction, so repeats change nothing.
 */
export async function follow({ ctx, input }: { ctx: ServiceCtx; input: { userId: string } }) {
  const me = requireUser(ctx);
  if (input.userId.toLowerCase() === me.id) throw invalid('You cannot follow yourself');
  const [target] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.deleted, false)));
  if (!target) throw notFound('User not found');
  return withTransaction(ctx, async (tx) => {
    const inserted = await tx.db.insert(follows).values({ followerId: me.id, followeeId: input.userId }).onConflictDoNothing().returning();
    if (inserted.length > 0) await adjustCounts(tx, me.id, input.userId, 1);
    return followState(tx, me.id, input.userId);
  });
}

export async function unfollow({ ctx, input }: { ctx: ServiceCtx; input: { userId: string } }) {
  const me = requireUser(ctx);
  return withTransaction(ctx, async (tx) => {
    const removed = await tx.db
      .delete(follows)
      .where(and(eq(follows.followerId, me.id), eq(follows.followeeId, input.userId)))
      .returning();
    if (removed.length > 0) await adjustCounts(tx, me.id, input.userId, -1);
    return followState(tx, me.id, input.userId);
  });
}

async function adjustCounts(ctx: ServiceCtx, followerId: string, followeeId: string, delta: 1 | -1) {
  await ctx.db
    .update(users)
    .set({ followingCount: sql`greatest(${users.followingCount} + ${delta}, 0)` })
    .where(eq(users.id, followerId));
  await ctx.db
    .update(users)
    .set({ followerCount: sql`greatest(${users.followerCount} + ${delta}, 0)` })
    .where(eq(users.id, followeeId));
}

async function followState(ctx: ServiceCtx, followerId: string, followeeId: string) {
  const [counts] = await ctx.db.select({ followerCount: users.followerCount }).from(users).where(eq(users.id, followeeId));
  const [row] = await ctx.db
    .select({ f: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return { isFollowing: Boolean(row), followerCount: counts?.followerCount ?? 0 };
}

/** Ids of a studio's active artists, for its galleries when it shows its artists' work. */
export async function activeArtistUserIds(ctx: ServiceCtx, shopId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ userId: shopUsers.userId })
    .from(shopUsers)
    .where(
      and(
        eq(shopUsers.shopId, shopId),
        activeMembershipAt(ctx.deps.clock.now()),
        inArray(shopUsers.userId, ctx.db.select({ id: artists.userId }).from(artists)),
      ),
    );
  return rows.map((r) => r.userId);
}
