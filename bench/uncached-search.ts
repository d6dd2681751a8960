import type { BenchContext } from './context';
import { type LoadRequest, type Row, runEachOnce } from './lib';

// A search row without the answer cache's help (issue 21): distinct searches (bench/distinct-
// searches.ts), each sent once at 50 connections, so every answer is computed by the database.
// The slowest inputs are logged, to be explained (EXPLAIN ANALYZE) when a row misses its target.

/** Measured searches per row, and the (other) searches sent once before them to warm the server up. */
export const DISTINCT_SEARCHES = 10_000;
export const WARMUP_SEARCHES = 500;
const CONNECTIONS = 50;
const SLOWEST_LOGGED = 10;

const getRequest = (procedure: string, input: unknown, headers: Record<string, string>): LoadRequest => ({
  path: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
  headers,
});

const inputOf = (path: string) => decodeURIComponent(path.slice(path.indexOf('?input=') + '?input='.length));

/**
 * The row of `procedure` over `searches` (WARMUP_SEARCHES + DISTINCT_SEARCHES distinct inputs, the
 * first ones warm up), p99 against `targetMs`.
 */
export async function uncachedSearchRow(
  ctx: BenchContext,
  {
    procedure,
    name,
    targetMs,
    searches,
    headers = {},
  }: { procedure: string; name: string; targetMs: number; searches: unknown[]; headers?: Record<string, string> },
): Promise<Row> {
  if (searches.length !== WARMUP_SEARCHES + DISTINCT_SEARCHES) throw new Error(`${procedure}: ${searches.length} searches generated`);
  const requests = searches.map((input) => getRequest(procedure, input, headers));
  const load = await runEachOnce({
    url: ctx.appUrl,
    connections: CONNECTIONS,
    warmup: requests.slice(0, WARMUP_SEARCHES),
    requests: requests.slice(WARMUP_SEARCHES),
  });
  for (const slow of load.slowest?.slice(0, SLOWEST_LOGGED) ?? []) ctx.log(`  ${procedure} slow: ${slow.ms} ms ${inputOf(slow.path)}`);
  return {
    name,
    value: load.p99,
    unit: 'ms p99',
    target: `≤ ${targetMs}`,
    pass: load.p99 <= targetMs,
    note: `${load.requests} searches each sent once (${DISTINCT_SEARCHES} distinct cache keys), ${load.rps} req/s, p50 ${load.p50} ms, max ${load.max} ms`,
  };
}
