import { EXIT, openCliContext, operator, ProgressBar } from '../server/domains/maintenance/cli';
import { BadFlags, CLEANUP_USAGE, parseCleanupFlags } from '../server/domains/maintenance/flags';
import { isErrorLine } from '../server/domains/maintenance/rules';
import { runShopCleanup } from '../server/domains/maintenance/service';

// `npm run shop-cleanup -- [flags]`: the inactive-shops deletion tool (CONTRACT.md), the same
// service as the Migrations tab. Defaults are the spec's default deletion settings (spec 2 §9).
// Exit 0 on success, 1 when any shop failed (or the run failed), 2 on bad flags.

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseCleanupFlags>;
  try {
    parsed = parseCleanupFlags(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof BadFlags)) throw error;
    process.stderr.write(`${error.message}\n\n${CLEANUP_USAGE}`);
    return EXIT.badFlags;
  }
  if (parsed.help) {
    process.stdout.write(CLEANUP_USAGE);
    return EXIT.ok;
  }
  const { settings, json } = parsed;
  const cli = await openCliContext();
  const bar = new ProgressBar();
  const out = process.stdout;
  let first = true;
  try {
    if (json) out.write('{"analysis":[');
    const result = await runShopCleanup({
      ctx: cli.ctx,
      input: { mode: null, settings, source: 'cli', recordOptions: { operator: operator(), argv: process.argv.slice(2) } },
      hooks: {
        onLog(line) {
          // With --json stdout is the result, so lines go to stderr (errors only, to keep it short).
          if (json && !isErrorLine(line)) return;
          bar.clear();
          (json ? process.stderr : out).write(`${line}\n`);
        },
        onProgress({ phase, done, total }) {
          bar.update(phase === 'soft' ? 'soft delete' : 'hard delete', done, total);
        },
        onAnalysis(record) {
          if (!json) return;
          out.write(`${first ? '\n' : ',\n'}${JSON.stringify(record)}`);
          first = false;
        },
      },
    });
    bar.done();
    const { analysis: _kept, ...rest } = result;
    if (json) out.write(`\n],${JSON.stringify(rest).slice(1)}\n`);
    else {
      const labels = settings.dryRun ? ['Would Soft Delete', 'Would Hard Delete'] : ['Soft Deleted', 'Hard Deleted'];
      out.write(
        `\nAnalyzed ${result.analyzed} | ${labels[0]} ${result.softDeleted} | ${labels[1]} ${result.hardDeleted} | Protected ${result.protected} | Failed ${result.failed}\n` +
          `Run ${result.runId} ${result.success ? 'succeeded' : 'finished with failures'}${result.error ? `: ${result.error}` : ''}\n`,
      );
    }
    return result.success ? EXIT.ok : EXIT.failures;
  } finally {
    bar.done();
    await cli.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT.failures;
  },
);
