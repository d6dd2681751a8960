import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type MaintenanceSource, type MaintenanceTool, maintenanceRuns, users } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { MINUTE } from '../../lib/time';
import type { listRunsInput, runByIdInput } from './inputs';
import type { DeletionAnalysis } from './rules';

// Every run of a maintenance tool is a maintenance_runs row: who (actor or the CLI's operator),
// what (tool, options, dry run), when (started, finished) and the counts. The row is written at the
// start, refreshed after every batch (counts, log, heartbeat) and closed at the end, so a run that
// was killed still shows how far it got.

/** Log lines kept with a run (the newest); the CLI prints every line as it comes. */
export const MAX_LOG_LINES = 1000;
/** A 'running' row without a heartbeat for this long belongs to a process that is gone. */
export const STALE_RUN_MS = 10 * MINUTE;
/** How often a run refreshes its record between batches. */
export const FLUSH_INTERVAL_MS = 1000;
export const INTERRUPTED_MESSAGE = 'Interrupted before it finished';

export type RunHooks = {
  /** Every log line, as it is written. */
  onLog?(line: string): void;
  /** After every batch. */
  onProgress?(progress: { phase: string; done: number; total: number }): void;
  /** Every analysis record of the cleanup (the run result keeps only the first ones per table). */
  onAnalysis?(record: DeletionAnalysis): void;
};

export type RunStart = {
  tool: MaintenanceTool;
  source: MaintenanceSource;
  options: Record<string, unknown>;
  dryRun: boolean;
  runId?: string;
};

export class RunRecorder {
  readonly logs: string[] = [];
  droppedLogLines = 0;
  private lastFlushAt = Date.now();
  private countsHeld = false;
  private constructor(
    private readonly ctx: ServiceCtx,
    readonly id: string,
    readonly startedAt: Date,
    private readonly hooks: RunHooks,
  ) {}

  static async start(ctx: ServiceCtx, start: RunStart, hooks: RunHooks = {}): Promise<RunRecorder> {
    const now = ctx.deps.clock.now();
    await closeStaleRuns(ctx, start.tool, now);
    try {
      const [row] = await ctx.db
        .insert(maintenanceRuns)
        .values({
          ...(start.runId ? { id: start.runId } : {}),
          tool: start.tool,
          actorId: ctx.user?.id ?? null,
          source: start.source,
          options: start.options,
          dryRun: start.dryRun,
          status: 'running',
          counts: {},
          result: { logs: [], heartbeatAt: now.toISOString() },
          startedAt: now,
        })
        .returning({ id: maintenanceRuns.id });
      return new RunRecorder(ctx, row.id, now, hooks);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This run has already been started');
      throw error;
    }
  }

  log(line: string) {
    this.logs.push(line);
    if (this.logs.length > MAX_LOG_LINES) {
      this.logs.shift();
      this.droppedLogLines++;
    }
    this.hooks.onLog?.(line);
  }

  progress(phase: string, done: number, total: number) {
    this.hooks.onProgress?.({ phase, done, total });
  }

  analysis(record: DeletionAnalysis) {
    this.hooks.onAnalysis?.(record);
  }

  /**
   * From now until finish, the run's writes sit in one open transaction. A refresh then carries the
   * log and the heartbeat but not the counts: they are not true until the commit, and a rollback or
   * a kill undoes them. On PGlite nothing is refreshed: its one connection serves the transaction,
   * and a refresh from outside it would wait for the transaction, which waits for the refresh.
   */
  holdCountsUntilFinish() {
    this.countsHeld = true;
  }

  /**
   * Counts and log so far, at most once per FLUSH_INTERVAL_MS unless `force` (after every batch):
   * the console polls the record while a run goes on, and a killed run shows how far it got.
   */
  async flush(counts: Record<string, number>, { force = true, extra = {} }: { force?: boolean; extra?: Record<string, unknown> } = {}) {
    const at = Date.now();
    if (!force && at - this.lastFlushAt < FLUSH_INTERVAL_MS) return;
    if (this.countsHeld && this.ctx.deps.database.kind === 'pglite') return;
    this.lastFlushAt = at;
    // Best effort: a failed refresh never fails the run.
    try {
      await this.ctx.db
        .update(maintenanceRuns)
        .set({
          ...(this.countsHeld ? {} : { counts }),
          result: {
            ...extra,
            logs: this.logs,
            droppedLogLines: this.droppedLogLines,
            heartbeatAt: this.ctx.deps.clock.now().toISOString(),
          },
        })
        .where(eq(maintenanceRuns.id, this.id));
    } catch (error) {
      this.ctx.deps.logger.warn({ err: error, runId: this.id }, 'could not refresh the maintenance run record');
    }
  }

  async finish(success: boolean, counts: Record<string, number>, result: Record<string, unknown>) {
    const finishedAt = this.ctx.deps.clock.now();
    try {
      await this.ctx.db
        .update(maintenanceRuns)
        .set({
          status: success ? 'succeeded' : 'failed',
          counts,
          result: { ...result, logs: this.logs, droppedLogLines: this.droppedLogLines },
          finishedAt,
        })
        .where(eq(maintenanceRuns.id, this.id));
    } catch (error) {
      this.ctx.deps.logger.error({ err: error, runId: this.id }, 'could not close the maintenance run record');
    }
    return finishedAt;
  }
}

/** Runs of this tool still 'running' without a recent heartbeat were killed: mark them failed. */
async function closeStaleRuns(ctx: ServiceCtx, tool: MaintenanceTool, now: Date) {
  const staleBefore = new Date(now.getTime() - STALE_RUN_MS).toISOString();
  await ctx.db
    .update(maintenanceRuns)
    .set({
      status: 'failed',
      finishedAt: now,
      result: sql`coalesce(${maintenanceRuns.result}, '{}'::jsonb) || jsonb_build_object('error', ${INTERRUPTED_MESSAGE}::text)`,
    })
    .where(
      and(
        eq(maintenanceRuns.tool, tool),
        eq(maintenanceRuns.status, 'running'),
        sql`coalesce(${maintenanceRuns.result} ->> 'heartbeatAt', ${maintenanceRuns.startedAt}::text)::timestamptz < ${staleBefore}::timestamptz`,
      ),
    );
}

const runColumns = {
  id: maintenanceRuns.id,
  tool: maintenanceRuns.tool,
  source: maintenanceRuns.source,
  options: maintenanceRuns.options,
  dryRun: maintenanceRuns.dryRun,
  status: maintenanceRuns.status,
  counts: maintenanceRuns.counts,
  startedAt: maintenanceRuns.startedAt,
  finishedAt: maintenanceRuns.finishedAt,
  actorId: maintenanceRuns.actorId,
  actorName: users.displayName,
  actorEmail: users.email,
};

/** The newest runs (of one tool, or all), for the Migrations tab. */
export async function listRuns({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof listRunsInput> }) {
  const rows = await ctx.db
    .select({ ...runColumns, error: sql<string | null>`${maintenanceRuns.result} ->> 'error'` })
    .from(maintenanceRuns)
    .leftJoin(users, eq(users.id, maintenanceRuns.actorId))
    .where(input.tool ? eq(maintenanceRuns.tool, input.tool) : undefined)
    .orderBy(desc(maintenanceRuns.startedAt), desc(maintenanceRuns.id))
    .limit(input.limit);
  return rows.map(({ options, ...row }) => ({ ...row, operator: typeof options.operator === 'string' ? options.operator : null, options }));
}

/** One run with its result (log, analysis tables); the console polls it while a run is going. */
export async function getRun({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof runByIdInput> }) {
  const [row] = await ctx.db
    .select({ ...runColumns, result: maintenanceRuns.result })
    .from(maintenanceRuns)
    .leftJoin(users, eq(users.id, maintenanceRuns.actorId))
    .where(eq(maintenanceRuns.id, input.id))
    .limit(1);
  if (!row) throw notFound('Run not found');
  return row;
}
