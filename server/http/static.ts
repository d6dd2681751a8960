import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');

/** Admin console host: a name starting with `admin.` or containing `admin-` (spec 2 §2). */
export const isAdminHost = (host: string | undefined) => {
  const name = (host ?? '').split(':')[0].toLowerCase();
  return name.startsWith('admin.') || name.includes('admin-');
};

/**
 * The built SPA: hashed assets cached for a year; every other page navigation gets index.html
 * (or the admin console's page on the admin host) so the client router decides what to show.
 */
export async function registerClient(app: FastifyInstance, clientDir = CLIENT_DIR) {
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    app.log.warn(`no client build at ${clientDir}; run npm run build`);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    index: false,
    wildcard: false,
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

  app.get('/', (req, reply) => reply.header('Cache-Control', 'no-cache').sendFile(pageFor(req)));
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !isApiPath(req.url) && (req.headers.accept ?? '').includes('text/html')) {
      return reply.header('Cache-Control', 'no-cache').sendFile(pageFor(req));
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}
