import path from 'node:path';
import { z } from 'zod';
import { SMS_ENABLED } from './domains/notifications/rules';
import { ADMIN_HOST_REQUIRED, isAdminHost } from './http/admin-host';

// The one place the environment is read. Every variable is optional; what is unset falls back to
// an embedded default that works on a fresh machine (PGlite, mail outbox, local disk, local payments).

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optional,
  // PostgreSQL connections the server keeps. Ten, not more: on the 2-core bench machine 50 buyers
  // checking out placed 506–564 orders/s with 10 connections and 373–447 with 20 (more backends
  // than cores only take turns). A larger database server may want more.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Signed-out reads a source address may make a minute, with a burst of as many (decision 037); 0 turns the limit off. */
  PUBLIC_READ_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  // Behind a reverse proxy every request comes from the proxy's address: the per-address limits
  // (sign-in, registration, signed-out reads) would then count all visitors as one. TRUST_PROXY
  // names the proxies whose X-Forwarded-For is believed: `true` (any peer: only when nothing else
  // can reach the server), or the proxies' addresses and CIDR ranges separated by commas (Fastify
  // takes no hop count: it would fail closed). Unset: the connection's own address (no proxy).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | string => {
      const text = value?.trim() ?? '';
      if (text === '' || text === 'false') return false;
      return text === 'true' ? true : text;
    }),
  DATA_DIR: z.string().default('./data'),
  // Unset origins follow PORT (http://localhost:3000 at the default port), so `PORT=8080 npm start`
  // puts the right address in e-mail links, OAuth redirects and the start-up message.
  APP_ORIGIN: z.url().optional(),
  ADMIN_ORIGIN: z
    .url()
    .optional()
    .refine((origin) => origin === undefined || isAdminHost(new URL(origin).host), ADMIN_HOST_REQUIRED),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional,
  /** pk_… for Stripe Elements in the browser (card entry); without it the card form is the local test form. */
  STRIPE_PUBLISHABLE_KEY: optional,
  // A card payment (an order, a payment request, a subscription start) left undecided this long is
  // settled against the provider's record by the reconcile job. Five minutes: well past the longest
  // a live request can still be charging (the Stripe SDK's 20 s timeout, tried 3 times) and past
  // Stripe search's usual indexing delay (under a minute), yet short enough that stock held by a
  // request that died comes back soon. Tests that kill a server set it to a second.
  PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  // Overrides every plan's free trial (spec 2 §9 sets 30 days): 0 charges the first month at once,
  // so the first payment (and its 3-D Secure challenge, decision 040) happens at subscribe time.
  SUBSCRIPTION_TRIAL_DAYS: z.coerce.number().int().min(0).max(365).optional(),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('InkLink <no-reply@inklink.local>'),
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /** Google's endpoints, replaceable for tests (a local server that speaks OAuth and Calendar v3). */
  GOOGLE_ACCOUNTS_BASE: z.url().default('https://accounts.google.com'),
  GOOGLE_OAUTH_BASE: z.url().default('https://oauth2.googleapis.com'),
  GOOGLE_CALENDAR_API_BASE: z.url().default('https://www.googleapis.com/calendar/v3'),
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  GEOCODER_URL: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Who answers /trpc: the lean handler (decision 011) or tRPC's own Fastify adapter, which the
  // conformance test compares it with and which stays available should the lean one misbehave.
  TRPC_HANDLER: z.enum(['lean', 'adapter']).default('lean'),
});

/**
 * How long a client may take (issue 18, decision 020). A request must have sent its headers within
 * `headersTimeoutMs` and all of its body within `requestTimeoutMs`; node checks both every
 * `timeoutCheckIntervalMs`, so a client trickling a byte a second is cut at most about 26 s after
 * it connected. A 5 MB upload thus needs about 1.6 Mbit/s. A socket with no traffic either way for
 * `idleTimeoutMs` is closed, except a live-updates stream (server-sent events), which stays open
 * by design. Between requests a kept-alive socket is kept `keepAliveTimeoutMs`, longer than the
 * 60 s idle timeout of common load balancers (a shorter one makes them send into closed sockets).
 * Requests per kept-alive socket are not limited: node answers 503 past such a limit, and a busy
 * client (the bench's, a load balancer's pool) would meet it; a socket's requests are bounded in
 * time by the limits above.
 */
export const HTTP_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 25_000,
  timeoutCheckIntervalMs: 1_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 72_000,
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicReadLimitPerMinute: e.PUBLIC_READ_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    dataDir: path.resolve(e.DATA_DIR),
    appOrigin: (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    adminOrigin: (e.ADMIN_ORIGIN ?? `http://admin.localhost:${e.PORT}`).replace(/\/$/, ''),
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    },
    /** How long a card payment may stay undecided before the reconcile job settles it. */
    paymentReconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
    /** The free trial of every plan when set (else each plan's own, spec 2 §9). */
    subscriptionTrialDays: e.SUBSCRIPTION_TRIAL_DAYS ?? null,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            accountsBase: e.GOOGLE_ACCOUNTS_BASE.replace(/\/$/, ''),
            oauthBase: e.GOOGLE_OAUTH_BASE.replace(/\/$/, ''),
            calendarApiBase: e.GOOGLE_CALENDAR_API_BASE.replace(/\/$/, ''),
          }
        : undefined,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    geocoderUrl: e.GEOCODER_URL,
    http: HTTP_LIMITS,
    logLevel: e.LOG_LEVEL,
    /** 'lean': server/trpc/fastify-handler.ts; 'adapter': tRPC's own Fastify adapter (server/trpc/adapter-handler.ts). */
    trpcHandler: e.TRPC_HANDLER,
    /** No SMS provider is configured (spec 1 §9 "sms disabled"); SMS deliveries are never scheduled. */
    smsEnabled: SMS_ENABLED,
    /** Background loops (mail, notifications, sweeps). Tests turn them off and drive them by hand. */
    jobs: true,
  };
}
