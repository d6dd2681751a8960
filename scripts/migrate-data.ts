import { EXIT, openCliContext, operator, ProgressBar } from '../server/domains/maintenance/cli';
import { BadFlags, MIGRATE_USAGE, parseMigrateFlags } from '../server/domains/maintenance/flags';
import { runMigration } from '../server/domains/maintenance/service';

// `npm run migrate-data -- <shop-user-end-date|shop-user-permissions|shop-records> [--dry-run] [--json]`
// (CONTRACT.md): the same service as the Migrations tab. Exit 0 on success, 1 when any row failed
// (or the run failed), 2 on bad flags.

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseMigrateFlags>;
  try {
    parsed = parseMigrateFlags(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof BadFlags)) throw error;
    process.stderr.write(`${error.message}\n\n${MIGRATE_USAGE}`);
    return EXIT.badFlags;
  }
  if (parsed.help) {
    process.stdout.write(MIGRATE_USAGE);
    return EXIT.ok;
  }
  const cli = await openCliContext();
  const bar = new ProgressBar();
  try {
    const result = await runMigration({
      ctx: cli.ctx,
      input: { tool: parsed.tool, dryRun: parsed.dryRun, source: 'cli', recordOptions: { operator: operator(), argv: process.argv.slice(2) } },
      hooks: {
        onLog(line) {
          if (parsed.json && !line.startsWith('ERROR')) return;
          bar.clear();
          (parsed.json ? process.stderr : process.stdout).write(`${line}\n`);
        },
        onProgress({ phase, done, total }) {
          bar.update(phase, done, total);
        },
      },
    });
    bar.done();
    if (parsed.json) process.stdout.write(`${JSON.stringify(result)}\n`);
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
