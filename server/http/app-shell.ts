import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routeIndex } from './route-preloads';

/**
 * The app's page (index.html) as sent for one path: with the preloads of the code of the page the
 * path shows (./route-preloads), so that it downloads beside the app's entry instead of after it
 * has run. A server-rendered page (./page-render) is placed in it. Undefined without a build.
 */
export function appShell(clientDir: string): { html(pathname: string): string } | undefined {
  const indexPath = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  if (!indexHtml.includes('</head>')) return undefined;
  const routes = routeIndex(clientDir, indexHtml);
  return {
    html(pathname) {
      const route = routes.match(pathname);
      return route ? indexHtml.replace('</head>', () => `${routes.chunkTags(route.file)}</head>`) : indexHtml;
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
