import { and, asc, count, eq, gt } from 'drizzle-orm';
import { shops } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
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
  settingsForMode,
} from './rules';
import { cleanupColumns, type DeleteOutcome, drainFileDeletions, hardDeleteShop, shopsWithActiveArtists, softDeleteShop } from './shop-deletes';

// The inactive-shops cleanup (spec 2 §2, §4, §5, §8, §9): one service behind the Migrations tab,
// the `npm run shop-cleanup` CLI and the console's window functions.
//
// Shops are streamed by keyset pagination (id order, 500 a batch), so memory does not grow with the
// number of shops. Phase 1 analyses live shops and soft deletes those that qualify; phase 2 analyses
// soft-deleted shops and removes those past the grace period (shop-deletes.ts does the writes, one
// transaction per shop). A failed shop counts as failed and the run goes on.

/** Rows of each result table kept with the run (the CLI's --json prints every record). */
export const ANALYSIS_TABLE_LIMIT = 1000;

type TableTotals = { soft: number; hard: number; protected: number; failed: number };

export type CleanupRunResult = CleanupCounts & {
  runId: string;
  success: boolean;
  dryRun: boolean;
  mode: CleanupMode | null;
  settings: DeletionSettings;
  /** Records of the result tables (at most ANALYSIS_TABLE_LIMIT per table). */
  analysis: DeletionAnalysis[];
  /** Records per table in the whole run, when more were analysed than kept. */
  analysisTotals: TableTotals;
  logs: string[];
  error: string | null;
  startedAt: Date;
  finishedAt: Date;
};

export type CleanupRequest = {
  /** The button pressed in the console (its forced settings apply); null for the CLI's own settings. */
  mode: CleanupMode | null;
  settings: DeletionSettings;
  source: 'cli' | 'console';
  runId?: string;
  /** Extra options recorded with the run (e.g. the CLI's operator). */
  recordOptions?: Record<string, unknown>;
};

/** One phase: which shops it streams, how a batch is analysed, and the write for a shop that qualifies. */
type Phase = {
  table: 'soft' | 'hard';
  deleted: boolean;
  title: string;
  /** Returns the analysis of each shop of the batch (may read more data for the whole batch first). */
  prepare(batch: CleanupShop[], now: Date): Promise<(shop: CleanupShop) => DeletionAnalysis>;
  apply(shopId: string): Promise<DeleteOutcome>;
};

class CleanupTally {
  readonly counts: CleanupCounts = { analyzed: 0, softDeleted: 0, hardDeleted: 0, failed: 0, protected: 0 };
  readonly kept: DeletionAnalysis[] = [];
  readonly totals: TableTotals = { soft: 0, hard: 0, protected: 0, failed: 0 };
  constructor(private readonly run: RunRecorder) {}

  record(analysis: DeletionAnalysis, table: 'soft' | 'hard' | 'protected') {
    if (table === 'soft') this.counts.softDeleted++;
    else if (table === 'hard') this.counts.hardDeleted++;
    else this.counts.protected++;
    this.totals[table]++;
    if (this.totals[table] <= ANALYSIS_TABLE_LIMIT) this.kept.push(analysis);
    this.run.analysis(analysis);
  }

  fail(line: string) {
    this.counts.failed++;
    this.totals.failed++;
    this.run.log(`ERROR ${line}`);
  }
}

async function runPhase(ctx: ServiceCtx, run: RunRecorder, tally: CleanupTally, phase: Phase, dryRun: boolean) {
  const [{ n: total }] = await ctx.db.select({ n: count() }).from(shops).where(eq(shops.deleted, phase.deleted));
  run.log(`${phase.title}: ${total} ${phase.deleted ? 'soft-deleted' : 'live'} shops to analyze.`);
  const verb = phase.table === 'soft' ? 'Soft deleted' : 'Hard deleted';
  let done = 0;
  let afterId: string | null = null;
  for (;;) {
    const batch: CleanupShop[] = await ctx.db
      .select(cleanupColumns)
      .from(shops)
      .where(and(eq(shops.deleted, phase.deleted), afterId ? gt(shops.id, afterId) : undefined))
      .orderBy(asc(shops.id))
      .limit(BATCH_SIZE);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1].id;
    const analyze = await phase.prepare(batch, ctx.deps.clock.now());
    for (const shop of batch) {
      tally.counts.analyzed++;
      let analysis: DeletionAnalysis;
      try {
        analysis = analyze(shop);
      } catch (analysisError) {
        tally.fail(`analyzing shop ${shop.name} (${shop.id}): ${errorMessage(analysisError)}`);
        continue;
      }
      const qualifies = phase.table === 'soft' ? analysis.shouldSoftDelete : analysis.shouldHardDelete;
      if (!qualifies || dryRun) {
        tally.record(analysis, qualifies ? phase.table : 'protected');
        continue;
      }
      try {
        const outcome = await phase.apply(shop.id);
        if (outcome.done) {
          tally.record(analysis, phase.table);
          run.log(`${verb} ${shop.name} (${shop.id})`);
          if (outcome.fileKeys.length > 0) await drainFileDeletions(ctx, outcome.fileKeys, (line) => run.log(line));
        } else {
          if (outcome.analysis) tally.record(outcome.analysis, 'protected');
          else tally.counts.protected++;
          run.log(`Skipped ${shop.name} (${shop.id}): changed during the run`);
        }
      } catch (deleteError) {
        tally.fail(`${phase.table} delete of ${shop.name} (${shop.id}) failed: ${errorMessage(deleteError)}`);
      }
      await run.flush({ ...tally.counts }, { force: false });
    }
    done += batch.length;
    run.progress(phase.table, done, total);
    await run.flush({ ...tally.counts });
  }
  const phaseCount = phase.table === 'soft' ? tally.counts.softDeleted : tally.counts.hardDeleted;
  run.log(`${phase.title} done: ${phaseCount} ${dryRun ? `would be ${verb.toLowerCase()}` : verb.toLowerCase()}.`);
}

function describeSettings(settings: DeletionSettings): string[] {
  const onOff = (value: boolean) => (value ? 'on' : 'off');
  return [
    settings.dryRun ? 'DRY RUN (preview only): nothing will be changed' : 'LIVE RUN: shops will be deleted',
    `soft delete ${onOff(settings.enableSoftDelete)}, hard delete ${onOff(settings.enableHardDelete)}`,
    `months since last update >= ${settings.monthsInactive}, quality <= ${settings.maxQuality}, require isActive = false ${onOff(settings.requireInactive)}`,
    `protect featured (soft) ${onOff(settings.protectFeaturedSoft)}, protect featured (hard) ${onOff(settings.protectFeaturedHard)}, protect shops with active artists ${onOff(settings.checkActiveArtists)}`,
    `days since soft delete >= ${settings.daysSinceSoftDelete}`,
  ];
}

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
    { tool: 'shop-cleanup', source: input.source, options: { ...input.recordOptions, mode: input.mode, settings }, dryRun: settings.dryRun, runId: input.runId },
    hooks,
  );
  const tally = new CleanupTally(run);
  const { counts } = tally;
  let error: string | null = null;

  const softPhase: Phase = {
    table: 'soft',
    deleted: false,
    title: 'Phase 1 (soft delete)',
    async prepare(batch, now) {
      let active: Set<string> | 'lookup_failed' = new Set();
      if (settings.checkActiveArtists) {
        try {
          active = await lookupActiveArtists(
            ctx.db,
            batch.map((s) => s.id),
            now,
          );
        } catch (lookupError) {
          // Spec 2 §5: a failed artist lookup counts as having active artists, which protects.
          active = 'lookup_failed';
          run.log(`ERROR checking active artists for ${batch.length} shops (treated as having active artists): ${errorMessage(lookupError)}`);
        }
      }
      return (shop) => {
        const lookup: ActiveArtistsLookup = active === 'lookup_failed' ? 'lookup_failed' : active.has(shop.id);
        return analyzeLiveShop(shop, lookup, settings, now);
      };
    },
    apply: (shopId) => softDeleteShop(ctx, shopId, settings),
  };
  const hardPhase: Phase = {
    table: 'hard',
    deleted: true,
    title: 'Phase 2 (hard delete)',
    prepare: async (_batch, now) => (shop) => analyzeDeletedShop(shop, settings, now),
    apply: (shopId) => hardDeleteShop(ctx, shopId, settings),
  };

  run.log(`Starting inactive shops deletion (${input.mode ?? 'custom'}).`);
  for (const line of describeSettings(settings)) run.log(`  ${line}`);
  try {
    if (!settings.dryRun) {
      // Files queued by a hard delete whose run was interrupted before it could delete them.
      const leftovers = await drainFileDeletions(ctx, undefined, (line) => run.log(line));
      if (leftovers > 0) run.log(`ERROR ${leftovers} stored files of earlier hard deletes could not be deleted; they stay queued`);
    }
    if (settings.enableSoftDelete) await runPhase(ctx, run, tally, softPhase, settings.dryRun);
    if (settings.enableHardDelete) await runPhase(ctx, run, tally, hardPhase, settings.dryRun);
    const would = (word: string) => (settings.dryRun ? `would ${word}` : `${word}d`);
    run.log(
      `Done: analyzed ${counts.analyzed}, ${would('soft delete')} ${counts.softDeleted}, ${would('hard delete')} ${counts.hardDeleted}, ` +
        `protected ${counts.protected}, failed ${counts.failed}.`,
    );
  } catch (runError) {
    // Spec 2 §8: a failed run still returns the partial counts.
    error = errorMessage(runError);
    run.log(`ERROR ${error}`);
  }

  const success = error === null && counts.failed === 0;
  const finishedAt = await run.finish(success, { ...counts }, { error, analysis: tally.kept, analysisTotals: tally.totals });
  return {
    runId: run.id,
    success,
    dryRun: settings.dryRun,
    mode: input.mode,
    settings,
    ...counts,
    analysis: tally.kept,
    analysisTotals: tally.totals,
    logs: [...run.logs],
    error,
    startedAt: run.startedAt,
    finishedAt,
  };
}
