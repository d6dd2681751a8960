import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { SERVER_BUILD } from '../scripts/server-build';
import { openDatabase } from '../server/db/client';
import { sessionCookieFactory } from './context';
import { query, ROOT, startServer, stopProcess } from './lib';
import { launchChromium } from './lighthouse';
import { buyableProductPath, CONVERSATION_PATH } from './pages-lighthouse';

// Probe (issue 21 item 2, decision 036): the interactions bench's "send a message" once per
// variant, on the bench database (seeded by `npm run bench`), with web-vitals' INP attribution,
// the slow Event Timing entries and, with TRACE=1, a Chromium trace of the first variant (the
// devtools.timeline, cc, viz, gpu and input categories: read EventLatency, PipelineReporter and
// Display::DrawAndSwap / DirectRenderer::DrawFrame to see whether a frame was drawn). Variants:
//   VARIANTS=a,b      names of the runs (each a fresh phone tab)
//   CSS_<name>=…      a style sheet added before typing
//   CTX_<name>={…}    browser context options over the bench's phone
//   WIN_<name>={…}    the tab's window bounds (Browser.setWindowBounds); by default the window is
//                     Playwright's, the viewport's size, as the bench had it before decision 036
//   CHROME_FLAGS=…    extra Chromium flags
//   SCENARIO=cart     Add to Cart on the bench's product page instead
// Run under the bench lock:
//   flock /tmp/inklink-bench.lock node --import tsx bench/trace-send.ts [trace.json]
const out = process.argv[2] ?? '/tmp/send-trace.json';
const WEB_VITALS = fs.readFileSync(path.join(ROOT, 'node_modules/web-vitals/dist/web-vitals.attribution.iife.js'), 'utf8');
const PROBE = `${WEB_VITALS}
window.__inps = [];
webVitals.onINP((m) => { const a = m.attribution; window.__inps.push({ v: m.value, t: a.interactionTarget, type: a.interactionType, input: Math.round(a.inputDelay), proc: Math.round(a.processingDuration), pres: Math.round(a.presentationDelay) }); }, { reportAllChanges: true, durationThreshold: 16 });
window.__events = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.interactionId) window.__events.push({ name: e.name, dur: e.duration, start: Math.round(e.startTime), proc: Math.round(e.processingEnd - e.processingStart), pres: Math.round(e.startTime + e.duration - e.processingEnd) }); }).observe({ type: 'event', durationThreshold: 16, buffered: true });`;

const databaseUrl = 'postgres://postgres@127.0.0.1:5432/inklink_bench';
const database = await openDatabase({ databaseUrl, dataDir: '', maxConnections: 2 });
const port = 3902;
const appUrl = `http://127.0.0.1:${port}`;
const app = await startServer(
  path.relative(ROOT, SERVER_BUILD),
  {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    APP_ORIGIN: appUrl,
    DATA_DIR: path.join(ROOT, 'data/bench'),
  },
  `${appUrl}/healthz`,
);
const chrome = await launchChromium(process.env.CHROME_FLAGS ? process.env.CHROME_FLAGS.split(' ') : []);
const browser = await chromium.connectOverCDP(chrome.endpoint);
try {
  const [{ id }] = await query<{ id: string }>(database.db, sql`select id from users where email = 'client1.2@scale.inklink.test'`);
  const [name, value] = (await sessionCookieFactory(database.db)(id)).split('=');
  const cart = process.env.SCENARIO === 'cart';
  const productPath = (await buyableProductPath({ db: database.db } as Parameters<typeof buyableProductPath>[0])) ?? '';
  for (const variant of (process.env.VARIANTS ?? 'base').split(',')) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      ...JSON.parse(process.env[`CTX_${variant}`] ?? '{}'),
    });
    await context.addCookies([{ name, value, url: appUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU ?? 4) });
    await page.addInitScript({ content: PROBE });
    await page.goto(`${appUrl}${cart ? productPath : CONVERSATION_PATH}`, { waitUntil: 'load' });
    await page.waitForTimeout(1500);
    const css = process.env[`CSS_${variant}`];
    if (css) await page.addStyleTag({ content: css });
    const geometry = await page.evaluate(() => {
      const r = document.querySelector('textarea[aria-invalid]')?.getBoundingClientRect();
      return {
        box: r && [Math.round(r.top), Math.round(r.bottom)],
        doc: document.documentElement.scrollHeight,
        scrollY,
        outer: [outerWidth, outerHeight],
        fixed: [...document.querySelectorAll('body *')]
          .filter((el) => ['fixed', 'sticky'].includes(getComputedStyle(el).position))
          .map((el) => {
            const b = el.getBoundingClientRect();
            return `${el.tagName}.${String(el.className).slice(0, 60)} ${Math.round(b.top)}-${Math.round(b.bottom)} vis=${getComputedStyle(el).visibility} op=${getComputedStyle(el).opacity}`;
          }),
      };
    });
    const win = await cdp.send('Browser.getWindowForTarget');
    if (process.env[`WIN_${variant}`])
      await cdp.send('Browser.setWindowBounds', { windowId: win.windowId, bounds: JSON.parse(process.env[`WIN_${variant}`] as string) });
    const window = { ...(await cdp.send('Browser.getWindowForTarget')), inner: await page.evaluate(() => [innerWidth, innerHeight]) };
    const chunks: unknown[] = [];
    const tracing = process.env.TRACE && variant === 'base';
    if (tracing) {
      cdp.on('Tracing.dataCollected', (e) => chunks.push(...e.value));
      await cdp.send('Tracing.start', {
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-devtools.timeline.frame',
            'blink',
            'cc',
            'gpu',
            'viz',
            'benchmark',
            'input',
            'latencyInfo',
            'toplevel',
            'disabled-by-default-devtools.timeline.invalidationTracking',
            'disabled-by-default-devtools.timeline.stack',
          ],
        },
        transferMode: 'ReportEvents',
      });
    }
    if (cart) {
      await page.getByRole('button', { name: 'Add to Cart' }).tap();
      await page.getByText('Added to cart').waitFor();
    } else {
      await page.getByRole('textbox', { name: 'Message' }).tap();
      await page.keyboard.type(`Bench message ${Date.now()}`, { delay: 60 });
    }
    await page.waitForTimeout(1500);
    if (tracing) {
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      fs.writeFileSync(out, JSON.stringify({ traceEvents: chunks }));
    }
    const inps = await page.evaluate(() => (window as unknown as { __inps: unknown[] }).__inps);
    const events = await page.evaluate(() =>
      (window as unknown as { __events: { name: string; dur: number }[] }).__events.filter((e) => e.dur > 100),
    );
    console.log(
      variant,
      JSON.stringify(geometry),
      JSON.stringify(window),
      'INP',
      JSON.stringify(inps.at(-1)),
      'slow events',
      JSON.stringify(events.slice(0, 6)),
    );
    await context.close();
  }
} finally {
  await browser.close();
  await chrome.close();
  await stopProcess(app);
  await database.close();
}
