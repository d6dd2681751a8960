import { and, asc, desc, eq, exists, gt, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pushDevices, shops, shopUsers, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { sqlTime } from '../../db/sql';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors';
import { isDisplayNameTaken } from '../users/service';
import { auditedEdit } from '../../lib/audit';
import { ADMIN_LIST_LIMIT, ADMIN_MESSAGES, ADMIN_SEARCH_PER_FIELD, type searchInput, type updateUserInput } from './inputs';
import { lowerPrefix, mergeById, uuidPrefixCondition } from './search';

// User Management (spec 2 §2, §3 User admin view, §5 admin edits and search).

/**
 * The counts are correlated subqueries built with the query builder, which names every column with
 * its table ("shop_users"."user_id" = "users"."id"). A raw sql`` template in a one-table select
 * names columns bare, and inside a subquery a bare "id" is the subquery's own id: the counts
 * compared shop_users.user_id with shop_users.id and read 0 for everyone.
 */
const adminUserColumns = (db: Db, now: Date) => {
  const memberships = db
    .select({ n: sql<number>`count(*)::int` })
    .from(shopUsers)
    .where(and(eq(shopUsers.userId, users.id), eq(shopUsers.deleted, false)));
  const devices = db.select({ n: sql<number>`count(*)::int` }).from(pushDevices).where(eq(pushDevices.userId, users.id));
  const liveMembership = db
    .select({ one: sql`1` })
    .from(shopUsers)
    .where(
      and(
        eq(shopUsers.shopId, shops.id),
        eq(shopUsers.userId, users.id),
        eq(shopUsers.deleted, false),
        or(isNull(shopUsers.endDate), gt(shopUsers.endDate, sql`${sqlTime(now)}`)),
      ),
    );
  const studios = db
    .select({ n: sql<number>`count(*)::int` })
    .from(shops)
    .where(and(eq(shops.deleted, false), or(eq(shops.ownerId, users.id), exists(liveMembership))));
  return {
    id: users.id,
    displayName: users.displayName,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phone,
    city: users.city,
    state: users.state,
    bio: users.bio,
    userTypes: users.userTypes,
    deleted: users.deleted,
    disabled: users.disabled,
    hasStorefront: users.hasStorefront,
    photoURL: users.photoUrl,
    createdAt: users.createdAt,
    lastUpdated: users.lastUpdated,
    deletedAt: users.deletedAt,
    /** Membership records in studios (not removed), past, current and future: the spec's shopUsers. */
    shopUsers: sql<number>`(${memberships})`,
    /** Registered push devices (the spec's fcmTokens). */
    fcmTokens: sql<number>`(${devices})`,
    /**
     * The Studios column: studios (not deleted) the user belongs to, each once — owned, or with a
     * membership that is not removed and not yet ended (a guest spot starting later counts).
     */
    studios: sql<number>`(${studios})`,
  };
};

export type AdminUser = Awaited<ReturnType<typeof recentUsers>>[number];

/** Load Recent: the 100 newest users. */
export async function recentUsers({ ctx }: { ctx: ServiceCtx }) {
  return ctx.db
    .select(adminUserColumns(ctx.db, ctx.deps.clock.now()))
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_LIST_LIMIT);
}

/** Prefix search on email, displayName (with or without its @), firstName and lastName; 50 per field. */
export async function searchUsers({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof searchInput> }) {
  const q = input.query;
  const columns = adminUserColumns(ctx.db, ctx.deps.clock.now());
  const handle = q.startsWith('@') ? q : `@${q}`;
  const byField = (condition: ReturnType<typeof lowerPrefix>, order: Parameters<typeof asc>[0]) =>
    ctx.db.select(columns).from(users).where(condition).orderBy(asc(order)).limit(ADMIN_SEARCH_PER_FIELD);
  const idRange = uuidPrefixCondition(users.id, q);
  const lists = await Promise.all([
    byField(lowerPrefix(users.email, q), sql`lower(${users.email})`),
    byField(lowerPrefix(users.displayName, handle), sql`lower(${users.displayName})`),
    byField(lowerPrefix(users.firstName, q), sql`lower(${users.firstName})`),
    byField(lowerPrefix(users.lastName, q), sql`lower(${users.lastName})`),
    idRange ? ctx.db.select(columns).from(users).where(idRange).limit(ADMIN_SEARCH_PER_FIELD) : Promise.resolve([]),
  ]);
  return mergeById(lists);
}

/** Edit dialog save: profile fields, granted user types and the deleted flag, audited. */
export async function updateUser({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateUserInput> }) {
  const admin = requireUser(ctx);
  if (input.id === admin.id && !input.userTypes.includes('AppAdmin')) throw invalid(ADMIN_MESSAGES.ownAdminAccess);
  if (input.id === admin.id && input.deleted) throw invalid(ADMIN_MESSAGES.ownAccountDelete);
  try {
    return await withTransaction(ctx, async (tx) => {
      const [current] = await tx.db.select().from(users).where(eq(users.id, input.id)).for('update');
      if (!current) throw notFound(ADMIN_MESSAGES.userNotFound);
      if (await isDisplayNameTaken(tx.db, input.displayName, current.id)) throw conflict(ADMIN_MESSAGES.displayNameTaken);
      const now = tx.deps.clock.now();
      const { id, ...fields } = input;
      const next = { ...fields, deletedAt: input.deleted ? (current.deleted ? current.deletedAt : now) : null };
      await auditedEdit(tx.db, { actorId: admin.id, action: 'user.update', entityType: 'user', entityId: id, current, next, at: now }, () =>
        tx.db
          .update(users)
          .set({ ...next, lastUpdated: now })
          .where(eq(users.id, id)),
      );
      const [row] = await tx.db.select(adminUserColumns(tx.db, now)).from(users).where(eq(users.id, id));
      return { user: row, message: ADMIN_MESSAGES.userUpdated };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ADMIN_MESSAGES.displayNameTaken);
    throw error;
  }
}
