import { useCallback, useEffect, useState } from 'react';

// The console has one route: / with a tab key in the query (?tab=users). /dashboard and any other
// path are replaced by / on load (spec 2 §2), keeping the tab.

export const ADMIN_TABS = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'users', label: 'User Management' },
  { key: 'artists', label: 'Artist Management' },
  { key: 'studios', label: 'Studio Management' },
  { key: 'activations', label: 'Studio Activations' },
  { key: 'storefronts', label: 'Storefront Management' },
  { key: 'blogs', label: 'Blog Management' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'payments', label: 'Payment Testing' },
  { key: 'migrations', label: 'Migrations' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['key'];

const isTab = (value: string | null): value is AdminTab => ADMIN_TABS.some((tab) => tab.key === value);

function currentTab(): AdminTab {
  const tab = new URLSearchParams(window.location.search).get('tab');
  return isTab(tab) ? tab : 'dashboard';
}

/** Sends every path other than / to / (replacing the history entry, as a redirect does). */
export function normalizeAdminPath() {
  if (window.location.pathname !== '/') window.history.replaceState(null, '', `/${window.location.search}`);
}

/** The selected tab, kept in the URL so a reload or a shared link opens the same tab. */
export function useAdminTab(): [AdminTab, (tab: AdminTab) => void] {
  const [tab, setTab] = useState<AdminTab>(currentTab);
  useEffect(() => {
    const onPop = () => setTab(currentTab());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const select = useCallback((next: AdminTab) => {
    window.history.pushState(null, '', next === 'dashboard' ? '/' : `/?tab=${next}`);
    setTab(next);
  }, []);
  return [tab, select];
}

/**
 * The main site's origin: the admin host (spec 2 §2: its name contains `admin.` or `admin-`)
 * without its admin part: a leading `admin.`, a `-admin` before a dot, or `admin-`
 * (admin.inklink.example, inklink-admin.example, admin-inklink.example → inklink.example), on the
 * same scheme and port.
 */
export function mainSiteOrigin(location: Pick<Location, 'protocol' | 'hostname' | 'port'> = window.location): string {
  const host = location.hostname.replace(/^admin\.|-admin(?=\.)|admin-/, '');
  return `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}`;
}
