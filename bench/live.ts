import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scaleId } from '../scripts/seed/scale/index';
import type { BenchGroup } from './context';
import { LOAD_CORE, missingProcedures, NOT_AVAILABLE, spawnPinned, unavailable } from './lib';

const SUBSCRIBERS = 200;
const MESSAGES = 400;

/**
 * A sent message reaches its open subscriber (target p95 ≤ 100 ms) while 200 subscriptions are
 * open: 200 artists of the scale data each hold a live.onEvent stream; their clients send them
 * messages one after another (25 a second), timed from the send until the event arrives.
 */
export const liveGroup: BenchGroup = {
  name: 'live',
  async run(ctx) {
    const name = `message to an open subscriber, ${SUBSCRIBERS} subscriptions open`;
    const missing = missingProcedures(['live.onEvent', 'message.send']);
    if (missing.length) return [unavailable(name, 'ms p95', '≤ 100', `${NOT_AVAILABLE}: ${missing.join(', ')}`)];
    const threads = Array.from({ length: SUBSCRIBERS }, (_, i) => ({ thread_id: scaleId(`thread${i + 1}`), subscriber: scaleId(`artist1${i + 1}`), sender: scaleId(`client1${i + 1}`) }));
    const pairs = [];
    for (const t of threads) pairs.push({ threadId: t.thread_id, subscriberCookie: await ctx.sessionCookie(t.subscriber), senderCookie: await ctx.sessionCookie(t.sender) });
    const file = path.join(os.tmpdir(), `inklink-live-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify({ appUrl: ctx.appUrl, pairs, messages: MESSAGES, gapMs: 40 }));
    try {
      const child = spawnPinned('bench/live-client.ts', [file], {}, LOAD_CORE, 'pipe');
      let out = '';
      child.stdout?.on('data', (d) => {
        out += d;
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      if (code !== 0) throw new Error(`live client exited with ${code}`);
      const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
        connected: number;
        delivered: number;
        lost: number;
        p50: number;
        p95: number;
        p99: number;
        sendP50: number;
        sendP95: number;
      };
      // The machine is shared: its load says how much of the figure is waiting for a core.
      const load = os.loadavg()[0].toFixed(1);
      return [
        {
          name,
          value: result.p95,
          unit: 'ms p95',
          target: '≤ 100',
          pass: result.p95 <= 100 && result.lost === 0 && result.connected === SUBSCRIBERS,
          note: `${result.delivered} delivered, ${result.lost} lost, ${result.connected} streams, p50 ${result.p50} ms, p99 ${result.p99} ms; message.send itself p50 ${result.sendP50} ms, p95 ${result.sendP95} ms; load average ${load}`,
        },
      ];
    } finally {
      fs.rmSync(file, { force: true });
    }
  },
};
