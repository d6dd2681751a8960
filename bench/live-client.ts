import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { percentile } from './lib';

// Run by bench/live.ts as its own process on the load core: opens one server-sent-events stream
// (live.onEvent, as the browser's httpSubscriptionLink does) per subscriber, then sends messages
// one after another into their threads and times each until its subscriber's stream delivers it
// (and, for the note, until the send itself answered). Prints one JSON line.

type Spec = { appUrl: string; pairs: Array<{ subscriberCookie: string; senderCookie: string; threadId: string }>; messages: number; gapMs: number };
const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Spec;

const waiting = new Map<string, (at: number) => void>();
const controllers: AbortController[] = [];
let connected = 0;

async function subscribe(cookie: string) {
  const controller = new AbortController();
  controllers.push(controller);
  const response = await fetch(`${spec.appUrl}/trpc/live.onEvent`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`subscription refused: ${response.status}`);
  connected++;
  const decoder = new TextDecoder();
  let buffer = '';
  (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const data = event
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .join('\n');
          if (!data.includes('"message"')) continue;
          const threadId = /"threadId":"([0-9a-f-]{36})"/.exec(data)?.[1];
          if (threadId) waiting.get(threadId)?.(at);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
}

await Promise.all(spec.pairs.map((p) => subscribe(p.subscriberCookie)));
await new Promise((r) => setTimeout(r, 500));

const latencies: number[] = [];
const sends: number[] = [];
let lost = 0;
for (let i = 0; i < spec.messages; i++) {
  const pair = spec.pairs[(i * 7919) % spec.pairs.length];
  const started = performance.now();
  const delivered = new Promise<number>((resolve) => waiting.set(pair.threadId, resolve));
  const response = await fetch(`${spec.appUrl}/trpc/message.send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: spec.appUrl, cookie: pair.senderCookie },
    body: JSON.stringify({ json: { threadId: pair.threadId, body: `bench message ${i}` } }),
  });
  if (!response.ok) throw new Error(`message.send failed: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  sends.push(performance.now() - started);
  const at = await Promise.race([delivered, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5000))]);
  waiting.delete(pair.threadId);
  if (at < 0) lost++;
  else latencies.push(at - started);
  await new Promise((r) => setTimeout(r, spec.gapMs));
}
for (const c of controllers) c.abort();
latencies.sort((a, b) => a - b);
sends.sort((a, b) => a - b);
const round = (n: number) => Math.round(n * 10) / 10;
console.log(
  JSON.stringify({
    connected,
    delivered: latencies.length,
    lost,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    sendP50: round(percentile(sends, 50)),
    sendP95: round(percentile(sends, 95)),
  }),
);
process.exit(0);
