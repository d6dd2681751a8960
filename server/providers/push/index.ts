import https from 'node:https';
import webpush from 'web-push';
import type { Config } from '../../config';
import { assertPublicHost, guardedLookup, type Resolver } from '../../lib/outbound-address';
import { isKnownPushEndpoint, KNOWN_PUSH_SERVICES } from './endpoints';
import { loadVapidKeys, type VapidKeys } from './vapid-keys';

/** One browser's push subscription: the push service URL and the keys the payload is encrypted to. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushOptions = { ttlSeconds: number; urgency: 'normal' | 'high' };
/** `gone`: the push service no longer knows the subscription (404/410); the device must be deleted. */
export type PushOutcome = 'sent' | 'gone';

/** Web push with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291), through web-push. */
export interface PushProvider {
  /** The VAPID public key browsers subscribe with (their applicationServerKey). */
  publicKey(): string;
  /** Whether an endpoint is on a push service this server sends to (checked at registration). */
  acceptsEndpoint(endpoint: string): boolean;
  /**
   * Resolves `sent` or `gone` (also for an endpoint no longer accepted: a row stored before the
   * allow-list); throws on anything worth retrying (network, 429, 5xx) and when the endpoint's
   * name resolves to a non-public address.
   */
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
}

const SEND_TIMEOUT_MS = 10_000;

/**
 * The sender identifies itself to push services with an https: or mailto: URL (RFC 8292 §2.1):
 * the public origin when it is https, else the address mail is sent from.
 */
export function vapidSubject(config: Pick<Config, 'appOrigin' | 'mail'>): string {
  if (config.appOrigin.startsWith('https://')) return config.appOrigin;
  const address = /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from;
  return `mailto:${address.trim()}`;
}

export type PushProviderOptions = {
  /** Push services sent to (endpoints.ts); tests add their loopback service. Read at each call. */
  services?: readonly string[];
  /** Name resolution for the address guard; tests map names to loopback. */
  resolver?: Resolver;
  /** Addresses let through although not public: tests' loopback push service only. */
  allowAddress?: (address: string) => boolean;
  /** Extra certificate authority: tests trust a loopback push service's certificate. */
  ca?: string | Buffer;
};

/**
 * Keys come from the environment or are generated into DATA_DIR on first use (not at start, so
 * scripts that never push never write a key file). Every send goes through an agent whose
 * `lookup` refuses non-public addresses (lib/outbound-address.ts).
 */
export function createPushProvider(config: Pick<Config, 'appOrigin' | 'mail' | 'vapid' | 'dataDir'>, options: PushProviderOptions = {}): PushProvider {
  let keys: VapidKeys | undefined;
  const vapid = () => {
    keys ??= loadVapidKeys(config.vapid, config.dataDir);
    return keys;
  };
  const subject = vapidSubject(config);
  const services = options.services ?? KNOWN_PUSH_SERVICES;
  const agent = new https.Agent({ keepAlive: true, lookup: guardedLookup(options.resolver, options.allowAddress), ca: options.ca });
  const acceptsEndpoint = (endpoint: string) => isKnownPushEndpoint(endpoint, services);
  return {
    publicKey: () => vapid().publicKey,
    acceptsEndpoint,
    async send(target, payload, sendOptions) {
      if (!acceptsEndpoint(target.endpoint)) return 'gone';
      assertPublicHost(new URL(target.endpoint), options.allowAddress);
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails: { subject, ...vapid() },
          contentEncoding: 'aes128gcm',
          TTL: sendOptions.ttlSeconds,
          urgency: sendOptions.urgency,
          timeout: SEND_TIMEOUT_MS,
          agent,
        });
        return 'sent';
      } catch (error) {
        if (error instanceof webpush.WebPushError) {
          if (error.statusCode === 404 || error.statusCode === 410) return 'gone';
          throw new Error(`push service answered ${error.statusCode}: ${error.body.slice(0, 200)}`);
        }
        throw error;
      }
    },
  };
}
