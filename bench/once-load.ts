import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LoadRequest, LoadSpec, SlowRequest } from './lib';
import { sendRequest } from './send-request';

// Every request of the list sent exactly once: `connections` keep-alive users each take the next
// unsent request the moment their previous answer has arrived, until the list is used up. For
// loads whose requests must not repeat (a search the answer cache must not be able to serve):
// autocannon builds requests ahead (its setupRequest runs again on reconnects and at start), so
// an index advanced there would skip or repeat some. A latency runs from the send to the answer's
// last byte, as autocannon measures it.

export type OnceResult = { times: number[]; non2xx: number; errors: number; seconds: number; slowest: SlowRequest[] };

/** How many of the slowest requests are reported (their paths, to explain them afterwards). */
const SLOWEST = 20;

/** Sends each of `requests` once over `spec.connections` connections. */
export async function runOnce(spec: Pick<LoadSpec, 'url' | 'connections'>, requests: LoadRequest[]): Promise<OnceResult> {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const result: OnceResult = { times: [], non2xx: 0, errors: 0, seconds: 0, slowest: [] };
  const timed: SlowRequest[] = [];
  let next = 0;
  const started = performance.now();
  const user = async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const t0 = performance.now();
      try {
        const status = await sendRequest(agent, url, request);
        if (status < 200 || status >= 300) result.non2xx++;
      } catch {
        result.errors++;
      }
      const ms = performance.now() - t0;
      result.times.push(ms);
      timed.push({ path: request.path ?? '/', ms: Math.round(ms * 100) / 100 });
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, user));
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  result.slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  return result;
}
