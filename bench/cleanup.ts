import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { BenchGroup } from './context';
import { memoryMb, ROOT, SERVER_CORE, sleep, spawnPinned, unavailable } from './lib';

/**
 * `npm run shop-cleanup -- --dry-run --json` over the 100,000 studios of the scale data (targets:
 * ≤ 30 s and peak RSS ≤ 300 MB, so it must stream in batches). Runs with the app stopped; the
 * peak is the process's VmHWM, sampled until it exits.
 */
export const cleanupGroup: BenchGroup = {
  name: 'cleanup',
  standalone: true,
  async run(ctx) {
    const timeName = 'shop-cleanup dry run over 100,000 shops';
    const rssName = 'shop-cleanup dry run: peak RSS';
    if (!fs.existsSync(`${ROOT}/scripts/shop-cleanup.ts`)) {
      const note = 'not available (scripts/shop-cleanup.ts missing)';
      return [unavailable(timeName, 's', '≤ 30', note), unavailable(rssName, 'MB', '≤ 300', note)];
    }
    const started = performance.now();
    const child = spawnPinned('scripts/shop-cleanup.ts', ['--dry-run', '--json'], { DATABASE_URL: ctx.databaseUrl, LOG_LEVEL: 'warn' }, SERVER_CORE, 'pipe');
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    let peak = 0;
    let exited: number | null | undefined;
    child.once('exit', (code) => {
      exited = code;
    });
    while (exited === undefined) {
      try {
        peak = Math.max(peak, memoryMb(child.pid ?? 0, 'VmHWM'));
      } catch {
        // exited between checks
      }
      await sleep(50);
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    let analysed = '';
    try {
      const result = JSON.parse(out) as Record<string, unknown>;
      analysed = Object.entries(result)
        .filter(([, v]) => typeof v === 'number')
        .slice(0, 6)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
    } catch {
      analysed = 'output was not JSON';
    }
    return [
      { name: timeName, value: seconds, unit: 's', target: '≤ 30', pass: exited === 0 && seconds <= 30, note: `exit ${exited}; ${analysed}` },
      { name: rssName, value: peak, unit: 'MB', target: '≤ 300', pass: peak > 0 && peak <= 300 },
    ];
  },
};
