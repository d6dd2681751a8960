import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/cookies';
import { isAdminHost } from './admin-host';
import { appShell, sendHtml } from './app-shell';
import { type CreateContext, pageRenderer } from './page-render';
import { PUBLIC_READ_LIMIT_MESSAGE, type PublicReadLimiter } from './public-read-limit';

export const CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');

/** A session cookie on the request: the visitor may be signed in, so `/` is their dashboard. */
const mayBeSignedIn = (req: FastifyRequest) =>
  (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * The built SPA: hashed assets cached for a year; every other page navigation gets index.html
 * (or the admin console's page on the admin host) so the client router decides what to show.
 * Text files are sent pre-compressed (brotli or gzip, written by the build) when the client
 * accepts it. The pages whose route is flagged `serverRender` (the landing page among them) are
 * rendered for the request (./page-render) and paint before any script has run, with the app's
 * page as their fallback.
 */
export async function registerClient(
  app: FastifyInstance,
  options: { clientDir?: string; serverDir?: string; createContext: CreateContext; origin?: string; publicReads?: PublicReadLimiter },
) {
  const clientDir = options.clientDir ?? CLIENT_DIR;
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    app.log.warn(`no client build at ${clientDir}; run npm run build`);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const pageFor = (req: FastifyRequest) => {
    const admin = isAdminHost(req.headers.host) && fs.existsSync(path.join(clientDir, 'admin.html'));
    return admin ? 'admin.html' : 'index.html';
  };
  const isApiPath = (url: string) => ['/trpc', '/api/', '/files/', '/webhooks/', '/auth/'].some((p) => url.startsWith(p));

  // index.html, for the page a path shows, with the preloads of that page's code: rendered on the
  // server when its route is flagged so (./page-render), else the app's page, which renders it.
  const shell = appShell(clientDir);
  const renderPage =
    shell && (await pageRenderer({ serverDir: options.serverDir, createContext: options.createContext, origin: options.origin }));
  if (shell && !renderPage) app.log.warn('no server bundle (dist/server); pages are rendered in the browser');
  const sendPage = async (req: FastifyRequest, reply: FastifyReply, page: string) => {
    if (page !== 'index.html' || !shell) return reply.sendFile(page);
    const signedIn = mayBeSignedIn(req);
    // A signed-out page takes a read token of its address (decision 037), its server render's queries none.
    const wait = signedIn || !options.publicReads ? 0 : options.publicReads.take(req.ip);
    if (wait > 0) return tooManyReads(reply, wait);
    const template = shell.html(req.url.split('?')[0]);
    const rendered = await renderPage?.(req, reply, signedIn, template);
    // A page rendered for a session is that member's own: never kept by a shared cache.
    if (rendered && signedIn) reply.header('Cache-Control', 'private, no-store');
    return sendHtml(req, reply, rendered ?? template);
  };

  // Vary: the same URL answers with a page rendered for the session (or the theme and cart
  // cookies), or the app's page, depending on the cookies.
  app.get('/', (req, reply) => sendPage(req, reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie'), pageFor(req)));
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !isApiPath(req.url) && (req.headers.accept ?? '').includes('text/html')) {
      return sendPage(req, reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie'), pageFor(req));
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}

/** 429 (the spec's resource-exhausted) for a signed-out page over its address's limit: never stored, with when to come back. */
function tooManyReads(reply: FastifyReply, waitSeconds: number) {
  return reply
    .code(429)
    .header('Retry-After', String(waitSeconds))
    .header('Cache-Control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(PUBLIC_READ_LIMIT_MESSAGE);
}
