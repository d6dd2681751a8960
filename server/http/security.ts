import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type ExtraSources = { img?: string[]; script?: string[]; frame?: string[]; connect?: string[] };

/**
 * Security headers with a CSP the app passes, and CSRF defence for every state-changing request:
 * a browser always sends Origin on cross-site POSTs and Sec-Fetch-Site on modern engines, so a
 * request whose Origin is foreign, or that says it is cross-site, is refused before any handler.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, extra: ExtraSources = {}) {
  const https = config.appOrigin.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(extra.script ?? [])],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(extra.img ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(extra.connect ?? [])],
        frameSrc: ["'self'", ...(extra.frame ?? [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  const trusted = new Set([config.appOrigin, config.adminOrigin]);
  app.addHook('onRequest', async (req, reply) => {
    if (!UNSAFE_METHODS.has(req.method) || req.url.startsWith('/webhooks/')) return;
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const ownOrigin = `${req.protocol}://${req.headers.host}`;
    const originOk = origin === undefined || trusted.has(origin) || origin === ownOrigin;
    const siteOk = site === undefined || site === 'same-origin' || site === 'none';
    if (!originOk || !siteOk) {
      return reply.code(403).send({ error: 'Cross-site request refused' });
    }
  });
}
