/**
 * The admin console's host (spec 2 §2): "a separate admin host (host name containing admin. or
 * admin-)". `admin.inklink.example`, `inklink-admin.example.com` and `admin-inklink.example` are
 * admin hosts; `inklink.example` and `badminton.example` are not. The port does not count.
 * The server sends the console's page on such a host (./static), and ADMIN_ORIGIN must name one
 * (server/config.ts), so the one host the admin API answers on (./origins) always gets the console.
 */
export function isAdminHost(host: string | undefined): boolean {
  const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  return name.includes('admin.') || name.includes('admin-');
}

export const ADMIN_HOST_REQUIRED = 'must name a host containing "admin." or "admin-" (spec 2 §2), where the console is served';
