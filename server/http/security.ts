import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
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
  const headers = await securityHeaders({
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
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
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

/** Headers that belong to the response itself rather than to helmet's policy. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers for these options. They are the same for every response, but @fastify/helmet
 * builds a new helmet (re-parsing the CSP) on each request — about 7% of the CPU of a small API
 * call — so they are read once from a probe instance running the very same plugin and options.
 */
async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', async () => '');
    const response = await probe.inject('/');
    return Object.fromEntries(
      Object.entries(response.headers).flatMap(([name, value]) =>
        OWN_HEADERS.has(name) || value === undefined ? [] : [[name, String(value)]],
      ),
    );
  } finally {
    await probe.close();
  }
}
