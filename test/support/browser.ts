import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CLIENT_DIR } from '../../server/http/static';
import { freePort, type TestServer, startTestServer } from './server';
import { appHasTakenOver } from './server-rendered';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags this machine needs: no sandbox as root, and no background network (it is closed). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright gives every launch a fresh temporary profile (user-data-dir) and removes it on close. */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return { browser, close: () => browser.close() };
}

/** The two widths every journey is judged at: a laptop and a phone (iPhone 12–15 CSS width). */
export const DESKTOP_WIDTH = 1280;
export const PHONE_WIDTH = 390;
export const BOTH_WIDTHS = [DESKTOP_WIDTH, PHONE_WIDTH] as const;

/** How many CSS pixels the page scrolls sideways (0 when nothing overflows the viewport). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return scroller.scrollWidth - window.innerWidth;
  });
}

export type BrowserApp = {
  /** http://localhost:<port> — the app's origin (APP_ORIGIN). */
  url: string;
  /** http://admin.localhost:<port> — the admin console's origin (ADMIN_ORIGIN). */
  adminUrl: string;
  server: TestServer;
  browser: Browser;
  /** A fresh browser context; `width` 390 is the phone layout every journey is checked at (default 1280). */
  newPage(options?: { width?: number }): Promise<Page>;
  signInAs(page: Page, user: { email: string; password: string }, origin?: string): Promise<void>;
};

/** A new page signed in as `user`, open on the conversation `threadId`. */
export async function pageOnThread(app: BrowserApp, user: { email: string; password: string }, threadId: string): Promise<Page> {
  const page = await app.newPage();
  await app.signInAs(page, user);
  await page.goto(`${app.url}/messages/${threadId}`);
  return page;
}

/**
 * The built app on its own database, served on a known localhost port, plus one Chromium for the
 * file. Each newPage() is a fresh browser context (its own cookies and storage). A failed test
 * leaves a screenshot of every open page in test-results/.
 */
export function useBrowserApp(options: { env?: Record<string, string> } = {}): BrowserApp {
  const handle = {} as BrowserApp;
  const contexts: BrowserContext[] = [];
  let chromiumHandle: Awaited<ReturnType<typeof launchChromium>> | undefined;

  beforeAll(async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const adminUrl = `http://admin.localhost:${port}`;
    const server = await startTestServer({
      serveClient: true,
      clientDir: CLIENT_DIR,
      port,
      host: '::',
      env: { APP_ORIGIN: url, ADMIN_ORIGIN: adminUrl, ...options.env },
    });
    chromiumHandle = await launchChromium();
    Object.assign(handle, {
      url,
      adminUrl,
      server,
      browser: chromiumHandle.browser,
      async newPage({ width = DESKTOP_WIDTH }: { width?: number } = {}) {
        const height = width <= PHONE_WIDTH ? 844 : 900;
        const context = await chromiumHandle!.browser.newContext({ viewport: { width, height } });
        contexts.push(context);
        return waitingForTakeOver(await context.newPage());
      },
      async signInAs(page: Page, user: { email: string; password: string }, origin = url) {
        const response = await page.request.post(`${origin}/trpc/auth.login`, {
          data: { json: { email: user.email, password: user.password } },
          headers: { origin },
        });
        if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
      },
    } satisfies Omit<BrowserApp, never>);
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const dir = path.resolve('test-results/screenshots');
    fs.mkdirSync(dir, { recursive: true });
    const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
    let index = 0;
    for (const ctx of contexts) {
      for (const page of ctx.pages()) {
        await page.screenshot({ path: path.join(dir, `${name}-${index++}.png`), fullPage: true }).catch(() => {});
      }
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await chromiumHandle?.close();
    await handle.server?.close();
  });
  return handle;
}

/**
 * A page whose goto() resolves once the app has hydrated the page the server sent as HTML: until
 * then its buttons are HTML without handlers, and a journey's first tap (a menu, a dialog) would be
 * lost. A page that is not hydrated within the wait (a test that breaks the app on purpose) is
 * left to the test's own assertions.
 */
function waitingForTakeOver(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await appHasTakenOver(page, TAKE_OVER_WAIT_MS).catch(() => {});
    return response;
  };
  return page;
}

/** Far above a hydration's time on a loaded test machine, far below a test's timeout. */
const TAKE_OVER_WAIT_MS = 15_000;
