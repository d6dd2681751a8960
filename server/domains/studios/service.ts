import { and, asc, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { SHOP_SOURCE_STATUS, shops, shopUsers, users } from '../../db/schema';
import { type ServiceCtx, withTransaction } from '../../service-context';
import { prepared } from '../../db/prepared';
import { nearestStudioIds } from './nearest';
import { startsWith } from './prefix-range';
import { conflict, isUniqueViolation, notFound, unauthorized } from '../../lib/errors';
import { activationState } from './activation';
import { newestStudioBanner } from './banner';
import { activeMembershipAt, canManageShop, requireManagedShop, STUDIO_NOT_FOUND } from './access';
import { findHandleConflict, freeSlugFor } from './handles';
import {
  type createStudioInput,
  type handleAvailableInput,
  STUDIO_PAGE_SIZE,
  type studioSearchInput,
  type updateStudioInput,
} from './inputs';
import { splitAddress } from './rules';
import { STUDIO_CARD_COLUMNS, type StudioCardRow, toStudio, toStudioCard } from './views';

export const LOGIN_TO_CREATE = 'User must be logged in to create a studio';
const HANDLE_TAKEN = {
  displayName: 'That display name is already taken by another studio',
  urlSlug: 'That URL is already taken by another studio',
};

/** The form's address as the geocoder takes it: the ZIP field passed on its own. */
const postalAddress = (s: { address: string; city: string; state: string; zipCode: string }) => ({
  street: s.address,
  city: s.city,
  state: s.state,
  zipCode: s.zipCode,
});

/** Spec 1 §4 new-shop defaults; the creator becomes a Resident with calendar and manage permissions. */
export async function createStudio({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof createStudioInput> }) {
  if (!ctx.user) throw unauthorized(LOGIN_TO_CREATE);
  const user = ctx.user;
  const now = ctx.deps.clock.now();
  const location = await ctx.deps.geocoder.geocode(postalAddress(input));
  try {
    return await withTransaction(ctx, async (tx) => {
      const urlSlug = await freeSlugFor(tx.db, input.name);
      const [shop] = await tx.db
        .insert(shops)
        .values({
          ...input,
          ...splitAddress(input.address),
          ...location,
          displayName: `@${urlSlug}`,
          urlSlug,
          ownerId: user.id,
          statuses: [SHOP_SOURCE_STATUS.Active],
          // Spec 1 §4: a new studio is inactive until InkLink activates it (see ./activation.ts);
          // the owner's choices in the dialog (booking requests included) are kept as chosen.
          isActive: false,
          isVerified: false,
          isFeatured: false,
          searchName: input.name.toLowerCase(),
          searchCity: input.city.toLowerCase(),
          dateAdded: now,
          lastUpdated: now,
        })
        .returning();
      await tx.db.insert(shopUsers).values({
        shopId: shop.id,
        userId: user.id,
        shopUserType: 0,
        startDate: now,
        permissions: { calendar: true, manage: true },
        canManageStore: true,
        createdAt: now,
        lastUpdated: now,
      });
      return toStudio(shop);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(HANDLE_TAKEN.urlSlug);
    throw error;
  }
}

/** A studio page: the studio, its active artists, and whether the viewer may manage it. */
export async function getStudio({ ctx, input }: { ctx: ServiceCtx; input: { id?: string; slug?: string } }) {
  const where = input.id ? eq(shops.id, input.id) : or(eq(shops.urlSlug, (input.slug ?? '').toLowerCase()), eq(shops.id, sql`null`));
  const [shop] = await ctx.db
    .select()
    .from(shops)
    .where(and(where, eq(shops.deleted, false)))
    .limit(1);
  if (!shop) throw notFound(STUDIO_NOT_FOUND);
  const now = ctx.deps.clock.now();
  const artists = await ctx.db
    .select({
      membershipId: shopUsers.id,
      userId: users.id,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      photoUrl: users.photoUrl,
      shopUserType: shopUsers.shopUserType,
      startDate: shopUsers.startDate,
      endDate: shopUsers.endDate,
    })
    .from(shopUsers)
    .innerJoin(users, eq(users.id, shopUsers.userId))
    .where(and(eq(shopUsers.shopId, shop.id), activeMembershipAt(now)))
    .orderBy(asc(shopUsers.shopUserType), asc(users.displayName));
  const isOwner = Boolean(ctx.user && shop.ownerId === ctx.user.id);
  const [banner, canManage, activation] = await Promise.all([
    newestStudioBanner(ctx.db, shop.id),
    ctx.user ? canManageShop(ctx.db, ctx.user.id, shop.id, now) : false,
    // Only the owner sees where the activation stands (and may ask for it).
    isOwner ? activationState(ctx, shop) : null,
  ]);
  // Who owns it and its ranking score are its managers' (the page is public, decision 034).
  const { ownerId, quality, ...page } = toStudio(shop);
  return { ...page, ...(canManage ? { ownerId, quality } : {}), artists, canManage, isOwner, activation, banner };
}

/**
 * Spec 1 §7: name prefix or city prefix, optional state and looking-for filters, ordered by
 * quality, 10 a page; with a location, nearest first instead. The prefix search ranks ids in two
 * index-only branches (name, city; both stored lowercase) and then loads just the page's rows.
 */
export async function searchStudios({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof studioSearchInput> }) {
  const offset = input.cursor ?? 0;
  const pageEnd = offset + STUDIO_PAGE_SIZE + 1;
  // Literal predicates, not parameters: the planner matches them to the partial indexes.
  const filters = and(
    sql`${shops.deleted} = false`,
    input.state ? eq(shops.state, input.state) : undefined,
    input.lookingForResident ? sql`${shops.lookingForResident}` : undefined,
    input.lookingForGuest ? sql`${shops.lookingForGuest}` : undefined,
  );
  const plain = !input.state && !input.lookingForResident && !input.lookingForGuest;
  // search_name and search_city are stored lowercase.
  const query = input.query.toLowerCase();
  const ids = input.near
    ? await nearestStudioIds(ctx.db, input.near, filters, query, pageEnd)
    : await rankedStudioIds(ctx, query, filters, pageEnd, plain);
  const rows = await studioCardsInOrder(ctx, ids.slice(offset, pageEnd));
  const items = rows.slice(0, STUDIO_PAGE_SIZE).map(toStudioCard);
  return { items, nextCursor: rows.length > STUDIO_PAGE_SIZE ? offset + STUDIO_PAGE_SIZE : null };
}

/** The card columns of the studios with these ids, in the ids' order. */
async function studioCardsInOrder(ctx: ServiceCtx, ids: string[]) {
  const byId = new Map((ids.length ? await studioCardsByIds(ctx).execute({ ids }) : []).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is StudioCardRow => Boolean(r));
}

const likePrefix = (query: string) => `${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Ids of the best `limit` studios by quality whose name or city starts with the (lowercase) query. */
async function rankedStudioIds(ctx: ServiceCtx, query: string, filters: SQL | undefined, limit: number, plain: boolean): Promise<string[]> {
  const order = [desc(shops.quality), asc(shops.id)];
  if (query && plain) {
    // The common search (text only) is prepared: parsing the union costs as much as running it.
    // Its prefix stays a LIKE pattern: with a pattern parameter PostgreSQL plans each call for its
    // prefix (a common one walks shops_rank_idx, a rare one scans its range), where range
    // parameters would get one generic plan, the range scan, 40 times slower for "crimso".
    // Without a state there is no misestimate for the ranges of decision 030 to correct.
    const rows = await prepared(ctx.db, 'studio_search_rank', (db) => {
      const branch = (column: typeof shops.searchName | typeof shops.searchCity) =>
        db
          .select({ id: shops.id, quality: shops.quality })
          .from(shops)
          .where(and(sql`${shops.deleted} = false`, like(column, sql.placeholder('prefix'))))
          .orderBy(...order)
          .limit(sql.placeholder('limit'));
      return union(branch(shops.searchName), branch(shops.searchCity))
        .orderBy(desc(sql`quality`), asc(sql`id`))
        .limit(sql.placeholder('limit'))
        .prepare('studio_search_rank');
    }).execute({ prefix: likePrefix(query), limit });
    return rows.map((r) => r.id);
  }
  const branch = (column: typeof shops.searchName | typeof shops.searchCity) =>
    ctx.db
      .select({ id: shops.id, quality: shops.quality })
      .from(shops)
      .where(and(filters, startsWith(column, query)))
      .orderBy(...order)
      .limit(limit);
  const ranked = query
    ? await union(branch(shops.searchName), branch(shops.searchCity)).orderBy(desc(sql`quality`), asc(sql`id`)).limit(limit)
    : await ctx.db
        .select({ id: shops.id, quality: shops.quality })
        .from(shops)
        .where(filters)
        .orderBy(...order)
        .limit(limit);
  return ranked.map((r) => r.id);
}

const studioCardsByIds = (ctx: ServiceCtx) =>
  prepared(ctx.db, 'studio_cards_by_ids', (db) =>
    db
      .select(STUDIO_CARD_COLUMNS)
      .from(shops)
      .where(sql`${shops.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('studio_cards_by_ids'),
  );

/** The signed-in user's studios: owned or with an active membership; managers get canManage. */
export async function myStudios({ ctx }: { ctx: ServiceCtx }) {
  if (!ctx.user) throw unauthorized();
  const userId = ctx.user.id;
  const now = ctx.deps.clock.now();
  const memberOf = ctx.db
    .select({ shopId: shopUsers.shopId })
    .from(shopUsers)
    .where(and(eq(shopUsers.userId, userId), activeMembershipAt(now)));
  const rows = await ctx.db
    .select()
    .from(shops)
    .where(and(eq(shops.deleted, false), or(eq(shops.ownerId, userId), inArray(shops.id, memberOf))))
    .orderBy(asc(shops.name))
    .limit(100);
  return Promise.all(rows.map(async (shop) => ({ ...toStudio(shop), canManage: await canManageShop(ctx.db, userId, shop.id, now) })));
}

export async function checkHandle({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof handleAvailableInput> }) {
  const conflictWith = await findHandleConflict(ctx.db, input.handle, input.studioId);
  return { available: conflictWith === null, conflict: conflictWith };
}

/** Managers edit every field and toggle; search copies, address parts and location follow. */
export async function updateStudio({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateStudioInput> }) {
  const shop = await requireManagedShop(ctx, input.id);
  const { id, ...changes } = input;
  const next = { ...shop, ...changes };
  if (changes.urlSlug && changes.urlSlug !== shop.urlSlug) {
    const taken = await findHandleConflict(ctx.db, changes.urlSlug, id);
    if (taken) throw conflict(HANDLE_TAKEN[taken]);
  }
  const addressChanged = ['address', 'city', 'state', 'zipCode'].some(
    (k) => k in changes && changes[k as keyof typeof changes] !== shop[k as keyof typeof shop],
  );
  const location = addressChanged ? await ctx.deps.geocoder.geocode(postalAddress(next)) : {};
  try {
    const [updated] = await ctx.db
      .update(shops)
      .set({
        ...changes,
        ...(changes.address ? splitAddress(changes.address) : {}),
        ...location,
        ...(changes.urlSlug ? { displayName: `@${changes.urlSlug}` } : {}),
        searchName: next.name.toLowerCase(),
        searchCity: next.city.toLowerCase(),
        lastUpdated: ctx.deps.clock.now(),
      })
      .where(eq(shops.id, id))
      .returning();
    return toStudio(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(HANDLE_TAKEN.urlSlug);
    throw error;
  }
}
