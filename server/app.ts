import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { DEVICE_COOKIE, SESSION_COOKIE, clearSessionCookie, setDeviceCookie, setSessionCookie } from './auth/cookies';
import { registerGoogleRoutes } from './auth/google';
import { registerGoogleCalendarRoutes } from './auth/google-calendar';
import { createRequestAuth } from './auth/request';
import { createSessionCache } from './auth/session-cache';
import { sessionExpiresAt } from './auth/sessions';
import { isConnectionLoss } from './db/reconnect';
import type { AppDeps } from './deps';
import { registerCspReports } from './http/csp-reports';
import { registerIcsFeed } from './http/ics-feed';
import { registerOwnWriteCatchUp } from './http/own-writes';
import { registerPreviewJpeg } from './http/preview-jpeg';
import { requestLogger } from './http/request-logger';
import { registerSecurity } from './http/security';
import { registerClient } from './http/static';
import { registerSitemap } from './http/sitemap';
import { registerStripeWebhook } from './http/stripe-webhook';
import { registerUploads } from './http/uploads';
import { changeFeedOf } from './lib/change-feed';
import { registerTrpcAdapter } from './trpc/adapter-handler';
import { registerTrpcRoutes } from './trpc/fastify-handler';
import { lostConnectionError, type TrpcContext, UNAVAILABLE_MESSAGE } from './trpc/init';
import { appRouter } from './router';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Calls in one tRPC batch; the client's batch link uses a lower limit. */
export const MAX_BATCH_SIZE = 20;

/** `serverDir`: the server bundle that renders pages (default dist/server). */
export type BuildOptions = { clientDir?: string; serverDir?: string; serveClient?: boolean };

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const limits = deps.config.http;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    // Slow clients are cut in bounded time (config.ts, HTTP_LIMITS): headers and whole requests
    // by node's own checks, silent sockets by the idle timeout.
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.timeoutCheckIntervalMs },
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 5000 },
    trustProxy: deps.config.trustProxy,
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    childLoggerFactory: requestLogger,
    // Per-request lines only at debug level; errors are always logged with their request id.
    logController: new LogController({ disableRequestLogging: deps.config.logLevel !== 'debug' && deps.config.logLevel !== 'trace' }),
  });

  // Errors outside tRPC: client errors keep their message, anything else is logged and masked.
  app.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
    if (isConnectionLoss(error)) {
      req.log.warn({ err: error, reqId: req.id }, 'database connection lost');
      return reply.code(503).send({ error: UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      req.log.error({ err: error, reqId: req.id }, 'unhandled error');
      return reply.code(500).send({ error: 'Internal server error', requestId: req.id });
    }
    return reply.code(status).send({ error: error.message });
  });
  // A callback hook: an async one costs every response a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });

  await app.register(cookie);
  await registerSecurity(app, deps.config);
  const sessionCache = createSessionCache(deps.database, deps.logger);
  await sessionCache.start();
  app.addHook('onClose', () => sessionCache.stop());
  // Announcements of writes already answered leave before the database closes.
  app.addHook('onClose', () => deps.announcer.flush());
  const auth = createRequestAuth(deps, sessionCache);
  registerOwnWriteCatchUp(app, changeFeedOf(deps.database, deps.logger), deps.announcer);

  app.get('/healthz', async (_req, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { ok: true };
    } catch {
      return reply.code(503).send({ ok: false });
    }
  });

  // A request's tRPC context: for its procedure calls over HTTP, and for the server's render of a page.
  const createContext = async (req: FastifyRequest, res: FastifyReply): Promise<TrpcContext> => {
    const valid = await auth.resolve(req);
    if (valid?.refreshed) setSessionCookie(res, deps.config, req.cookies[SESSION_COOKIE] ?? '', sessionExpiresAt(valid.session));
    return {
      deps,
      user: valid?.user ?? null,
      sessionId: valid?.session.id ?? null,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      requestId: req.id,
      site: { origin: req.headers.origin, host: req.headers.host, fetchSite: req.headers['sec-fetch-site'] as string | undefined },
      setSessionCookie: (token, expiresAt) => setSessionCookie(res, deps.config, token, expiresAt),
      clearSessionCookie: () => clearSessionCookie(res, deps.config),
      deviceToken: req.cookies[DEVICE_COOKIE] ?? null,
      setDeviceCookie: (token) => setDeviceCookie(res, deps.config, token),
    };
  };
  // The same options whichever handler answers /trpc (config.trpcHandler, decision 011).
  const trpcOptions = {
    router: appRouter,
    maxBatchSize: MAX_BATCH_SIZE,
    async createContext({ req, res }: { req: FastifyRequest; res: FastifyReply }) {
      try {
        return await createContext(req, res);
      } catch (cause) {
        // The session lookup lost its database connection: the server is fine and a retry will
        // work, so 503 (as for a procedure's own statements), not the 500 of a fault.
        throw isConnectionLoss(cause) ? lostConnectionError(cause) : cause;
      }
    },
    onError({ error, path, req }: { error: TRPCError; path?: string; req: FastifyRequest }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path, reqId: req.id }, 'procedure failed');
      if (error.code === 'SERVICE_UNAVAILABLE' && isConnectionLoss(error.cause))
        req.log.warn({ err: error.cause, path, reqId: req.id }, 'database connection lost');
    },
  };
  if (deps.config.trpcHandler === 'adapter') await registerTrpcAdapter(app, trpcOptions);
  else await registerTrpcRoutes(app, trpcOptions);

  registerGoogleRoutes(app, deps, auth);
  registerGoogleCalendarRoutes(app, deps, auth);
  // In a scope of its own: @fastify/multipart's hooks (a 'close' listener on every response, temp
  // file cleanup after it) are for the upload route, not for every request the app answers.
  await app.register(async (uploads) => registerUploads(uploads, deps, auth));
  registerIcsFeed(app, deps);
  registerSitemap(app, deps);
  registerPreviewJpeg(app, deps);
  await registerCspReports(app, deps.logger);
  await registerStripeWebhook(app, deps);
  if (options.serveClient !== false)
    await registerClient(app, {
      clientDir: options.clientDir,
      serverDir: options.serverDir,
      createContext,
      origin: deps.config.appOrigin,
      publicReads: deps.publicReads,
    });
  return app;
}
