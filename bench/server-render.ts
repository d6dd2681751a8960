import type { BenchContext } from './context';
import { type MainPage, mainPages, visitorCookie } from './pages';
import { NOT_AVAILABLE, type Row, runLoad, unavailable } from './lib';

/** Signed-in visitors loading one page at once: a busy studio's or shop's page, not a crawl. */
const VISITORS = 10;
/** The pages measured here (every main page is server-rendered: its route's `serverRender` flag). */
const SERVER_RENDERED = new Set(['studio', 'storefront', 'checkout']);

/**
 * What a server-rendered page costs the server under load: each page's whole HTML (app routes run
 * through the tRPC local link) for VISITORS signed-in connections. No target in the issues: shown
 * so a regression is seen. A page answered by the fallback (render failed or over 3 s) would not
 * carry the server-rendered marker, so one answer is checked before the load.
 */
export async function serverRenderRows(ctx: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  const cookie = (await visitorCookie(ctx)).join('=');
  // As a browser asks for a page (the server answers other requests for unknown paths with 404).
  const headers = { cookie, accept: 'text/html' };
  const pages = (await mainPages(ctx)).filter((page) => SERVER_RENDERED.has(page.name));
  for (const page of pages) {
    const name = `server-rendered ${page.name} page, ${VISITORS} signed-in visitors`;
    if (page.missing.length) {
      rows.push(unavailable(name, 'ms p95', '—', `${NOT_AVAILABLE}: ${page.missing.join(', ')}`));
      continue;
    }
    const rendered = await isServerRendered(ctx, page, headers);
    const load = await runLoad({ url: ctx.appUrl, connections: VISITORS, duration: 10, warmup: 2, requests: [{ path: page.path, headers }] });
    rows.push({
      name,
      value: rendered ? load.p95 : null,
      unit: 'ms p95',
      target: '—',
      pass: null,
      note: rendered ? `${load.rps} pages/s, p50 ${load.p50} ms, p99 ${load.p99} ms` : 'the page was not server-rendered (fallback to the app page)',
    });
  }
  return rows;
}

async function isServerRendered(ctx: BenchContext, page: MainPage, headers: Record<string, string>) {
  const response = await fetch(`${ctx.appUrl}${page.path}`, { headers });
  return response.ok && (await response.text()).includes('data-server-rendered=');
}
