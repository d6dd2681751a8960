import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { pageRenderer } from '../../server/http/page-render';
import type { TrpcContext } from '../../server/trpc/init';
import { MAX_COOKIE_VALUE } from '../../src/features/commerce/cart/cartCookie';

// The server's render of a page, with stand-in server bundles: whatever the bundle does (throws,
// never answers, declines the page), the caller gets undefined and sends the app's page instead;
// a rendered page is placed in the app's page for its path with its state. Which pages are rendered
// is the bundle's answer (serverRenderedPage: the routes' flags in the real one).

const TEMPLATE = '<!doctype html><html lang="en"><head></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>';
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-render-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A stand-in server bundle whose renderPage has this body; its flagged pages are the storefront
 * (public, with its cart) and the account (signed in only).
 */
function bundle(body: string) {
  const dir = tempDir();
  fs.writeFileSync(
    path.join(dir, 'entry-server.js'),
    `export async function renderPage(request) { ${body} }\n` +
      `export function serverRenderedPage(pathname) {
        if (pathname.startsWith('/storefront/')) return { signedIn: false, cartStorefrontId: pathname.split('/')[2] };
        if (pathname === '/account') return { signedIn: true };
      }\n`,
  );
  return dir;
}

const warnings: unknown[] = [];
const request = (url: string, cookies: Record<string, string> = {}) =>
  ({ url, cookies, id: 'req-1', log: { warn: (entry: unknown) => warnings.push(entry) } }) as unknown as FastifyRequest;
const reply = {} as FastifyReply;
const createContext = async () => ({}) as TrpcContext;

async function renderer(serverDir: string, timeoutMs?: number) {
  const render = await pageRenderer({ serverDir, createContext, timeoutMs });
  if (!render) throw new Error('no renderer');
  return render;
}

describe("the server's render of a page", () => {
  it('is absent without a server bundle', async () => {
    expect(await pageRenderer({ serverDir: tempDir(), createContext })).toBeUndefined();
  });

  it('places the page in the template with its CSS and its state after it', async () => {
    const render = await renderer(
      bundle(`return { html: '<h1>' + request.url + '</h1>', styleTags: '<style>h1{}</style>', state: JSON.stringify(request.carts) };`),
    );
    const html = await render(request('/storefront/s1', { 'inklink-cart-s1': '{"lines":[]}' }), reply, false, TEMPLATE);
    expect(html).toBe(
      TEMPLATE.replace('</head>', '<style>h1{}</style></head>').replace(
        '<div id="root"></div>',
        `<div id="root" data-server-rendered="page"><h1>/storefront/s1</h1></div>` +
          `<script type="application/json" id="server-state">{"s1":"{\\"lines\\":[]}"}</script>`,
      ),
    );
  });

  it("places the page's text as it is: `$&`, `$'`, `` $` `` and `$$` in it (a display name) are not replacement patterns", async () => {
    const text = "A $& B $' C $` D $$ E";
    const render = await renderer(bundle(`return { html: ${JSON.stringify(`<p>${text}</p>`)}, styleTags: ${JSON.stringify(`<style>/*${text}*/</style>`)}, state: '{}' };`));
    const html = await render(request('/storefront/s1'), reply, false, TEMPLATE);
    expect(html).toContain(`<p>${text}</p></div><script type="application/json" id="server-state">{}</script>`);
    expect(html).toContain(`<style>/*${text}*/</style></head>`);
    expect(html?.match(/<script/g)).toHaveLength(2);
  });

  it("puts the page's head (title, meta, JSON-LD) in place of the app's title and description, with the public origin passed to the bundle", async () => {
    const template = TEMPLATE.replace('<head></head>', '<head><meta name="description" content="The app" /><title>The app</title></head>');
    const head = '<title>Black Anchor | InkLink</title><meta name="description" content="A studio" data-page-head>';
    const render = await pageRenderer({
      serverDir: bundle(
        `return { html: '<h1>x</h1>', styleTags: '', state: '{}', head: ${JSON.stringify(head)} + '<!--' + request.origin + '-->' };`,
      ),
      createContext,
      origin: 'https://inklink.example',
    });
    const html = (await render?.(request('/storefront/s1'), reply, false, template)) ?? '';
    expect(html).toContain(`<head>${head}<!--https://inklink.example--></head>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('The app');
  });

  it('ignores a cart cookie longer than the app writes (each line would cost a product lookup)', async () => {
    const render = await renderer(bundle(`return { html: '', styleTags: '', state: JSON.stringify(request.carts) };`));
    const cookie = (length: number) => ({ 'inklink-cart-s1': 'x'.repeat(length) });
    expect(await render(request('/storefront/s1', cookie(MAX_COOKIE_VALUE)), reply, false, TEMPLATE)).toContain(`{"s1":"${'x'.repeat(MAX_COOKIE_VALUE)}"}`);
    expect(await render(request('/storefront/s1', cookie(MAX_COOKIE_VALUE + 1)), reply, false, TEMPLATE)).toContain('{"s1":null}');
  });

  it('renders only its pages: any other path, and a signed-in page without a session, get undefined', async () => {
    const render = await renderer(bundle(`throw new Error('not to be called');`));
    expect(await render(request('/pricing'), reply, true, TEMPLATE)).toBeUndefined();
    expect(await render(request('/account'), reply, false, TEMPLATE)).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("renders in the palette of the request's theme cookie (dark without one)", async () => {
    const render = await renderer(bundle(`return { html: '', styleTags: '', state: request.themeMode };`));
    expect(await render(request('/account', { 'theme-mode': 'light' }), reply, true, TEMPLATE)).toContain('>light</script>');
    expect(await render(request('/account', { 'theme-mode': 'purple' }), reply, true, TEMPLATE)).toContain('>dark</script>');
    expect(await render(request('/account'), reply, true, TEMPLATE)).toContain('>dark</script>');
  });

  it('answers undefined, with a warning, when the bundle throws', async () => {
    const render = await renderer(bundle(`throw new Error('boom');`));
    expect(await render(request('/storefront/s1'), reply, false, TEMPLATE)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    warnings.length = 0;
  });

  it('answers undefined when the bundle declines the page (a redirect, a page not found)', async () => {
    const render = await renderer(bundle('return undefined;'));
    expect(await render(request('/storefront/s1'), reply, false, TEMPLATE)).toBeUndefined();
  });

  it('answers undefined at the deadline when the render never finishes', async () => {
    const render = await renderer(bundle('return new Promise(() => {});'), 50);
    expect(await render(request('/storefront/s1'), reply, false, TEMPLATE)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    warnings.length = 0;
  });
});
