import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/browser';
import type { BenchGroup } from './context';
import { hasTaskset, LOAD_CORE, NOT_AVAILABLE, type Row, round1, sleep, unavailable } from './lib';
import { mainPages, visitorCookie } from './pages';

const PORT = 9333;
const RUNS = 3;

/** Chromium (Debian's) with this machine's flags and a fresh profile, on the load core, its DevTools port open. */
async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-lighthouse-'));
  const args = [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`, `--user-data-dir=${profile}`, 'about:blank'];
  const child = hasTaskset ? spawn('taskset', ['-c', String(LOAD_CORE), CHROMIUM_PATH, ...args], { stdio: 'ignore' }) : spawn(CHROMIUM_PATH, args, { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/json/version`)).ok) break;
    } catch {
      // starting
    }
    await sleep(100);
  }
  return {
    async close() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Lighthouse lab figures (mobile emulation, simulated throttling: Lighthouse's defaults) for the
 * landing, studio, storefront and checkout pages, the median of three runs each. Targets: LCP ≤ 2.0 s,
 * TBT ≤ 200 ms, CLS ≤ 0.05.
 */
export const lighthouseGroup: BenchGroup = {
  name: 'lighthouse',
  async run(ctx) {
    const rows: Row[] = [];
    const [cookieName, cookieValue] = await visitorCookie(ctx);
    const chrome = await launchChromium();
    try {
      for (const page of await mainPages(ctx)) {
        const names = { lcp: `Lighthouse ${page.name} page: LCP (mobile)`, tbt: `Lighthouse ${page.name} page: TBT (mobile)`, cls: `Lighthouse ${page.name} page: CLS (mobile)` };
        if (page.missing.length) {
          const note = `${NOT_AVAILABLE}: ${page.missing.join(', ')}`;
          rows.push(unavailable(names.lcp, 's', '≤ 2.0', note), unavailable(names.tbt, 'ms', '≤ 200', note), unavailable(names.cls, '', '≤ 0.05', note));
          continue;
        }
        const samples = { lcp: [] as number[], tbt: [] as number[], cls: [] as number[] };
        let failure: string | undefined;
        for (let run = 0; run < RUNS; run++) {
          const result = await lighthouse(`${ctx.appUrl}${page.path}`, {
            port: PORT,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            extraHeaders: page.signedIn ? { Cookie: `${cookieName}=${cookieValue}` } : null,
          });
          const lhr = result?.lhr;
          if (!lhr || lhr.runtimeError) {
            failure = lhr?.runtimeError?.message ?? 'no result';
            break;
          }
          samples.lcp.push((lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN) / 1000);
          samples.tbt.push(lhr.audits['total-blocking-time'].numericValue ?? Number.NaN);
          samples.cls.push(lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN);
        }
        if (failure) {
          rows.push({ name: names.lcp, value: null, unit: 's', target: '≤ 2.0', pass: false, note: `Lighthouse failed: ${failure}` });
          continue;
        }
        const lcp = round1(median(samples.lcp) * 10) / 10;
        const tbt = Math.round(median(samples.tbt));
        const cls = Math.round(median(samples.cls) * 1000) / 1000;
        const spread = (xs: number[], digits: number) => `runs ${xs.map((x) => x.toFixed(digits)).join(' / ')}`;
        rows.push({ name: names.lcp, value: lcp, unit: 's', target: '≤ 2.0', pass: lcp <= 2.0, note: spread(samples.lcp, 2) });
        rows.push({ name: names.tbt, value: tbt, unit: 'ms', target: '≤ 200', pass: tbt <= 200, note: spread(samples.tbt, 0) });
        rows.push({ name: names.cls, value: cls, unit: '', target: '≤ 0.05', pass: cls <= 0.05, note: spread(samples.cls, 3) });
      }
    } finally {
      await chrome.close();
    }
    return rows;
  },
};
