import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { type TRPCLink, unstable_localLink } from '@trpc/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedPage, RenderRequest, ServerRenderedPage } from '../../src/entry-server';
import { cartCookieName, MAX_COOKIE_VALUE } from '../../src/features/commerce/cart/cartCookie';
import { withPageHead } from '../../src/seo/head-html';
import { SERVER_RENDERED, SERVER_STATE_ID } from '../../src/ssr/serverState';
import { THEME_COOKIE, themeOfCookie } from '../../src/ssr/themeCookie';
import type { TrpcContext } from '../trpc/init';
import { type AppRouter, appRouter } from '../router';
import { transformer } from '../trpc/transformer';

// The app's pages as HTML rendered for the request (the server bundle, src/entry-server.tsx, built
// by scripts/client-build.ts): the page paints before any script runs, and the app hydrates it at
// load (src/main.tsx). Which pages: those whose route is flagged `staticData.serverRender` (the
// server bundle's router answers). The render calls the procedures in-process with the request's
// own tRPC context (its session), so it sees exactly what the app would be answered over HTTP.

const SERVER_DIR = path.resolve(import.meta.dirname, '../../dist/server');

/** A render slower than this is given up: the app's page is sent instead. */
const PAGE_RENDER_TIMEOUT_MS = 3000;

export type CreateContext = (req: FastifyRequest, reply: FastifyReply) => Promise<TrpcContext>;
type ServerBundle = {
  renderPage(request: RenderRequest): Promise<RenderedPage | undefined>;
  serverRenderedPage(pathname: string): ServerRenderedPage | undefined;
};

/** Renders a request's page into the app's page for its path (`template`, with that page's preloads). */
export type PageRenderer = (req: FastifyRequest, reply: FastifyReply, mayBeSignedIn: boolean, template: string) => Promise<string | undefined>;

/**
 * The renderer of these pages, or undefined without a server bundle. It answers the page's whole
 * HTML, or undefined for any other page, a signed-out request for a signed-in page, or when the
 * render fails or is too slow: the caller then sends the app's page (server/http/app-shell.ts).
 */
export async function pageRenderer(options: {
  serverDir?: string;
  createContext: CreateContext;
  timeoutMs?: number;
  /** The public origin (APP_ORIGIN) of the pages' canonical and preview URLs. */
  origin?: string;
}): Promise<PageRenderer | undefined> {
  const { createContext } = options;
  const entry = path.join(options.serverDir ?? SERVER_DIR, 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  const { renderPage, serverRenderedPage } = (await import(pathToFileURL(entry).href)) as ServerBundle;
  const root = '<div id="root"></div>';

  return async (req, reply, mayBeSignedIn, template) => {
    const url = req.url;
    let page: ServerRenderedPage | undefined;
    try {
      page = serverRenderedPage(url.split('?')[0]);
    } catch {
      // A path the router cannot read (a malformed escape): the app's page answers it.
      return undefined;
    }
    if (!page || (page.signedIn && !mayBeSignedIn) || !template.includes(root)) return undefined;
    const storefrontId = page.cartStorefrontId;
    const carts = storefrontId ? { [storefrontId]: cartOf(req, storefrontId) } : {};
    const themeMode = themeOfCookie(req.cookies[THEME_COOKIE]);
    // One context per request, as over HTTP (where one batch shares it).
    let context: Promise<TrpcContext> | undefined;
    const link: TRPCLink<AppRouter> = unstable_localLink({
      router: appRouter,
      transformer,
      createContext: () => {
        // A request without a session cookie took its read token before the render (./static.ts,
        // decision 037): its queries take none. One with a cookie (valid or not) is limited per query.
        context ??= mayBeSignedIn
          ? createContext(req, reply)
          : createContext(req, reply).then((c) => ({ ...c, publicReadCharged: true as const }));
        return context;
      },
    });
    // A timer cleared once the render settles (AbortSignal.timeout's would keep the render's
    // listeners, and with them the page's whole tree and data, alive for the full timeout).
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error('server render timed out')), options.timeoutMs ?? PAGE_RENDER_TIMEOUT_MS);
    const { signal } = deadline;
    try {
      // The render stops at the signal; the race answers at the deadline even if some step ignores it.
      const rendered = await Promise.race([
        renderPage({ url, link, carts, themeMode, signal, origin: options.origin }),
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      ]);
      if (!rendered) return undefined;
      // Replaced by functions: a replacement string would read `$&`, `$'`… in the page's text
      // (a display name, say) as patterns and paste parts of the template into the page.
      // The page's own title and description replace the app's (src/seo/head-html.ts).
      return withPageHead(template, rendered.head ?? '')
        .replace('</head>', () => `${rendered.styleTags}</head>`)
        .replace(
          root,
          () =>
            `<div id="root" data-server-rendered="${SERVER_RENDERED}">${rendered.html}</div>` +
            `<script type="application/json" id="${SERVER_STATE_ID}">${rendered.state}</script>`,
        );
    } catch (error) {
      req.log.warn({ err: error, reqId: req.id }, 'server render failed; sending the app page');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The cart a request's cookie carries for a storefront, or null. A cookie longer than the app
 * writes is ignored: each of its lines costs the render a product lookup.
 */
function cartOf(req: FastifyRequest, storefrontId: string): string | null {
  const text = req.cookies[cartCookieName(storefrontId)];
  return text && text.length <= MAX_COOKIE_VALUE ? text : null;
}
