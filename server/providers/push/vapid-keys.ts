import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export type VapidKeys = { publicKey: string; privateKey: string };

/** Spec 1 §8: the server-side text when push has no usable key pair. */
export const VAPID_NOT_CONFIGURED = 'VAPID key not configured';
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * The key pair from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or the one generated into DATA_DIR on
 * first use. The file is created exclusively (mode 0600) through a hard link of a finished
 * temporary file, so two processes starting on one data directory end up with the same pair.
 */
export function loadVapidKeys(configured: { publicKey?: string; privateKey?: string }, dataDir: string): VapidKeys {
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  if (configured.publicKey || configured.privateKey) throw new Error(`${VAPID_NOT_CONFIGURED}: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither`);
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const existing = readKeys(file);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const created = readKeys(file);
  if (!created) throw new Error(`${VAPID_NOT_CONFIGURED}: ${file} holds no key pair`);
  return created;
}

function readKeys(file: string): VapidKeys | null {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(raw) as Partial<VapidKeys>;
  return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string' ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey } : null;
}
