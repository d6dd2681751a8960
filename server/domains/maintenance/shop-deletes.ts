import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, images, orders, pendingFileDeletions, products, shopInvitations, shops, shopUsers, storefronts, threads } from '../../db/schema';
import { sqlTime } from '../../db/sql';
import { type ServiceCtx, withTransaction } from '../../service-context';
import {
  type ActiveArtistsLookup,
  analyzeDeletedShop,
  analyzeLiveShop,
  BATCH_SIZE,
  type DeletionAnalysis,
  type DeletionSettings,
  errorMessage,
  isShopUserActive,
  SOFT_DELETE_MARKER,
} from './rules';

// The writes of the inactive-shops cleanup, one shop at a time. Each deletion runs in its own
// transaction that locks the shop row and decides again on what it reads there, so a shop edited or
// given a member while a run goes on is left alone, two runs at once delete a shop once, and a run
// killed at any point leaves every shop either untouched or fully processed.

/** The shop fields the decisions read (spec 2 §3 Migration Shop fields). */
export const cleanupColumns = {
  id: shops.id,
  name: shops.name,
  isActive: shops.isActive,
  isFeatured: shops.isFeatured,
  quality: shops.quality,
  deleted: shops.deleted,
  deletedAt: shops.deletedAt,
  lastUpdated: shops.lastUpdated,
};

/** What a deletion did: done (with the stored files it queued), or left alone with the fresh analysis that protects the shop (null when the shop is gone). */
export type DeleteOutcome = { done: true; fileKeys: string[] } | { done: false; analysis: DeletionAnalysis | null };

/**
 * Shops of `ids` with a currently active, non-deleted shop-user (spec 2 §4). The memberships are
 * read and judged by isShopUserActive, the one statement of the rule (a missing startDate counts as
 * the earliest time; an endDate must be in the future).
 */
export async function shopsWithActiveArtists(db: Db, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ shopId: shopUsers.shopId, deleted: shopUsers.deleted, startDate: shopUsers.startDate, endDate: shopUsers.endDate })
    .from(shopUsers)
    .where(and(inArray(shopUsers.shopId, ids), eq(shopUsers.deleted, false)));
  return new Set(rows.filter((row) => isShopUserActive(row, now)).map((row) => row.shopId));
}

/** Phase 1 for one shop, in its own transaction, deciding again on the locked row. */
export async function softDeleteShop(ctx: ServiceCtx, shopId: string, settings: DeletionSettings): Promise<DeleteOutcome> {
  return withTransaction(ctx, async (tx) => {
    const [shop] = await tx.db
      .select({ ...cleanupColumns, deletedBy: shops.deletedBy })
      .from(shops)
      .where(and(eq(shops.id, shopId), eq(shops.deleted, false)))
      .for('update');
    if (!shop) return { done: false, analysis: null };
    const now = tx.deps.clock.now();
    // Inserting a shop-user takes a key-share lock on this row, so no membership can appear
    // between this check and the commit.
    const active: ActiveArtistsLookup = settings.checkActiveArtists ? (await shopsWithActiveArtists(tx.db, [shop.id], now)).has(shop.id) : false;
    const analysis = analyzeLiveShop(shop, active, settings, now);
    if (!analysis.shouldSoftDelete) return { done: false, analysis };
    await tx.db
      .update(shops)
      .set({ deleted: true, deletedAt: now, deletedBy: SOFT_DELETE_MARKER, lastUpdated: now })
      .where(eq(shops.id, shop.id));
    await tx.db.insert(auditLog).values({
      actorId: tx.user?.id ?? null,
      action: 'shop.soft_delete',
      entityType: 'shop',
      entityId: shop.id,
      before: { deleted: false, deletedAt: null, deletedBy: shop.deletedBy, lastUpdated: shop.lastUpdated?.toISOString() ?? null },
      after: { deleted: true, deletedAt: now.toISOString(), deletedBy: SOFT_DELETE_MARKER, lastUpdated: now.toISOString() },
      createdAt: now,
    });
    return { done: true, fileKeys: [] };
  });
}

/** The storage keys of an image row: the main file and every variant of ours. */
function imageKeys(ctx: ServiceCtx, image: { storageKey: string | null; url: string; variants: Array<{ url: string }> }): string[] {
  const keys = [image.storageKey ?? ctx.deps.storage.keyFromUrl(image.url), ...image.variants.map((v) => ctx.deps.storage.keyFromUrl(v.url))];
  return [...new Set(keys.filter((k): k is string => Boolean(k)))];
}

/**
 * Phase 2 for one shop, in one transaction: the shop's memberships, invitations, threads (their
 * messages and participants cascade), images (files queued in pending_file_deletions), storefront
 * products and the storefront itself, then the shop. Orders are the buyers' records and are kept:
 * a storefront that has orders stays as a closed, deleted row they point to (without products);
 * one without orders is removed. Subscriptions keep their history (studio_id set null by its key).
 */
export async function hardDeleteShop(ctx: ServiceCtx, shopId: string, settings: DeletionSettings): Promise<DeleteOutcome> {
  return withTransaction(ctx, async (tx) => {
    const [shop] = await tx.db.select().from(shops).where(and(eq(shops.id, shopId), eq(shops.deleted, true))).for('update');
    if (!shop) return { done: false, analysis: null };
    const now = tx.deps.clock.now();
    const analysis = analyzeDeletedShop(shop, settings, now);
    if (!analysis.shouldHardDelete) return { done: false, analysis };

    const fronts = await tx.db
      .select({ id: storefronts.id })
      .from(storefronts)
      .where(and(eq(storefronts.ownerType, 'shop'), eq(storefronts.ownerId, shop.id)))
      .for('update');
    const frontIds = fronts.map((f) => f.id);
    let removedProducts = 0;
    const keptStorefronts: string[] = [];
    if (frontIds.length > 0) {
      removedProducts = (await tx.db.delete(products).where(inArray(products.storefrontId, frontIds)).returning({ id: products.id })).length;
      const withOrders = await tx.db
        .selectDistinct({ storefrontId: orders.storefrontId })
        .from(orders)
        .where(inArray(orders.storefrontId, frontIds));
      const keepIds = new Set(withOrders.map((o) => o.storefrontId));
      for (const id of frontIds) {
        if (keepIds.has(id)) {
          keptStorefronts.push(id);
          await tx.db
            .update(storefronts)
            .set({ deleted: true, deletedAt: sql`coalesce(${storefronts.deletedAt}, ${sqlTime(now)})`, isActive: false, featured: false, updatedAt: now })
            .where(eq(storefronts.id, id));
        } else {
          await tx.db.delete(storefronts).where(eq(storefronts.id, id));
        }
      }
    }

    const removedImages = await tx.db
      .delete(images)
      .where(and(eq(images.accountType, 'shop'), eq(images.accountId, shop.id)))
      .returning({ storageKey: images.storageKey, url: images.url, variants: images.variants });
    const fileKeys = [...new Set(removedImages.flatMap((image) => imageKeys(tx, image)))];
    if (fileKeys.length > 0) {
      await tx.db
        .insert(pendingFileDeletions)
        .values(fileKeys.map((key) => ({ key, reason: `shop.hard_delete:${shop.id}`, createdAt: now })))
        .onConflictDoNothing();
    }
    const removedThreads = (await tx.db.delete(threads).where(eq(threads.shopId, shop.id)).returning({ id: threads.id })).length;
    const removedInvitations = (await tx.db.delete(shopInvitations).where(eq(shopInvitations.shopId, shop.id)).returning({ id: shopInvitations.id }))
      .length;
    const removedMembers = (await tx.db.delete(shopUsers).where(eq(shopUsers.shopId, shop.id)).returning({ id: shopUsers.id })).length;
    await tx.db.delete(shops).where(eq(shops.id, shop.id));

    await tx.db.insert(auditLog).values({
      actorId: tx.user?.id ?? null,
      action: 'shop.hard_delete',
      entityType: 'shop',
      entityId: shop.id,
      before: {
        name: shop.name,
        ownerId: shop.ownerId,
        city: shop.city,
        state: shop.state,
        deletedAt: shop.deletedAt?.toISOString() ?? null,
        deletedBy: shop.deletedBy,
        isFeatured: shop.isFeatured,
        quality: shop.quality,
      },
      after: {
        removed: {
          shopUsers: removedMembers,
          invitations: removedInvitations,
          threads: removedThreads,
          images: removedImages.length,
          files: fileKeys.length,
          products: removedProducts,
          storefronts: frontIds.length - keptStorefronts.length,
        },
        keptStorefrontsWithOrders: keptStorefronts,
      },
      createdAt: now,
    });
    return { done: true, fileKeys };
  });
}

/**
 * Deletes queued files through the storage provider and clears their queue rows. With `keys`, only
 * those (right after a hard delete); without, the whole queue (leftovers of an interrupted run).
 * Returns the number of files that could not be deleted (they stay queued).
 */
export async function drainFileDeletions(ctx: ServiceCtx, keys?: string[], log?: (line: string) => void): Promise<number> {
  let failures = 0;
  const deleteOne = async (key: string) => {
    try {
      await ctx.deps.storage.delete(key);
      await ctx.db.delete(pendingFileDeletions).where(eq(pendingFileDeletions.key, key));
    } catch (error) {
      failures++;
      log?.(`ERROR deleting stored file ${key}: ${errorMessage(error)}`);
    }
  };
  if (keys) {
    for (const key of keys) await deleteOne(key);
    return failures;
  }
  let after: string | null = null;
  for (;;) {
    const rows: Array<{ key: string }> = await ctx.db
      .select({ key: pendingFileDeletions.key })
      .from(pendingFileDeletions)
      .where(after ? gt(pendingFileDeletions.key, after) : undefined)
      .orderBy(asc(pendingFileDeletions.key))
      .limit(BATCH_SIZE);
    if (rows.length === 0) break;
    for (const row of rows) await deleteOne(row.key);
    after = rows[rows.length - 1].key;
  }
  return failures;
}
