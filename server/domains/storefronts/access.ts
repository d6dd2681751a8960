import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shops, shopUsers, storefronts, users } from '../../db/schema';
import type { TimeArg } from '../../db/sql';
import type { ServiceCtx } from '../../service-context';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { activeMembershipAt } from '../studios/access';
import { DEFAULT_SHOP_TIMEZONE } from '../../db/schema/studio-values';
import { STOREFRONT_MESSAGES } from './inputs';

export type StorefrontRow = typeof storefronts.$inferSelect;
type Owner = Pick<StorefrontRow, 'ownerId' | 'ownerType'>;

/** A user id inside SQL: a value, or a placeholder of a prepared statement. */
type UserArg = string | Placeholder;

/** SQL over `shop_users`: an active membership with canManageStore (spec 1 §6). */
const activeStoreManagerAt = (now: TimeArg) => sql`${activeMembershipAt(now)} and ${shopUsers.canManageStore} = true`;

/** SQL: the user holds an active membership of the shop with canManageStore (spec 1 §6). */
const storeManagerOf = (shopId: unknown, userId: UserArg, now: TimeArg) =>
  sql`exists (select 1 from ${shopUsers} where ${shopUsers.shopId} = ${shopId} and ${shopUsers.userId} = ${userId} and ${activeStoreManagerAt(now)})`;

/**
 * Spec 1 §6: a user's storefront is managed by that user; a studio's by the studio owner and by
 * shop users with canManageStore (an active membership of a live studio).
 */
export async function canManageStorefront(db: Db, userId: string, owner: Owner, now: Date): Promise<boolean> {
  if (owner.ownerType === 'user') return owner.ownerId === userId;
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, owner.ownerId), eq(shops.deleted, false), sql`(${shops.ownerId} = ${userId} or ${storeManagerOf(shops.id, userId, now)})`))
    .limit(1);
  return Boolean(row);
}

/** SQL over `storefronts`: the rows the user may manage (for lists such as storefront.mine). */
export function managedStorefrontsWhere(userId: UserArg, now: TimeArg) {
  return sql`((${storefronts.ownerType} = 'user' and ${storefronts.ownerId} = ${userId})
    or (${storefronts.ownerType} = 'shop' and exists (select 1 from ${shops} where ${shops.id} = ${storefronts.ownerId}
        and ${shops.deleted} = false and (${shops.ownerId} = ${userId} or ${storeManagerOf(shops.id, userId, now)}))))`;
}

/** A live (not deleted) storefront, or 'Storefront not found'. */
export async function loadStorefront(db: Db, storefrontId: string): Promise<StorefrontRow> {
  const [storefront] = await db
    .select()
    .from(storefronts)
    .where(and(eq(storefronts.id, storefrontId), eq(storefronts.deleted, false)))
    .limit(1);
  if (!storefront) throw notFound(STOREFRONT_MESSAGES.notFound);
  return storefront;
}

/** The owner's timezone of a storefront (a studio's; the studio default for a user), in SQL. */
export const storefrontTimezone = sql<string>`coalesce(${shops.timezone}, ${DEFAULT_SHOP_TIMEZONE})`;

/** The studio owning a storefront, if a studio does: join it for its timezone. */
export const owningShop = and(sql`${storefronts.ownerType} = 'shop'`, eq(shops.id, storefronts.ownerId));

/** A live storefront and its owner's timezone, in one query. */
export async function loadStorefrontWithTimezone(db: Db, storefrontId: string): Promise<StorefrontRow & { timezone: string }> {
  const [row] = await db
    .select({ storefront: storefronts, timezone: storefrontTimezone })
    .from(storefronts)
    .leftJoin(shops, owningShop)
    .where(and(eq(storefronts.id, storefrontId), eq(storefronts.deleted, false)))
    .limit(1);
  if (!row) throw notFound(STOREFRONT_MESSAGES.notFound);
  return { ...row.storefront, timezone: row.timezone };
}

/** A live storefront the signed-in user may manage, or the right error (401, 404, 403). */
export async function requireManagedStorefront(ctx: ServiceCtx, storefrontId: string): Promise<StorefrontRow> {
  if (!ctx.user) throw unauthorized();
  const storefront = await loadStorefront(ctx.db, storefrontId);
  if (!(await canManageStorefront(ctx.db, ctx.user.id, storefront, ctx.deps.clock.now()))) throw forbidden(STOREFRONT_MESSAGES.notManager);
  return storefront;
}

/**
 * The people who run a storefront, for notifications: the user, or the studio owner and its
 * active store managers. As a query of one column of user ids, so a notification can pick them
 * in the statement that queues it. The owner's id and the instant may be placeholders.
 */
export function storefrontManagersQuery(owner: { ownerType: Owner['ownerType']; ownerId: UserArg }, now: TimeArg): SQL {
  if (owner.ownerType === 'user') return sql`select ${owner.ownerId}::uuid`;
  return sql`select ${shops.ownerId} from ${shops} where ${shops.id} = ${owner.ownerId}::uuid and ${shops.ownerId} is not null
    union select ${shopUsers.userId} from ${shopUsers} where ${shopUsers.shopId} = ${owner.ownerId}::uuid and ${activeStoreManagerAt(now)}`;
}

/** The notification recipient for "the owner": the user, or the studio's owner. */
export async function storefrontOwnerUserId(db: Db, owner: Owner): Promise<string | null> {
  if (owner.ownerType === 'user') return owner.ownerId;
  const [shop] = await db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, owner.ownerId)).limit(1);
  return shop?.ownerId ?? null;
}

/** The owner's display name and timezone (a user has none: the studio default, America/Los_Angeles). */
export async function storefrontOwnerInfo(db: Db, owner: Owner): Promise<{ ownerName: string; timezone: string }> {
  if (owner.ownerType === 'user') {
    const [user] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, owner.ownerId)).limit(1);
    return { ownerName: user?.displayName ?? '', timezone: DEFAULT_SHOP_TIMEZONE };
  }
  const [shop] = await db.select({ name: shops.name, timezone: shops.timezone }).from(shops).where(eq(shops.id, owner.ownerId)).limit(1);
  return { ownerName: shop?.name ?? '', timezone: shop?.timezone ?? DEFAULT_SHOP_TIMEZONE };
}
