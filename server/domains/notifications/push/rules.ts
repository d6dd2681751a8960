import type { DeviceType, NotificationPriority, NotificationType } from '../../../db/schema/notifications';
import { deepLink } from '../rules';

// Web push rules shared by the server and the browser (spec 1 §3 device info, §4 Push permission,
// §8 Push, §9 refresh intervals). Pure functions: no I/O.

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const satisfies readonly DeviceType[];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec 1 §9: a stored token older than 7 days is refreshed. */
export const PUSH_TOKEN_REFRESH_MS = 7 * DAY_MS;
/** Spec 1 §9: stored device info older than 30 days is registered again. */
export const PUSH_DEVICE_INFO_REFRESH_MS = 30 * DAY_MS;
/** Spec 1 §9: how long the page waits for the service worker to become active. */
export const SERVICE_WORKER_ACTIVATION_MS = 10_000;

/** Spec 1 §8, the user-facing texts of the permission flow. */
export const PUSH_TEXTS = {
  allowInSettings: 'Please allow notifications in your browser settings to continue.',
  configuration: 'Notification service configuration error. Please contact support.',
  network: 'Network error. Please check your internet connection and try again.',
  tokenFailed: 'Failed to get notification token. Please try again later.',
  denied: 'Notification permission denied. Please enable notifications in your browser settings.',
} as const;

/** What the browser keeps locally about its registration (spec 1 §3: token, deviceType, userAgent, timestamp). */
export type StoredPushDevice = {
  /** The subscription's endpoint: web push's registration token. */
  token: string;
  p256dh: string;
  auth: string;
  deviceType: DeviceType;
  userAgent: string;
  /** When the device info was last registered with the server (ms since epoch). */
  timestamp: number;
  /** When the token was last confirmed with the server (ms since epoch). */
  tokenTimestamp: number;
};

export type CurrentSubscription = { endpoint: string; p256dh: string; auth: string };

/**
 * What a signed-in browser with permission granted must do to keep its registration true
 * (spec 1 §4): register when nothing is stored, when the server has no record of the token or
 * when the device info is older than 30 days; delete and re-create when the subscription details
 * changed; refresh a token older than 7 days; otherwise nothing.
 */
export function pushSyncAction(input: {
  stored: StoredPushDevice | null;
  current: CurrentSubscription;
  registeredOnServer: boolean;
  now: number;
}): 'register' | 'replace' | 'refresh' | 'none' {
  const { stored, current, now } = input;
  if (!stored) return 'register';
  if (stored.token !== current.endpoint || stored.p256dh !== current.p256dh || stored.auth !== current.auth) return 'replace';
  if (!input.registeredOnServer || now - stored.timestamp > PUSH_DEVICE_INFO_REFRESH_MS) return 'register';
  if (now - stored.tokenTimestamp > PUSH_TOKEN_REFRESH_MS) return 'refresh';
  return 'none';
}

/** The device class from a user agent (spec 1 §3 deviceType: mobile, tablet or desktop). */
export function deviceTypeOf(userAgent: string): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** What the service worker receives and shows; `link` is the spec's deep link, opened on click. */
export type PushPayload = { notificationId: string; type: NotificationType; title: string; body: string; link: string; tag: string };

export function pushPayload(note: {
  id: string;
  type: NotificationType;
  title: string;
  body: string;
  data: Record<string, unknown>;
}): PushPayload {
  return {
    notificationId: note.id,
    type: note.type,
    title: note.title,
    body: note.body,
    link: deepLink(note.type, note.data),
    // One notification per id on the screen: a repeated delivery replaces, never doubles.
    tag: note.id,
  };
}

/** Push services favour `high` urgency for delivery over battery; the spec's high and urgent ask for it. */
export const pushUrgency = (priority: NotificationPriority): 'high' | 'normal' =>
  priority === 'high' || priority === 'urgent' ? 'high' : 'normal';

/** A push is worth showing for a day, or until the notification expires when that is sooner. */
export function pushTtlSeconds(now: Date, expiresAt: Date | null): number {
  const day = 24 * 60 * 60;
  if (!expiresAt) return day;
  return Math.max(0, Math.min(day, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)));
}
