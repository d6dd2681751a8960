import {
  type CurrentSubscription,
  deviceTypeOf,
  PUSH_TEXTS,
  SERVICE_WORKER_ACTIVATION_MS,
  type StoredPushDevice,
} from '../../../../server/domains/notifications/push/rules';

// The browser half of web push: the service worker, the subscription and the device info kept
// locally (spec 1 §3). Errors carry the spec's user-facing text (spec 1 §8).

const STORAGE_KEY = 'push-device';
export const SERVICE_WORKER_URL = '/sw.js';

export class PushSetupError extends Error {
  constructor(readonly userText: string, cause?: unknown) {
    super(userText, { cause });
  }
}

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export const permission = (): NotificationPermission | 'unsupported' => (pushSupported() ? Notification.permission : 'unsupported');

export function storedDevice(): StoredPushDevice | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as StoredPushDevice) : null;
  } catch {
    return null;
  }
}

export function storeDevice(device: StoredPushDevice | null) {
  try {
    if (device) localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): the next visit registers again, which is harmless.
  }
}

/** The registered service worker, once active (spec 1 §9: wait at most 10 s). */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new PushSetupError(PUSH_TEXTS.tokenFailed, new Error('service worker activation timed out'))), SERVICE_WORKER_ACTIVATION_MS),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = (publicKey + '='.repeat((4 - (publicKey.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const bytes = atob(base64);
  const key = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i++) key[i] = bytes.charCodeAt(i);
  return key;
}

/** This browser's subscription, created with the server's VAPID key when there is none. */
export async function currentSubscription(registration: ServiceWorkerRegistration, publicKey: () => Promise<string>): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(await publicKey()) });
  } catch (error) {
    if (error instanceof PushSetupError) throw error;
    throw new PushSetupError(PUSH_TEXTS.tokenFailed, error);
  }
}

export function describeSubscription(subscription: PushSubscription): CurrentSubscription {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
}

/** Device info sent with a registration (spec 1 §3). */
export const deviceInfo = () => ({ deviceType: deviceTypeOf(navigator.userAgent), userAgent: navigator.userAgent.slice(0, 512) });
