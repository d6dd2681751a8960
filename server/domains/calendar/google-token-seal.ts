import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Google tokens are sealed at rest with AES-256-GCM. The key is derived (HKDF-SHA256) from the
// Google client secret, which lives in the environment and never in the database: a database dump
// alone yields no usable token. Rotating the client secret makes stored tokens unreadable, and the
// users are asked to connect again (decision 010).

const INFO = 'inklink google calendar tokens v1';

const keys = new Map<string, Buffer>();
function keyFor(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'inklink', INFO, 32));
    keys.set(secret, key);
  }
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function sealToken(token: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The token, or null when it was sealed under another key or tampered with. */
export function openToken(sealed: string, secret: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
