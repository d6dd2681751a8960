import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type TRPCLink, unstable_localLink } from '@trpc/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedPage, RenderRequest } from '../../src/entry-server';
import { cartCookieName, MAX_COOKIE_VALUE } from '../../src/features/commerce/cart/cartCookie';
import { SERVER_RENDERED, SERVER_STATE_ID } from '../../src/ssr/serverState';
import type { TrpcContext } from '../trpc/init';
import { type AppRouter, appRouter } from '../router';
import { transformer } from '../trpc/transformer';
import type { RouteIndex } from './route-preloads';

// The studio, storefront and checkout pages as HTML rendered for the request (the server bundle,
// src/entry-server.tsx, built by scripts/client-build.ts): the page paints before any script runs,
// and the app takes it over on the visitor's first input (the boot script, scripts/boot-script.ts).
// The render calls the procedures in-process with the request's own tRPC context (its session),
// so it sees exactly what the app would be answered over HTTP.

const SERVER_DIR = path.resolve(import.meta.dirname, '../../dist/server');
/** The app's page with the boot script in place of the entry (written by the build: scripts/boot-script.ts). */
export const BOOT_PAGE_TEMPLATE = '.vite/boot-page.html';

/** A render slower than this is given up: the app's page is sent instead. */
const PAGE_RENDER_TIMEOUT_MS = 3000;

/** The route files rendered on the server; `signedIn`: only with a session (the `_app` layout's rule). */
const SERVER_RENDERED_PAGES: Record<string, { signedIn: boolean; storefrontParam?: string }> = {
  '_app/studio/$slug/index': { signedIn: true },
  '_app/studio/id/$id/index': { signedIn: true },
  'storefront/$id/index': { signedIn: false, storefrontParam: 'id' },
  '_app/checkout/$storefrontId': { signedIn: true, storefrontParam: 'storefrontId' },
};

export type CreateContext = (req: FastifyRequest, reply: FastifyReply) => Promise<TrpcContext>;
type RenderPage = (request: RenderRequest) => Promise<RenderedPage | undefined>;

/**
 * The renderer of these pages, or undefined without a server bundle. It answers the page's whole
 * HTML, or undefined for any other page, a signed-out request for a signed-in page, or when the
 * render fails or is too slow: the caller then sends the app's page (server/http/app-shell.ts).
 */
export async function pageRenderer(options: {
  clientDir: string;
  serverDir?: string;
  routes: RouteIndex;
  createContext: CreateContext;
  timeoutMs?: number;
}): Promise<((req: FastifyRequest, reply: FastifyReply, mayBeSignedIn: boolean) => Promise<string | undefined>) | undefined> {
  const { clientDir, routes, createContext } = options;
  const entry = path.join(options.serverDir ?? SERVER_DIR, 'entry-server.js');
  const templatePath = path.join(clientDir, BOOT_PAGE_TEMPLATE);
  if (!fs.existsSync(entry) || !fs.existsSync(templatePath)) return undefined;
  const { renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage };
  const template = fs.readFileSync(templatePath, 'utf8');
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>')) return undefined;

  return async (req, reply, mayBeSignedIn) => {
    const url = req.url;
    const route = routes.match(url.split('?')[0]);
    const page = route && SERVER_RENDERED_PAGES[route.file];
    if (!route || !page || (page.signedIn && !mayBeSignedIn)) return undefined;
    const storefrontId = page.storefrontParam && route.params[page.storefrontParam];
    const carts = storefrontId ? { [storefrontId]: cartOf(req, storefrontId) } : {};
    // One context per request, as over HTTP (where one batch shares it).
    let context: Promise<TrpcContext> | undefined;
    const link: TRPCLink<AppRouter> = unstable_localLink({
      router: appRouter,
      transformer,
      createContext: () => {
        context ??= createContext(req, reply);
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
        renderPage({ url, link, carts, signal }),
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      ]);
      if (!rendered) return undefined;
      const chunks = JSON.stringify(routes.chunks(route.file).map((file) => `/${file}`));
      // Replaced by functions: a replacement string would read `$&`, `$'`… in the page's text
      // (a display name, say) as patterns and paste parts of the template into the page.
      return template
        .replace('</head>', () => `${rendered.styleTags}</head>`)
        .replace(
          root,
          () =>
            `<div id="root" data-server-rendered="${SERVER_RENDERED}" data-chunks='${chunks}'>${rendered.html}</div>` +
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
