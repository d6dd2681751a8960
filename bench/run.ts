import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { ensureClientBuild } from '../scripts/client-build';
import { ensureServerBuild, SERVER_BUILD } from '../scripts/server-build';
import { runScaleSeed } from '../scripts/seed/scale/index';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { createDeps } from '../server/deps';
import { cleanupGroup } from './cleanup';
import { commerceGroup } from './commerce';
import { type BenchContext, type BenchGroup, sessionCookieFactory } from './context';
import { dispatcherGroup } from './dispatcher';
import { foundationGroup } from './foundation';
import { interactionsGroup } from './interactions';
import { hasTaskset, LOAD_CORE, memoryMb, query, ROOT, type Row, SERVER_CORE, startServer, stopProcess } from './lib';
import { lighthouseGroup } from './lighthouse';
import { liveGroup } from './live';
import { pagesGroup } from './pages';
import { pageRoutesGroup } from './pages-lighthouse';
import { settleDatabase } from './settle';
import { SCALE_STUDIOS, studioGroup } from './studios';

// `npm run bench`: every bench number of the issues in one table and in bench/results.json. On
// PostgreSQL (DATABASE_URL, default the local server) in a dedicated database `inklink_bench`,
// migrated and seeded at the scale each row needs; the app in a child process on one core, the
// load generator (autocannon) in another process on the other core. A row whose feature does not
// exist yet says so instead of showing a number.
//
//   npm run bench                       fresh database, every group
//   npm run bench -- --reuse            keep an already seeded inklink_bench (much faster)
//   npm run bench -- --only studios,live   some groups (names below)

const GROUPS: BenchGroup[] = [foundationGroup, pagesGroup, studioGroup, commerceGroup, liveGroup, dispatcherGroup, cleanupGroup, lighthouseGroup, pageRoutesGroup, interactionsGroup];

const { values } = parseArgs({ options: { reuse: { type: 'boolean' }, only: { type: 'string' } } });
const only = values.only?.split(',').map((s) => s.trim());
const groups = only ? GROUPS.filter((g) => only.includes(g.name)) : GROUPS;
if (only && groups.length !== only.length) {
  console.error(`Unknown group in --only; groups: ${GROUPS.map((g) => g.name).join(', ')}`);
  process.exit(2);
}

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const bench = new URL(baseUrl);
bench.pathname = '/inklink_bench';
const databaseUrl = bench.toString();
const log = (line: string) => console.log(`[bench] ${line}`);
const started = Date.now();

/** A fresh bench database, unless `--reuse` asks to keep the one seeded by an earlier run. */
async function prepareDatabase(reuse: boolean) {
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = 'inklink_bench'`;
    if (!reuse || !exists) {
      await admin.unsafe('drop database if exists inklink_bench with (force)');
      await admin.unsafe('create database inklink_bench');
    }
  } finally {
    await admin.end();
  }
}

log(`server on core ${SERVER_CORE}, load generator on core ${LOAD_CORE}${hasTaskset ? ' (taskset)' : ' (taskset not found: not pinned)'}`);
ensureClientBuild();
ensureServerBuild();
await prepareDatabase(Boolean(values.reuse));
const database = await openDatabase({ databaseUrl, dataDir: '', maxConnections: 4 });
const rows: Row[] = [];
try {
  await runMigrations(database);
  const [{ n }] = await query<{ n: number }>(database.db, sql`select count(*)::int as n from shops`);
  if (n < SCALE_STUDIOS) {
    const t0 = Date.now();
    await runScaleSeed(createDeps(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }), database), SCALE_STUDIOS, { log: (line) => line.includes('done') && log(line) });
    const seconds = Math.round((Date.now() - t0) / 100) / 10;
    rows.push({ name: `seed --scale ${SCALE_STUDIOS} (users, studios, images, storefronts, orders, threads…)`, value: seconds, unit: 's', target: 'minutes, not hours', pass: seconds < 600 });
  }
  for (const group of groups) await group.prepare?.({ databaseUrl, db: database.db, log });
  log(`database settled in ${await settleDatabase(database.db)} s (checkpoint, autovacuum)`);

  const port = 3901;
  const appUrl = `http://127.0.0.1:${port}`;
  const dataDir = path.join(ROOT, 'data/bench');
  fs.mkdirSync(dataDir, { recursive: true });
  const app = await startServer(
    path.relative(ROOT, SERVER_BUILD),
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      APP_ORIGIN: appUrl,
      DATA_DIR: dataDir,
      // The load rows read signed out from one address, far past the per-address limit a visitor
      // meets (decision 037): the limiter still runs on every read, but never refuses one.
      PUBLIC_READ_LIMIT_PER_MINUTE: '1000000000',
    },
    `${appUrl}/healthz`,
  );
  const rssAfterStartMb = memoryMb(app.pid ?? 0);
  const context: BenchContext = { databaseUrl, db: database.db, appUrl, appPid: app.pid ?? 0, rssAfterStartMb, dataDir, sessionCookie: sessionCookieFactory(database.db), log };
  const runGroup = async (group: BenchGroup) => {
    log(`${group.name}…`);
    const groupRows = await group
      .run(context)
      .catch((error: unknown) => [{ name: `${group.name}: failed`, value: null, unit: '', target: '', pass: false, note: error instanceof Error ? error.message : String(error) } satisfies Row]);
    rows.push(...groupRows);
    for (const row of groupRows) log(`  ${row.name}: ${row.value ?? '—'} ${row.unit} ${row.note ? `(${row.note})` : ''}`);
  };
  try {
    for (const group of groups.filter((g) => !g.standalone)) await runGroup(group);
  } finally {
    await stopProcess(app);
  }
  for (const group of groups.filter((g) => g.standalone)) await runGroup(group);
} finally {
  await database.close();
}

console.table(
  rows.map((r) => ({
    benchmark: r.name,
    value: r.value === null ? 'not available' : `${r.value} ${r.unit}`,
    target: r.target,
    result: r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL',
    note: r.note ?? '',
  })),
);
const results = {
  measuredAt: new Date().toISOString(),
  machine: { cores: (await import('node:os')).availableParallelism(), node: process.version, pinned: hasTaskset },
  seconds: Math.round((Date.now() - started) / 1000),
  rows,
};
// A partial run (--only) updates its own rows and keeps the others from the last full run.
const file = path.join(ROOT, 'bench/results.json');
if (only && fs.existsSync(file)) {
  const previous = JSON.parse(fs.readFileSync(file, 'utf8')) as { rows: Row[] };
  const fresh = new Set(rows.map((r) => r.name));
  results.rows = [...previous.rows.filter((r) => !fresh.has(r.name)), ...rows];
}
fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
log('wrote bench/results.json');
