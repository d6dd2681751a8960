import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';

// A web push service on loopback, for tests: it accepts what a push service accepts (RFC 8030
// POST to a subscription's endpoint, over https), checks the VAPID token (RFC 8292) and decrypts
// the aes128gcm payload (RFC 8291) with the subscription's private key, as the browser would.

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
/** A self-signed certificate for 127.0.0.1; senders trust it through `agent`. */
const cert = fs.readFileSync(path.join(FIXTURES, 'push-service-cert.pem'));
const key = fs.readFileSync(path.join(FIXTURES, 'push-service-key.pem'));
/** The certificate authority that makes the push provider trust the test push service. */
export const pushServiceCa = cert;

export type TestSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What this browser would have shown: the decrypted payloads, in order. */
  received: string[];
};

export type PushRequest = {
  endpoint: string;
  headers: Record<string, string | string[] | undefined>;
  payload: string | null;
  error: string | null;
};

type Browser = { subscription: TestSubscription; ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number };

export async function startPushService() {
  const browsers = new Map<string, Browser>();
  const requests: PushRequest[] = [];

  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const endpoint = `${url}${req.url}`;
      const browser = browsers.get(endpoint);
      const request: PushRequest = { endpoint, headers: req.headers, payload: null, error: null };
      requests.push(request);
      if (!browser) {
        res.writeHead(404).end();
        return;
      }
      if (browser.status >= 300) {
        res.writeHead(browser.status).end('test push service refuses');
        return;
      }
      try {
        checkVapid(req.headers.authorization ?? '', new URL(endpoint).origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        request.payload = decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth);
        browser.subscription.received.push(request.payload);
        res.writeHead(201).end();
      } catch (error) {
        request.error = error instanceof Error ? error.message : String(error);
        res.writeHead(400).end(request.error);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    requests,
    /** A browser's subscription to this service: a fresh P-256 key pair and auth secret. */
    subscribe(): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const subscription: TestSubscription = {
        endpoint: `${url}/push/${randomUUID()}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        received: [],
      };
      browsers.set(subscription.endpoint, { subscription, ecdh, auth, status: 201 });
      return subscription;
    },
    /** From now on the service answers this status for the subscription (404/410: gone; 5xx: try later). */
    answer(subscription: TestSubscription, status: number) {
      const browser = browsers.get(subscription.endpoint);
      if (browser) browser.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8292: `vapid t=<ES256 JWT for the endpoint's origin>, k=<the signer's public key>`. */
function checkVapid(authorization: string, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error('missing VAPID authorization');
  const [header, claims, signature] = match[1].split('.');
  const publicKey = Buffer.from(match[2], 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: publicKey.subarray(1, 33).toString('base64url'),
    y: publicKey.subarray(33, 65).toString('base64url'),
  };
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (body.aud !== audience) throw new Error(`VAPID audience ${body.aud}, expected ${audience}`);
  if (body.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
}

/**
 * RFC 8291 §3.4 and RFC 8188: header salt(16) | rs(4) | idlen(1) | keyid (the sender's ephemeral
 * public key), then one record: AES-128-GCM of payload | 0x02 | padding.
 */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('last record delimiter missing');
  return plain.subarray(0, end).toString('utf8');
}
