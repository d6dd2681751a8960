import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_START_CLOSE } from '../../src/ssr/appStart';
import { routeIndex } from './route-preloads';

/**
 * The parts of the app's shell that a signed-in member's page loads lazily as soon as it renders
 * (the top bar's studios menu, the live updates): named in the page, they download beside the
 * entry instead of after it has run (a level of module requests more). A signed-out visitor's
 * page does not load them.
 */
export const SIGNED_IN_SHELL_MODULES = ['src/components/StudiosMenu.tsx', 'src/features/notifications/LiveUpdates.tsx'];

/**
 * The app's page (index.html) as sent for one path: with the preloads of the code of the page the
 * path shows (./route-preloads), so that it downloads beside the app's entry instead of after it
 * has run, and for a request that may be signed in those of SIGNED_IN_SHELL_MODULES. A
 * server-rendered page (./page-render) is placed in it. Undefined without a build.
 */
export function appShell(clientDir: string): { html(pathname: string, signedIn?: boolean): string } | undefined {
  const indexPath = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  if (!indexHtml.includes('</head>')) return undefined;
  const routes = routeIndex(clientDir, indexHtml);
  // The preloads join the app's own tags: in the template that holds them until the page has
  // painted (decision 035, scripts/start-after-paint.ts), else at the end of the head.
  const before = indexHtml.includes(APP_START_CLOSE) ? APP_START_CLOSE : '</head>';
  const signedInTags = routes.moduleTags(SIGNED_IN_SHELL_MODULES);
  return {
    html(pathname, signedIn = false) {
      const route = routes.match(pathname);
      const named = `${route ? routes.chunkTags(route.file) : ''}${signedIn ? signedInTags : ''}`;
      // Once each (a chunk of the route's may also be the menu's).
      const tags = [...new Set(named.match(/<link[^>]*>/g) ?? [])].join('');
      return tags ? indexHtml.replace(before, () => `${tags}${before}`) : indexHtml;
    },
  };
}

/**
 * Sends a page made for this request, compressed as the browser accepts (brotli at a fast level:
 * a few kilobytes, compressed on every request since the preloads carry the path's parameters).
 */
export function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = req.headers['accept-encoding'] ?? '';
  const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : undefined;
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding').type('text/html; charset=utf-8');
  if (!encoding) return reply.send(html);
  const body = encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(html);
  return reply.header('Content-Encoding', encoding).send(body);
}
