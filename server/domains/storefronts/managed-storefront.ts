import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { shops, storefronts } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { DEFAULT_SHOP_TIMEZONE } from '../../db/schema/studio-values';
import { managedStorefrontsWhere, type StorefrontRow } from './access';
import { STOREFRONT_MESSAGES } from './inputs';

/** The live storefront, its owner's timezone and whether the user manages it; prepared once per connection. */
const managedStorefrontStatement = (db: Db) =>
  db
    .select({
      storefront: storefronts,
      timezone: shops.timezone,
      managed: sql<boolean>`${managedStorefrontsWhere(sql.placeholder('userId'), sql.placeholder('now'))}`,
    })
    .from(storefronts)
    .leftJoin(shops, and(eq(storefronts.ownerType, 'shop'), eq(shops.id, storefronts.ownerId)))
    .where(and(eq(storefronts.id, sql.placeholder('storefrontId')), eq(storefronts.deleted, false)))
    .limit(1)
    .prepare('managed_storefront_with_timezone');

/**
 * requireManagedStorefront (401, 404, 403 as there) with the owner's timezone, for manager reads
 * that need both, such as the analytics panel: the storefront, the timezone and the manager check
 * in one prepared query instead of three in sequence.
 */
export async function requireManagedStorefrontWithTimezone(ctx: ServiceCtx, storefrontId: string): Promise<StorefrontRow & { timezone: string }> {
  if (!ctx.user) throw unauthorized();
  const [row] = await prepared(ctx.db, 'managed_storefront_with_timezone', managedStorefrontStatement).execute({
    storefrontId,
    userId: ctx.user.id,
    now: ctx.deps.clock.now().toISOString(),
  });
  if (!row) throw notFound(STOREFRONT_MESSAGES.notFound);
  if (!row.managed) throw forbidden(STOREFRONT_MESSAGES.notManager);
  return { ...row.storefront, timezone: row.timezone ?? DEFAULT_SHOP_TIMEZONE };
}
