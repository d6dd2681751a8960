import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../server/db/client';
import * as schema from '../server/db/schema';
import { PRODUCT_PAGE_SIZE, productSearchInput } from '../server/domains/products/inputs';
import { searchProducts } from '../server/domains/products/search';
import { STUDIO_PAGE_SIZE, studioSearchInput } from '../server/domains/studios/inputs';
import { searchStudios } from '../server/domains/studios/service';
import type { ServiceCtx } from '../server/service-context';
import { distinctProductSearches, distinctStudioSearches } from './distinct-searches';
import { percentile } from './lib';
import { DISTINCT_SEARCHES, WARMUP_SEARCHES } from './uncached-search';

// Where an uncached search's database time goes (issue 21): the bench's own distinct searches
// (the measured 10,000, every `--every`th of them), run one at a time through the service
// functions; every statement each search sent is then run again under EXPLAIN (ANALYZE, BUFFERS)
// with the same parameters. Per shape of input: statements per search, PostgreSQL's planning
// and execution time (summed over the search's statements), shared buffers touched, and the
// search's wall time in Node (round trips included), all without HTTP, tRPC or the answer cache.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/inklink_bench \
//     node --import tsx bench/explain-searches.ts [studios|products] [--every 5]
// Read-only; run it under the bench lock so no bench load runs beside it.

type Statement = { text: string; params: unknown[] };
type Measured = { input: unknown; shape: string; statements: number; planMs: number; execMs: number; buffers: number; wallMs: number };
type Plan = { 'Planning Time': number; 'Execution Time': number; Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } };

const [which = 'studios', ...rest] = process.argv.slice(2);
const every = Number(rest[rest.indexOf('--every') + 1] ?? 5) || 5;
const client = postgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inklink_bench', { max: 1, onnotice: () => {} });
let captured: Statement[] = [];
const db = drizzle({
  client,
  schema,
  casing: 'snake_case',
  logger: { logQuery: (text, params) => captured.push({ text, params }) },
}) as unknown as Db;
const ctx = { db, user: null, deps: {} } as unknown as ServiceCtx;

type StudioInput = ReturnType<typeof studioSearchInput.parse>;
type ProductInput = ReturnType<typeof productSearchInput.parse>;

const SLOWEST_SHOWN = 8;
const ms2 = (n: number) => n.toFixed(2);
const pageOf = (cursor: number | null | undefined, size: number) => `page ${1 + Math.floor((cursor ?? 0) / size)}`;

function studioShape(input: StudioInput) {
  const parts = [input.query ? 'text' : 'no text'];
  if (input.state) parts.push('state');
  if (input.lookingForResident || input.lookingForGuest) parts.push('looking-for');
  if (input.near) parts.push('near me');
  return parts.join(' + ');
}

function productShape(input: ProductInput) {
  const text = !input.query ? 'no text' : /[\p{L}\p{N}]{3}/u.test(input.query) ? 'text (trigram)' : 'text (short)';
  const parts = [text];
  if (input.storefrontId) parts.push('storefront');
  const filters = [input.category && 'category', input.featured !== undefined && 'featured', (input.minPrice !== undefined || input.maxPrice !== undefined) && 'price', input.tags?.length && 'tags', input.inStock && 'in stock'].filter(Boolean);
  if (filters.length) parts.push(filters.length > 1 ? 'filters ≥2' : String(filters[0]));
  return parts.join(' + ');
}

async function explain(statement: Statement): Promise<Plan> {
  const [row] = await client.unsafe(`explain (analyze, buffers, format json) ${statement.text}`, statement.params as never[]);
  return (row['QUERY PLAN'] as Plan[])[0];
}

async function measure(input: unknown, shape: string, run: () => Promise<unknown>): Promise<Measured> {
  captured = [];
  const started = performance.now();
  await run();
  const wallMs = performance.now() - started;
  const statements = captured;
  const m: Measured = { input, shape, statements: statements.length, planMs: 0, execMs: 0, buffers: 0, wallMs };
  for (const statement of statements) {
    const plan = await explain(statement);
    m.planMs += plan['Planning Time'];
    m.execMs += plan['Execution Time'];
    m.buffers += plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
  }
  return m;
}

function report(all: Measured[]) {
  const groups = new Map<string, Measured[]>();
  for (const m of all) groups.set(m.shape, [...(groups.get(m.shape) ?? []), m]);
  const line = (name: string, ms: Measured[]) => {
    const col = (f: (m: Measured) => number) => ms.map(f).sort((a, b) => a - b);
    const mean = (f: (m: Measured) => number) => ms.reduce((s, m) => s + f(m), 0) / ms.length;
    const exec = col((m) => m.execMs);
    const wall = col((m) => m.wallMs);
    return `| ${name} | ${ms.length} | ${mean((m) => m.statements).toFixed(1)} | ${ms2(mean((m) => m.planMs))} | ${ms2(percentile(exec, 50))} / ${ms2(percentile(exec, 99))} / ${ms2(mean((m) => m.execMs))} | ${Math.round(percentile(col((m) => m.buffers), 50))} | ${ms2(percentile(wall, 50))} / ${ms2(percentile(wall, 99))} |`;
  };
  console.log('| shape | searches | statements | plan ms (mean) | exec ms p50 / p99 / mean | buffers p50 | Node wall ms p50 / p99 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, ms] of [...groups].sort((a, b) => b[1].length - a[1].length)) console.log(line(name, ms));
  console.log(line('all', all));
}

/** The slowest searches by execution time, to explain them one by one. */
function slowest(all: Measured[]) {
  for (const m of [...all].sort((a, b) => b.execMs - a.execMs).slice(0, SLOWEST_SHOWN)) console.log(`${ms2(m.execMs)} ms ${m.shape}: ${JSON.stringify(m.input)}`);
}

/** One search's run, its shape and its page, from its raw input. */
type Searched = { run: () => Promise<unknown>; shape: string; page: string };

const searched: (raw: unknown) => Searched =
  which === 'products'
    ? (raw) => {
        const input = productSearchInput.parse(raw);
        return { run: () => searchProducts({ ctx, input }), shape: productShape(input), page: pageOf(input.cursor, PRODUCT_PAGE_SIZE) };
      }
    : (raw) => {
        const input = studioSearchInput.parse(raw);
        return { run: () => searchStudios({ ctx, input }), shape: studioShape(input), page: pageOf(input.cursor, STUDIO_PAGE_SIZE) };
      };
const generated = await (which === 'products' ? distinctProductSearches : distinctStudioSearches)(db, WARMUP_SEARCHES + DISTINCT_SEARCHES);
const inputs = generated.slice(WARMUP_SEARCHES).filter((_, i) => i % every === 0);
const measured: Measured[] = [];
const pages: string[] = [];
for (const raw of inputs) {
  const search = searched(raw);
  measured.push(await measure(raw, search.shape, search.run));
  pages.push(search.page);
}
report(measured);
slowest(measured);
report(measured.map((m, i) => ({ ...m, shape: pages[i] })));
await client.end();
