import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shops, shopUsers } from '../../db/schema';
import { type TimeArg, timeSql } from '../../db/sql';
import type { ServiceCtx } from '../../service-context';
import { forbidden, notFound, unauthorized } from '../../lib/errors';

/**
 * SQL for "this membership is active at `now`" (spec 1 §4), the same rule as isMembershipActive.
 * The one place the window is written: every domain asking who belongs to a studio uses it, and
 * `now` may be a prebuilt statement's placeholder.
 */
export const activeMembershipAt = (now: TimeArg) =>
  sql`(${shopUsers.deleted} = false and ${shopUsers.startDate} <= ${timeSql(now)}
        and (${shopUsers.endDate} is null or ${shopUsers.endDate} >= ${timeSql(now)}))`;

/**
 * Spec 1 §6: a user may manage a studio if they own it or hold an active membership with the
 * manage permission. Other domains (storefronts, admin, booking) use this too.
 */
export async function canManageShop(db: Db, userId: string, shopId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(
        eq(shops.id, shopId),
        eq(shops.deleted, false),
        or(
          eq(shops.ownerId, userId),
          sql`exists (select 1 from ${shopUsers} where ${shopUsers.shopId} = ${shops.id} and ${shopUsers.userId} = ${userId}
                and ${activeMembershipAt(now)} and (${shopUsers.permissions} ->> 'manage')::boolean = true)`,
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export const STUDIO_NOT_FOUND = 'Studio not found';
export const NOT_A_MANAGER = 'Only the studio owner or its managers can do that';

/** Loads a live studio the signed-in user may manage, or throws the right error. */
export async function requireManagedShop(ctx: ServiceCtx, shopId: string) {
  if (!ctx.user) throw unauthorized();
  const [shop] = await ctx.db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.deleted, false)))
    .limit(1);
  if (!shop) throw notFound(STUDIO_NOT_FOUND);
  if (!(await canManageShop(ctx.db, ctx.user.id, shopId, ctx.deps.clock.now()))) throw forbidden(NOT_A_MANAGER);
  return shop;
}
