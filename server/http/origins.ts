import type { Config } from '../config';

/** What a request says about where it comes from and where it was sent (headers as received). */
export type RequestSite = { origin?: string; host?: string; fetchSite?: string };

const adminHosts = new WeakMap<Config, string>();

/** The host (name and non-default port) of the configured admin origin, parsed once per config. */
function adminHostOf(config: Config): string {
  let host = adminHosts.get(config);
  if (host === undefined) {
    host = new URL(config.adminOrigin).host;
    adminHosts.set(config, host);
  }
  return host;
}

/**
 * Whether a request was sent to the admin host by the admin console itself: its Host is the
 * configured admin origin's (an admin host by spec 2 §2's rule, ./admin-host, checked at start),
 * and its Origin and Sec-Fetch-Site, when the browser sends them, say the same origin. A script
 * on the main site (an XSS there) can call the admin host only cross-origin, and the browser then
 * always sends its own Origin, so it is refused even with an AppAdmin's cookie. Compared with
 * the configuration, never with the request's own Host: a DNS-rebound name would otherwise vouch
 * for itself.
 */
export function isFromAdminOrigin(config: Config, site: RequestSite | undefined): boolean {
  if (!site?.host || site.host.toLowerCase() !== adminHostOf(config)) return false;
  if (site.origin !== undefined && site.origin !== config.adminOrigin) return false;
  return site.fetchSite === undefined || site.fetchSite === 'same-origin' || site.fetchSite === 'none';
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Whether an origin names this machine (a developer's `npm start`), never a public site. */
export const isLoopbackOrigin = (origin: string) => LOOPBACK_NAMES.includes(new URL(origin).hostname);

/**
 * The origins a write may come from: the configured app and admin origins, and, for one served on
 * a loopback name, the same scheme and port under the other loopback names, so a newcomer who runs
 * `npm start` and opens http://127.0.0.1:3000 instead of http://localhost:3000 can sign in. Loopback
 * literals cannot be DNS-rebound (no attacker's name resolves into them as an Origin), so this
 * widens nothing an attacker can use.
 */
export function trustedOrigins(config: Config): Set<string> {
  const trusted = new Set([config.appOrigin, config.adminOrigin]);
  for (const configured of [config.appOrigin, config.adminOrigin]) {
    if (!isLoopbackOrigin(configured)) continue;
    const url = new URL(configured);
    for (const name of LOOPBACK_NAMES) trusted.add(`${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`);
  }
  return trusted;
}
