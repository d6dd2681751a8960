import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CLIENT_DIR } from '../server/http/static';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/browser';
import type { BenchGroup } from './context';
import { calibratedCpuMultiplier } from './cpu-calibration';
import { hasTaskset, LOAD_CORE, NOT_AVAILABLE, type Row, sleep, unavailable } from './lib';
import { type ModuleDepth, moduleRequestDepth } from './module-depth';
import { mainPages, visitorCookie } from './pages';
import { pageScriptRows } from './page-scripts';

const PORT = 9333;
const RUNS = 3;

/** Chromium (Debian's) with this machine's flags (and `extraArgs`) and a fresh profile, on the load core, its DevTools port open. */
export async function launchChromium(extraArgs: string[] = []) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-lighthouse-'));
  const args = [...CHROMIUM_ARGS, ...extraArgs, `--remote-debugging-port=${PORT}`, `--user-data-dir=${profile}`, 'about:blank'];
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
    /** For a client that drives this Chromium itself (Playwright's connectOverCDP). */
    endpoint: `http://127.0.0.1:${PORT}`,
    async close() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      // Chromium's helper processes may still write to the profile after the browser has exited
      // (a removal then failed with ENOTEMPTY and took the whole group's rows with it): retried.
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Where every run's full report (JSON) is written, to read what makes up a figure. */
export const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR ?? path.join(os.tmpdir(), 'inklink-lighthouse');
/** LIGHTHOUSE_TRACES=1 also writes each run's trace, with V8's samples, beside its report (`…-trace.json`, tens of MB). */
const WRITE_TRACES = process.env.LIGHTHOUSE_TRACES === '1';
/** LIGHTHOUSE_PAGES=calendar,account measures only the pages of those names (a diagnosis; the other rows are not written). */
export const onlyPages = <P extends { name: string }>(pages: P[]): P[] => {
  const names = process.env.LIGHTHOUSE_PAGES?.split(',').map((n) => n.trim());
  return names ? pages.filter((page) => names.includes(page.name)) : pages;
};

type MainPage = Awaited<ReturnType<typeof mainPages>>[number];
type Samples = { lcp: number[]; tbt: number[]; cls: number[]; benchmarkIndex: number[]; moduleDepth: ModuleDepth[]; failure?: string };

const builtSources = new Map<string, string | null>();
/** A module's JavaScript as built (dist/client), by the path the page asked for; null when it is not the app's. */
function builtModuleSource(url: string): string | null {
  const file = path.join(CLIENT_DIR, new URL(url).pathname);
  if (!builtSources.has(file)) builtSources.set(file, file.startsWith(CLIENT_DIR) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  return builtSources.get(file) ?? null;
}

/** RUNS Lighthouse runs of one page; `cpuSlowdownMultiplier` undefined keeps Lighthouse's default (4). */
export async function measure(url: string, page: MainPage, cookie: string, label: string, cpuSlowdownMultiplier?: number): Promise<Samples> {
  const samples: Samples = { lcp: [], tbt: [], cls: [], benchmarkIndex: [], moduleDepth: [] };
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(url, {
      port: PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: page.signedIn ? { Cookie: cookie } : null,
      // With the traces, V8's samples: which functions a long task ran.
      ...(WRITE_TRACES ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
      ...(cpuSlowdownMultiplier === undefined ? {} : { throttling: { cpuSlowdownMultiplier } }),
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) return { ...samples, failure: lhr?.runtimeError?.message ?? 'no result' };
    // A page that sent the visitor elsewhere (to sign in, say) was not the page measured.
    const shown = new URL(lhr.finalDisplayedUrl).pathname;
    if (shown !== new URL(url).pathname) return { ...samples, failure: `the page went to ${shown}` };
    fs.writeFileSync(path.join(REPORT_DIR, `${page.name}-${label}-${run + 1}.json`), JSON.stringify(lhr));
    const trace = path.join(REPORT_DIR, `${page.name}-${label}-${run + 1}-trace.json`);
    if (WRITE_TRACES) fs.writeFileSync(trace, JSON.stringify(result.artifacts.Trace));
    samples.lcp.push((lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN) / 1000);
    samples.tbt.push(lhr.audits['total-blocking-time'].numericValue ?? Number.NaN);
    samples.cls.push(lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN);
    samples.benchmarkIndex.push(lhr.environment.benchmarkIndex);
    samples.moduleDepth.push(moduleRequestDepth(result.artifacts.DevtoolsLog, builtModuleSource));
  }
  return samples;
}

/** The LCP, TBT, CLS and module request depth rows of one page's runs; `calibrated` marks the informational rows (no depth row). */
export function rowsOf(pageName: string, samples: Samples, calibrated?: string): Row[] {
  const suffix = calibrated ? 'mobile, CPU slowdown calibrated to this host' : 'mobile';
  const names = { lcp: `Lighthouse ${pageName} page: LCP (${suffix})`, tbt: `Lighthouse ${pageName} page: TBT (${suffix})`, cls: `Lighthouse ${pageName} page: CLS (${suffix})` };
  // The targets are Lighthouse's default settings: the calibrated rows are shown beside them, not judged.
  const pass = (ok: boolean) => (calibrated ? null : ok);
  if (samples.failure) return [{ name: names.lcp, value: null, unit: 's', target: '≤ 2.0', pass: pass(false), note: `Lighthouse failed: ${samples.failure}` }];
  const lcp = Math.round(median(samples.lcp) * 100) / 100;
  const tbt = Math.round(median(samples.tbt));
  const cls = Math.round(median(samples.cls) * 1000) / 1000;
  const host = calibrated ?? `benchmarkIndex ${samples.benchmarkIndex.map(Math.round).join(' / ')}`;
  const note = (xs: number[], digits: number) => `runs ${xs.map((x) => x.toFixed(digits)).join(' / ')}; ${host}`;
  return [
    { name: names.lcp, value: lcp, unit: 's', target: '≤ 2.0', pass: pass(lcp <= 2.0), note: note(samples.lcp, 2) },
    { name: names.tbt, value: tbt, unit: 'ms', target: '≤ 200', pass: pass(tbt <= 200), note: note(samples.tbt, 0) },
    { name: names.cls, value: cls, unit: '', target: '≤ 0.05', pass: pass(cls <= 0.05), note: note(samples.cls, 3) },
    ...(calibrated ? [] : [moduleDepthRow(pageName, samples.moduleDepth)]),
  ];
}

/** The deepest run's module request depth (bench/module-depth.ts says how it is read); target ≤ 1 (issue 21). */
function moduleDepthRow(pageName: string, runs: ModuleDepth[]): Row {
  const deepest = runs.reduce((a, b) => (b.depth > a.depth ? b : a));
  const chain = deepest.deepest.length > 1 ? `; deepest chain ${deepest.deepest.join(' → ')}` : '';
  const how = "levels of JS module discovery after the HTML, from the initiators in Lighthouse's devtools log (0 = all in the HTML)";
  const note = `${how}; runs ${runs.map((r) => r.depth).join(' / ')}; ${deepest.modules} modules${chain}`;
  return { name: `Lighthouse ${pageName} page: module request depth (mobile)`, value: deepest.depth, unit: 'levels', target: '≤ 1', pass: deepest.depth <= 1, note };
}

/**
 * Lighthouse lab figures (mobile emulation, simulated throttling: Lighthouse's defaults) for the
 * landing, studio, storefront and checkout pages, the median of three runs each. Targets: LCP ≤ 2.0 s,
 * TBT ≤ 200 ms, CLS ≤ 0.05. Then the same runs again with the CPU slowdown that Lighthouse's
 * calibration formula (bench/cpu-calibration.ts) gives for this host's benchmarkIndex (the median of
 * the first runs'): this machine is slower than the desktop the default 4× assumes. Every report is
 * kept in REPORT_DIR.
 */
export const lighthouseGroup: BenchGroup = {
  name: 'lighthouse',
  async run(ctx) {
    // Beside the pages' Lighthouse rows: what every page downloads before its app starts.
    const rows: Row[] = pageScriptRows(CLIENT_DIR);
    const [cookieName, cookieValue] = await visitorCookie(ctx);
    const cookie = `${cookieName}=${cookieValue}`;
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    const pages = await mainPages(ctx);
    const measured = pages.filter((page) => !page.missing.length);
    for (const page of pages.filter((p) => p.missing.length)) {
      const note = `${NOT_AVAILABLE}: ${page.missing.join(', ')}`;
      const name = (metric: string) => `Lighthouse ${page.name} page: ${metric} (mobile)`;
      rows.push(unavailable(name('LCP'), 's', '≤ 2.0', note), unavailable(name('TBT'), 'ms', '≤ 200', note), unavailable(name('CLS'), '', '≤ 0.05', note));
    }
    const chrome = await launchChromium();
    try {
      const benchmarkIndexes: number[] = [];
      for (const page of measured) {
        const samples = await measure(`${ctx.appUrl}${page.path}`, page, cookie, 'default', undefined);
        benchmarkIndexes.push(...samples.benchmarkIndex);
        rows.push(...rowsOf(page.name, samples));
      }
      const benchmarkIndex = Math.round(median(benchmarkIndexes));
      const exact = calibratedCpuMultiplier(benchmarkIndex);
      if (exact === null) {
        ctx.log(`  no calibrated CPU slowdown: benchmarkIndex ${benchmarkIndex} is outside the calculator's range`);
        return rows;
      }
      const multiplier = Math.round(exact * 100) / 100;
      const calibrated = `benchmarkIndex ${benchmarkIndex} (median of ${benchmarkIndexes.length} runs) → cpuSlowdownMultiplier ${multiplier}`;
      ctx.log(`  ${calibrated}`);
      for (const page of measured) {
        rows.push(...rowsOf(page.name, await measure(`${ctx.appUrl}${page.path}`, page, cookie, 'calibrated', multiplier), calibrated));
      }
    } finally {
      await chrome.close();
    }
    ctx.log(`  Lighthouse reports in ${REPORT_DIR}`);
    return rows;
  },
};
