import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureClientBuild } from './client-build';

// `npm test`: unit, integration and e2e suites in one vitest run, closing with `N passed, N failed`.
// Without Chromium the browser suite is skipped with a plain notice, except under CI=true, where a
// missing browser is a failure.

const root = path.resolve(import.meta.dirname, '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const onlyE2e = process.argv.includes('--only') && process.argv.includes('e2e');
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const hasBrowser = fs.existsSync(CHROMIUM_PATH);

if (!hasBrowser && inCi) {
  console.error(`Chromium was not found at ${CHROMIUM_PATH}; CI requires the browser suite. Install it: apt-get install -y chromium`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const projects = onlyE2e ? ['e2e'] : hasBrowser ? ['unit', 'integration', 'security', 'e2e'] : ['unit', 'integration', 'security'];
if (projects.includes('e2e')) ensureClientBuild();

console.log(`Database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (in memory)'}`);
const report = path.join(root, 'test-results/vitest.json');
fs.rmSync(report, { force: true });
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH } },
);

let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed = json.numPassedTests;
  failed = json.numFailedTests;
}
if (!hasBrowser) {
  console.log(`\nBrowser suite skipped: Chromium was not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
}
const exitCode = result.status === 0 && failed === 0 && passed > 0 ? 0 : 1;
console.log(`${passed} passed, ${failed === 0 && exitCode !== 0 ? 1 : failed} failed`);
process.exit(exitCode);
