import { TRPCClientError } from '@trpc/client';
import { PUSH_TEXTS, pushSyncAction } from '../../../../server/domains/notifications/push/rules';
import {
  activeServiceWorker,
  currentSubscription,
  describeSubscription,
  deviceInfo,
  PushSetupError,
  permission,
  pushSupported,
  storedDevice,
  storeDevice,
} from './browserPush';

// Keeping this browser's push registration true (spec 1 §4 Push permission), on top of the
// push.* procedures. `PushApi` is the slice of the tRPC client it needs.

type Device = { endpoint: string; keys: { p256dh: string; auth: string }; deviceType: 'mobile' | 'tablet' | 'desktop'; userAgent: string };
export type PushApi = {
  publicKey(): Promise<string>;
  registered(endpoint: string): Promise<boolean>;
  register(device: Device): Promise<unknown>;
  refresh(device: Device & { previousEndpoint?: string }): Promise<unknown>;
  unregister(endpoint: string): Promise<unknown>;
};

/** The spec's user-facing text for a failure of the server or the network. */
export function pushErrorText(error: unknown): string {
  if (error instanceof PushSetupError) return error.userText;
  if (error instanceof TRPCClientError) return error.data?.code === 'SERVICE_UNAVAILABLE' ? PUSH_TEXTS.configuration : PUSH_TEXTS.tokenFailed;
  if (error instanceof TypeError) return PUSH_TEXTS.network;
  return PUSH_TEXTS.tokenFailed;
}

/**
 * Registers, refreshes or re-creates this browser's device as the rules say. Never prompts:
 * without permission granted there is nothing to register (spec: registration fails then).
 */
export async function syncPushDevice(api: PushApi): Promise<'unsupported' | 'not-granted' | 'register' | 'replace' | 'refresh' | 'none'> {
  if (!pushSupported()) return 'unsupported';
  if (permission() !== 'granted') return 'not-granted';
  const registration = await activeServiceWorker();
  const subscription = describeSubscription(await currentSubscription(registration, api.publicKey));
  const stored = storedDevice();
  const registeredOnServer = stored?.token === subscription.endpoint ? await api.registered(subscription.endpoint) : false;
  const now = Date.now();
  const action = pushSyncAction({ stored, current: subscription, registeredOnServer, now });
  if (action === 'none') return action;
  const device = { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth }, ...deviceInfo() };
  if (action === 'register') await api.register(device);
  else await api.refresh({ ...device, previousEndpoint: action === 'replace' ? stored?.token : undefined });
  storeDevice({
    token: subscription.endpoint,
    p256dh: subscription.p256dh,
    auth: subscription.auth,
    ...deviceInfo(),
    // A plain token refresh leaves the device info's age alone.
    timestamp: action === 'refresh' && stored ? stored.timestamp : now,
    tokenTimestamp: now,
  });
  return action;
}

/** The permission flow behind "Turn on push notifications" (a user gesture, as browsers require). */
export async function enablePush(api: PushApi) {
  if (!pushSupported()) throw new PushSetupError(PUSH_TEXTS.tokenFailed);
  if (Notification.permission === 'denied') throw new PushSetupError(PUSH_TEXTS.allowInSettings);
  const answer = await Notification.requestPermission();
  if (answer === 'denied') throw new PushSetupError(PUSH_TEXTS.denied);
  if (answer !== 'granted') throw new PushSetupError(PUSH_TEXTS.allowInSettings);
  try {
    await syncPushDevice(api);
  } catch (error) {
    throw new PushSetupError(pushErrorText(error), error);
  }
}

/** Stops push on this browser: the subscription, the server's device row and the local info. */
export async function disablePush(api: PushApi) {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await api.unregister(subscription.endpoint).catch((error: unknown) => {
      // Already gone on the server (signed out elsewhere, or never registered): nothing to undo.
      if (!(error instanceof TRPCClientError && error.data?.code === 'NOT_FOUND')) throw error;
    });
    await subscription.unsubscribe();
  }
  storeDevice(null);
}
