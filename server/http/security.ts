import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { CSP_REPORT_PATH } from './csp-reports';
import { trustedOrigins } from './origins';

/** The Reporting API's name for the endpoint the CSP's report-to points at. */
const CSP_REPORT_GROUP = 'csp';

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
        // Violations are reported (and logged) rather than only shown in the visitor's console:
        // report-to for browsers with the Reporting API, report-uri for the others.
        reportUri: [CSP_REPORT_PATH],
        reportTo: [CSP_REPORT_GROUP],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  headers['reporting-endpoints'] = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;
  // Callback hooks rather than async ones: every request runs them, and an async hook costs a
  // promise and its settlement per request.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });

  const trusted = trustedOrigins(config);
  app.addHook('onRequest', (req, reply, done) => {
    // Webhooks are signed; violation reports are sent by the browser itself and change nothing.
    if (!UNSAFE_METHODS.has(req.method) || req.url.startsWith('/webhooks/') || req.url === CSP_REPORT_PATH) return done();
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    // The configured origins only, never one built from the request's Host: with DNS rebinding an
    // attacker's name points at this server, and its page's Origin then equals the Host it sends.
    const originOk = origin === undefined || trusted.has(origin);
    const siteOk = site === undefined || site === 'same-origin' || site === 'none';
    // A reply sent from a callback hook ends the request there: done() is not called.
    if (!originOk || !siteOk) reply.code(403).send({ error: 'Cross-site request refused' });
    else done();
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
