import os from 'node:os';
import pino from 'pino';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { type AppDeps, createDeps } from '../../deps';
import type { ServiceCtx } from '../../service-context';

// What `npm run shop-cleanup` and `npm run migrate-data` share: the deps (logging to stderr so
// stdout stays the JSON result), the operator recorded with a run, and the terminal progress bar.

/** Exit codes of both commands (CONTRACT.md). */
export const EXIT = { ok: 0, failures: 1, badFlags: 2 } as const;

export async function openCliContext(): Promise<{ ctx: ServiceCtx; deps: AppDeps; close(): Promise<void> }> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: 4 });
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const logger = pino({ level: config.logLevel }, pino.destination(2));
  const deps = createDeps({ ...config, jobs: false }, database, { logger });
  return { ctx: { db: deps.db, user: null, deps }, deps, close: () => database.close() };
}

/** Who ran the command, recorded with the run (the CLI has no signed-in user). */
export function operator(): string {
  try {
    return `${os.userInfo().username}@${os.hostname()}`;
  } catch {
    return `pid ${process.pid}@${os.hostname()}`;
  }
}

/** A one-line progress bar on stderr, drawn only when stderr is a terminal. */
export class ProgressBar {
  private readonly enabled: boolean;
  private drawn = false;
  private lastDraw = 0;
  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    this.enabled = Boolean(stream.isTTY);
  }

  update(label: string, done: number, total: number) {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 50 && done < total) return;
    this.lastDraw = now;
    const width = Math.max(10, Math.min(40, (this.stream.columns ?? 80) - 50));
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * width);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
    this.stream.write(`\r\x1b[2K${label.padEnd(12)} ${bar} ${String(Math.round(ratio * 100)).padStart(3)}% ${done}/${total}`);
    this.drawn = true;
  }

  /** Clears the bar so a log line can be printed, then the next update draws it again. */
  clear() {
    if (!this.enabled || !this.drawn) return;
    this.stream.write('\r\x1b[2K');
    this.drawn = false;
  }

  done() {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
