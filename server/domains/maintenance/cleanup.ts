import { and, asc, count, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  auditLog,
  images,
  orders,
  pendingFileDeletions,
  products,
  shopInvitations,
  shops,
  shopUsers,
  storefronts,
  threads,
} from '../../db/schema';
import { sqlTime } from '../../db/sql';
import { type ServiceCtx, withTransaction } from '../../lib/context';
import { type RunHooks, RunRecorder } from './runs';
import {
  type ActiveArtistsLookup,
  analyzeDeletedShop,
  analyzeLiveShop,
  BATCH_SIZE,
  type CleanupCounts,
  type CleanupMode,
  type CleanupShop,
  type DeletionAnalysis,
  type DeletionSettings,
  errorMessage,
  SOFT_DELETE_MARKER,
  settingsForMode,
} from './rules';

// The inactive-shops cleanup (spec 2 §2, §4, §5, §8, §9): one service behind the Migrations tab,
// the `npm run shop-cleanup` CLI and the console's window functions.
//
// Shops are streamed by keyset pagination (id order, 500 a batch), so memory does not grow with the
// number of shops. Phase 1 analyses live shops and soft deletes those that qualify; phase 2 analyses
// soft-deleted shops and removes those past the grace period. Every deletion runs in its own
// transaction that locks the shop row and decides again on what it reads there, so a shop edited or
// given a member while the run goes on is left alone, and a run killed at any point can be run again
// to reach the state of one uninterrupted run. A failed shop counts as failed and the run goes on.

/** Rows of each result table kept with the run (the CLI's --json prints every record). */
export const ANALYSIS_TABLE_LIMIT = 1000;

const cleanupColumns = {
  id: shops.id,
  name: shops.name,
  isActive: shops.isActive,
  isFeatured: shops.isFeatured,
  quality: shops.quality,
  deleted: shops.deleted,
  deletedAt: shops.deletedAt,
  lastUpdated: shops.lastUpdated,
};

export type CleanupRunResult = CleanupCounts & {
  runId: string;
  success: boolean;
  dryRun: boolean;
  mode: CleanupMode | null;
  settings: DeletionSettings;
  /** Records of the result tables (at most ANALYSIS_TABLE_LIMIT per table). */
  analysis: DeletionAnalysis[];
  /** Records per table in the whole run, when more were analysed than kept. */
  analysisTotals: { soft: number; hard: number; protected: number; failed: number };
  logs: string[];
  error: string | null;
  startedAt: Date;
  finishedAt: Date;
};

type Collector = {
  counts: CleanupCounts;
  kept: DeletionAnalysis[];
  totals: { soft: number; hard: number; protected: number; failed: number };
};

function keep(collector: Collector, run: RunRecorder, record: DeletionAnalysis, table: 'soft' | 'hard' | 'protected') {
  collector.totals[table]++;
  if (collector.totals[table] <= ANALYSIS_TABLE_LIMIT) collector.kept.push(record);
  run.analysis(record);
}

/** Shops of `ids` with a currently active, non-deleted shop-user (spec 2 §4). */
export async function shopsWithActiveArtists(db: Db, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ shopId: shopUsers.shopId })
    .from(shopUsers)
    .where(
      and(
        inArray(shopUsers.shopId, ids),
        eq(shopUsers.deleted, false),
        // start_date is NOT NULL in this schema; a missing one would count as the earliest time.
        or(isNull(shopUsers.startDate), lte(shopUsers.startDate, now)),
        or(isNull(shopUsers.endDate), gt(shopUsers.endDate, now)),
      ),
    );
  return new Set(rows.map((r) => r.shopId));
}

async function nextBatch(db: Db, deleted: boolean, afterId: string | null) {
  return db
    .select(cleanupColumns)
    .from(shops)
    .where(and(eq(shops.deleted, deleted), afterId ? gt(shops.id, afterId) : undefined))
    .orderBy(asc(shops.id))
    .limit(BATCH_SIZE);
}

type DeleteOutcome = { done: true } | { done: false; analysis: DeletionAnalysis | null };

/** Phase 1 for one shop, in its own transaction, deciding again on the locked row. */
async function softDeleteShop(ctx: ServiceCtx, shopId: string, settings: DeletionSettings): Promise<DeleteOutcome> {
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
    return { done: true };
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
async function hardDeleteShop(ctx: ServiceCtx, shopId: string, settings: DeletionSettings): Promise<DeleteOutcome & { fileKeys?: string[] }> {
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

export type CleanupRequest = {
  /** The button pressed in the console (its forced settings apply); null for the CLI's own settings. */
  mode: CleanupMode | null;
  settings: DeletionSettings;
  source: 'cli' | 'console';
  runId?: string;
  /** Extra options recorded with the run (e.g. the CLI's operator). */
  recordOptions?: Record<string, unknown>;
};

/** Runs the cleanup and records it; never throws once the run is recorded (the result says how it went). */
export async function runShopCleanup({
  ctx,
  input,
  hooks = {},
  lookupActiveArtists = shopsWithActiveArtists,
}: {
  ctx: ServiceCtx;
  input: CleanupRequest;
  hooks?: RunHooks;
  /** The batch lookup of shops with active artists (replaceable to exercise its failure path). */
  lookupActiveArtists?: typeof shopsWithActiveArtists;
}): Promise<CleanupRunResult> {
  const settings = input.mode ? settingsForMode(input.mode, input.settings) : input.settings;
  const run = await RunRecorder.start(
    ctx,
    {
      tool: 'shop-cleanup',
      source: input.source,
      options: { ...input.recordOptions, mode: input.mode, settings },
      dryRun: settings.dryRun,
      runId: input.runId,
    },
    hooks,
  );
  const collector: Collector = {
    counts: { analyzed: 0, softDeleted: 0, hardDeleted: 0, failed: 0, protected: 0 },
    kept: [],
    totals: { soft: 0, hard: 0, protected: 0, failed: 0 },
  };
  const { counts } = collector;
  let error: string | null = null;

  const describe = [
    settings.dryRun ? 'DRY RUN (preview only): nothing will be changed' : 'LIVE RUN: shops will be deleted',
    `soft delete ${settings.enableSoftDelete ? 'on' : 'off'}, hard delete ${settings.enableHardDelete ? 'on' : 'off'}`,
    `months since last update >= ${settings.monthsInactive}, quality <= ${settings.maxQuality}, require isActive = false ${settings.requireInactive ? 'on' : 'off'}`,
    `protect featured (soft) ${settings.protectFeaturedSoft ? 'on' : 'off'}, protect featured (hard) ${settings.protectFeaturedHard ? 'on' : 'off'}, protect shops with active artists ${settings.checkActiveArtists ? 'on' : 'off'}`,
    `days since soft delete >= ${settings.daysSinceSoftDelete}`,
  ];
  run.log(`Starting inactive shops deletion (${input.mode ?? 'custom'}).`);
  for (const line of describe) run.log(`  ${line}`);

  try {
    if (!settings.dryRun) {
      const leftovers = await drainFileDeletions(ctx, undefined, (l) => run.log(l));
      if (leftovers > 0) run.log(`ERROR ${leftovers} stored files of earlier hard deletes could not be deleted; they stay queued`);
    }

    if (settings.enableSoftDelete) {
      const [{ n: total }] = await ctx.db.select({ n: count() }).from(shops).where(eq(shops.deleted, false));
      run.log(`Phase 1 (soft delete): ${total} live shops to analyze.`);
      let done = 0;
      let afterId: string | null = null;
      for (;;) {
        const batch: CleanupShop[] = await nextBatch(ctx.db, false, afterId);
        if (batch.length === 0) break;
        afterId = batch[batch.length - 1].id;
        const now = ctx.deps.clock.now();
        let active: Set<string> | 'lookup_failed' = new Set();
        if (settings.checkActiveArtists) {
          try {
            active = await lookupActiveArtists(
              ctx.db,
              batch.map((s) => s.id),
              now,
            );
          } catch (lookupError) {
            active = 'lookup_failed';
            run.log(`ERROR checking active artists for ${batch.length} shops (treated as having active artists): ${errorMessage(lookupError)}`);
          }
        }
        for (const shop of batch) {
          counts.analyzed++;
          let analysis: DeletionAnalysis;
          try {
            const lookup: ActiveArtistsLookup = active === 'lookup_failed' ? 'lookup_failed' : active.has(shop.id);
            analysis = analyzeLiveShop(shop, lookup, settings, now);
          } catch (analysisError) {
            counts.failed++;
            run.log(`ERROR analyzing shop ${shop.name} (${shop.id}): ${errorMessage(analysisError)}`);
            continue;
          }
          if (!analysis.shouldSoftDelete) {
            counts.protected++;
            keep(collector, run, analysis, 'protected');
            continue;
          }
          if (settings.dryRun) {
            counts.softDeleted++;
            keep(collector, run, analysis, 'soft');
            continue;
          }
          try {
            const outcome = await softDeleteShop(ctx, shop.id, settings);
            if (outcome.done) {
              counts.softDeleted++;
              keep(collector, run, analysis, 'soft');
              run.log(`Soft deleted ${shop.name} (${shop.id})`);
            } else {
              counts.protected++;
              if (outcome.analysis) keep(collector, run, outcome.analysis, 'protected');
              run.log(`Skipped ${shop.name} (${shop.id}): changed during the run`);
            }
          } catch (deleteError) {
            counts.failed++;
            collector.totals.failed++;
            run.log(`ERROR soft deleting ${shop.name} (${shop.id}): ${errorMessage(deleteError)}`);
          }
        }
        done += batch.length;
        run.progress('soft', done, total);
        await run.flush({ ...counts });
      }
      run.log(`Phase 1 done: ${counts.softDeleted} ${settings.dryRun ? 'would be soft deleted' : 'soft deleted'}.`);
    }

    if (settings.enableHardDelete) {
      const [{ n: total }] = await ctx.db.select({ n: count() }).from(shops).where(eq(shops.deleted, true));
      run.log(`Phase 2 (hard delete): ${total} soft-deleted shops to analyze.`);
      let done = 0;
      let afterId: string | null = null;
      for (;;) {
        const batch: CleanupShop[] = await nextBatch(ctx.db, true, afterId);
        if (batch.length === 0) break;
        afterId = batch[batch.length - 1].id;
        const now = ctx.deps.clock.now();
        for (const shop of batch) {
          counts.analyzed++;
          let analysis: DeletionAnalysis;
          try {
            analysis = analyzeDeletedShop(shop, settings, now);
          } catch (analysisError) {
            counts.failed++;
            run.log(`ERROR analyzing shop ${shop.name} (${shop.id}): ${errorMessage(analysisError)}`);
            continue;
          }
          if (!analysis.shouldHardDelete) {
            counts.protected++;
            keep(collector, run, analysis, 'protected');
            continue;
          }
          if (settings.dryRun) {
            counts.hardDeleted++;
            keep(collector, run, analysis, 'hard');
            continue;
          }
          try {
            const outcome = await hardDeleteShop(ctx, shop.id, settings);
            if (outcome.done) {
              counts.hardDeleted++;
              keep(collector, run, analysis, 'hard');
              run.log(`Hard deleted ${shop.name} (${shop.id})`);
              if (outcome.fileKeys?.length) await drainFileDeletions(ctx, outcome.fileKeys, (l) => run.log(l));
            } else {
              counts.protected++;
              if (outcome.analysis) keep(collector, run, outcome.analysis, 'protected');
              run.log(`Skipped ${shop.name} (${shop.id}): changed during the run`);
            }
          } catch (deleteError) {
            counts.failed++;
            collector.totals.failed++;
            run.log(`ERROR hard deleting ${shop.name} (${shop.id}): ${errorMessage(deleteError)}`);
          }
        }
        done += batch.length;
        run.progress('hard', done, total);
        await run.flush({ ...counts });
      }
      run.log(`Phase 2 done: ${counts.hardDeleted} ${settings.dryRun ? 'would be hard deleted' : 'hard deleted'}.`);
    }
    run.log(
      `Done: analyzed ${counts.analyzed}, ${settings.dryRun ? 'would soft delete' : 'soft deleted'} ${counts.softDeleted}, ` +
        `${settings.dryRun ? 'would hard delete' : 'hard deleted'} ${counts.hardDeleted}, protected ${counts.protected}, failed ${counts.failed}.`,
    );
  } catch (runError) {
    error = errorMessage(runError);
    run.log(`ERROR ${error}`);
  }

  const success = error === null && counts.failed === 0;
  const analysisTotals = collector.totals;
  const finishedAt = await run.finish(success, { ...counts }, {
    error,
    analysis: collector.kept,
    analysisTotals,
  });
  return {
    runId: run.id,
    success,
    dryRun: settings.dryRun,
    mode: input.mode,
    settings,
    ...counts,
    analysis: collector.kept,
    analysisTotals,
    logs: [...run.logs],
    error,
    startedAt: run.startedAt,
    finishedAt,
  };
}
