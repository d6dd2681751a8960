import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../server/db/client';
import * as schema from '../server/db/schema';
import { productSearchInput } from '../server/domains/products/inputs';
import { searchProducts } from '../server/domains/products/search';
import { studioSearchInput } from '../server/domains/studios/inputs';
import { searchStudios } from '../server/domains/studios/service';
import type { ServiceCtx } from '../server/service-context';
import { distinctProductSearches, distinctStudioSearches } from './distinct-searches';
import { DISTINCT_SEARCHES, WARMUP_SEARCHES } from './uncached-search';

// What one uncached search costs in CPU, which a loaded host does not change as it changes
// latencies (issue 21): the bench's 10,000 distinct searches through the service functions (no
// HTTP, tRPC or cache), 50 at once on a pool of 10 as the server runs them, with the CPU time
// this Node process spent (process.cpuUsage) and the CPU time the pool's PostgreSQL backends spent
// (utime + stime of their pids in /proc), each divided by the searches. The sum, with the HTTP and
// tRPC cost the cached rows measure, bounds the searches a second two cores can serve.
//
//   node --import tsx bench/search-cpu-cost.ts [studios|products]   (run under the bench lock)

const CONCURRENCY = 50;
const POOL = 10;
const APPLICATION = 'inklink-search-cpu-cost';
const TICKS_PER_SECOND = 100;

const which = process.argv[2] ?? 'studios';
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inklink_bench';
const client = postgres(url, { max: POOL, onnotice: () => {}, connection: { application_name: APPLICATION } });
const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
const ctx = { db, user: null, deps: {} } as unknown as ServiceCtx;

/** CPU milliseconds (user + system) a process has used, from /proc/<pid>/stat. */
function processCpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function backendPids() {
  const rows = await client`select pid from pg_stat_activity where application_name = ${APPLICATION}`;
  return rows.map((r) => Number(r.pid));
}

const run = async (inputs: unknown[], search: (input: unknown) => Promise<unknown>) => {
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) await search(inputs[next++]);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
};

const searches =
  which === 'products'
    ? { inputs: await distinctProductSearches(db, WARMUP_SEARCHES + DISTINCT_SEARCHES), search: (raw: unknown) => searchProducts({ ctx, input: productSearchInput.parse(raw) }) }
    : { inputs: await distinctStudioSearches(db, WARMUP_SEARCHES + DISTINCT_SEARCHES), search: (raw: unknown) => searchStudios({ ctx, input: studioSearchInput.parse(raw) }) };
// The warm-up opens every pooled connection and prepares the named statements on each.
await run(searches.inputs.slice(0, WARMUP_SEARCHES), searches.search);
const pids = await backendPids();
const measured = searches.inputs.slice(WARMUP_SEARCHES);
const pgBefore = pids.map(processCpuMs);
const nodeBefore = process.cpuUsage();
const started = performance.now();
await run(measured, searches.search);
const seconds = (performance.now() - started) / 1000;
const node = process.cpuUsage(nodeBefore);
const pgMs = pids.map(processCpuMs).reduce((sum, ms, i) => sum + ms - pgBefore[i], 0);
const perSearchUs = (ms: number) => Math.round((ms * 1000) / measured.length);
console.log(
  `${which}: ${measured.length} searches in ${seconds.toFixed(1)} s (${Math.round(measured.length / seconds)}/s); ` +
    `CPU per search: Node ${perSearchUs((node.user + node.system) / 1000)} µs, PostgreSQL ${perSearchUs(pgMs)} µs (${pids.length} backends)`,
);
await client.end();
