import fs from 'node:fs';
import autocannon from 'autocannon';
import { type EachOnceSpec, type LoadResult, type LoadSpec, percentile } from './lib';
import { runOnce } from './once-load';
import { runPaced } from './paced-load';

// The load generator, run by bench/lib.ts#runLoad as its own process pinned to its own core:
// autocannon against one URL (or paced requests, bench/paced-load.ts, when the spec sets a rate),
// requests taken round-robin from the spec; or each request once (bench/once-load.ts) for an
// EachOnceSpec. Every response time is kept so the percentiles are exact. Prints one JSON line
// (LoadResult).

const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as LoadSpec | EachOnceSpec;
const isEachOnce = (s: LoadSpec | EachOnceSpec): s is EachOnceSpec => 'warmup' in s && Array.isArray(s.warmup);

async function run(spec: LoadSpec, seconds: number, record: boolean) {
  let next = 0;
  const times: number[] = [];
  let non2xx = 0;
  let refused = 0;
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    // A slow answer is a latency to report, not an error: only a minute without one is a timeout.
    timeout: 60,
    requests: [
      {
        setupRequest: (request) => {
          const variant = spec.requests[next++ % spec.requests.length];
          return { ...request, ...variant, headers: { ...request.headers, ...variant.headers } } as typeof request;
        },
      },
    ],
  });
  // The instance is an event emitter as well as a promise of the summary.
  (instance as unknown as import('node:events').EventEmitter).on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (!record) return;
    times.push(responseTime);
    if (statusCode === spec.refusedStatus) refused++;
    else if (statusCode < 200 || statusCode >= 300) non2xx++;
  });
  const result = await instance;
  return { result, times, non2xx, refused };
}

async function measured() {
  if (isEachOnce(input)) {
    await runOnce(input, input.warmup);
    return { ...(await runOnce(input, input.requests)), refused: 0 };
  }
  const spec = input;
  if (spec.ratePerSecond) {
    const paced = { ...spec, ratePerSecond: spec.ratePerSecond };
    if (spec.warmup) await runPaced(paced, spec.warmup);
    return { ...(await runPaced(paced, spec.duration)), refused: 0 };
  }
  if (spec.warmup) await run(spec, spec.warmup, false);
  const { result, times, non2xx, refused } = await run(spec, spec.duration, true);
  return { times, non2xx, refused, errors: result.errors + result.timeouts, seconds: spec.duration, slowest: undefined };
}

const { times, non2xx, refused, errors, seconds, slowest } = await measured();
times.sort((a, b) => a - b);
const round = (n: number) => Math.round(n * 100) / 100;
const output: LoadResult = {
  requests: times.length,
  rps: Math.round(times.length / seconds),
  p50: round(percentile(times, 50)),
  p95: round(percentile(times, 95)),
  p99: round(percentile(times, 99)),
  max: round(times.at(-1) ?? Number.NaN),
  non2xx,
  refused,
  errors,
  slowest,
};
console.log(JSON.stringify(output));
