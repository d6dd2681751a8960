// Which push services the server sends to (issue 18: a push endpoint is a URL the browser, i.e.
// the user, supplies). The public web push services of the browsers in use, as their
// subscriptions name them: Chrome, Edge on Android, Opera and Samsung use FCM (and the legacy
// GCM host); Firefox uses Mozilla's autopush; Safari uses Apple's; Edge on Windows uses WNS.

export const KNOWN_PUSH_SERVICES: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export const UNKNOWN_PUSH_SERVICE = 'Push notifications must go through a known push service';

/**
 * Whether `endpoint` is an https URL on one of `services`: an entry is a host name, optionally
 * `*.` for any subdomain, and optionally `:port` (tests run a push service on a random port);
 * without a port only the default 443 matches. User names and passwords in the URL are refused.
 */
export function isKnownPushEndpoint(endpoint: string, services: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return services.some((entry) => {
    const [pattern, port = ''] = entry.toLowerCase().split(/:(?=\d+$)/);
    if (url.port !== port) return false;
    return pattern.startsWith('*.') ? url.hostname.endsWith(pattern.slice(1)) : url.hostname === pattern;
  });
}
