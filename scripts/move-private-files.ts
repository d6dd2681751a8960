import { movePrivateFiles } from '../server/domains/images/move-private-files';
import { EXIT, openCliContext } from '../server/domains/maintenance/cli';

// `node --import tsx scripts/move-private-files.ts`: once after migration 0023 on a deployment that
// stored photos before it (decision 018), moves the private ones under private/ so the storage
// (an S3 bucket's public-read policy) no longer serves them. Exit 0 when all moved, 1 otherwise.

const cli = await openCliContext().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(EXIT.failures);
});
try {
  const { failed } = await movePrivateFiles(cli.ctx, (line) => process.stdout.write(`${line}\n`));
  process.exitCode = failed === 0 ? EXIT.ok : EXIT.failures;
} finally {
  await cli.close();
}
