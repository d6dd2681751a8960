import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LoadSpec } from './lib';
import { sendRequest } from './send-request';

// Paced load: `connections` users, each on its own keep-alive connection, who between them send
// `ratePerSecond` requests a second, evenly spread — user i sends at its slots
// start + (i + k·connections)·interval and never has two requests out at once (a buyer waits for
// the answer to their order). A user who is behind sends as soon as the answer comes. Every
// latency is counted from the slot, not from the send, so time spent waiting behind a slow answer
// counts too (no coordinated omission).

export type PacedResult = { times: number[]; non2xx: number; errors: number; seconds: number };

export async function runPaced(spec: LoadSpec & { ratePerSecond: number }, seconds: number): Promise<PacedResult> {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const interval = 1000 / spec.ratePerSecond;
  const slots = Math.floor(seconds * spec.ratePerSecond);
  const result: PacedResult = { times: [], non2xx: 0, errors: 0, seconds };
  const start = performance.now() + 50;
  const user = async (i: number) => {
    for (let slot = i; slot < slots; slot += spec.connections) {
      const due = start + slot * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        const status = await sendRequest(agent, url, spec.requests[slot % spec.requests.length]);
        if (status < 200 || status >= 300) result.non2xx++;
      } catch {
        result.errors++;
      }
      result.times.push(performance.now() - due);
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, (_, i) => user(i)));
  agent.destroy();
  // Longer than asked when the server fell behind the pace.
  result.seconds = Math.max(seconds, (performance.now() - start) / 1000);
  return result;
}
