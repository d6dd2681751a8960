import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { PageSpinner } from '../components/PageSpinner';
import type { Me } from '../features/auth/useAuth';
import { AdminHeader } from './AdminHeader';
import { TabErrorBoundary } from './components/TabErrorBoundary';
import { ADMIN_TABS, type AdminTab, useAdminTab } from './location';

// Each tab loads on first open, so the console starts with the header, the tabs and the dashboard.
const PANELS: Record<AdminTab, LazyExoticComponent<ComponentType<{ me: Me }>>> = {
  dashboard: lazy(() => import('./dashboard/DashboardTab')),
  users: lazy(() => import('./management/UsersTab')),
  artists: lazy(() => import('./management/ArtistsTab')),
  studios: lazy(() => import('./management/StudiosTab')),
  activations: lazy(() => import('./activations/ActivationsTab')),
  storefronts: lazy(() => import('./management/StorefrontsTab')),
  blogs: lazy(() => import('./blog/BlogTab')),
  notifications: lazy(() => import('./notifications/NotificationsTab')),
  payments: lazy(() => import('./payments/PaymentsTab')),
  migrations: lazy(() => import('./migrations/MigrationsTab')),
};

/** Route /: the header and the tabs (spec 2 §2), each tab with its key. */
export function AdminPanel({ me }: { me: Me }) {
  const [tab, setTab] = useAdminTab();
  const Panel = PANELS[tab];
  return (
    <>
      <AdminHeader me={me} />
      <Box component="nav" aria-label="Admin sections" sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: AdminTab) => setTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Admin sections"
        >
          {ADMIN_TABS.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} id={`admin-tab-${t.key}`} aria-controls={`admin-panel-${t.key}`} />
          ))}
        </Tabs>
      </Box>
      <Box component="main" role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`} sx={{ p: { xs: 2, md: 3 } }}>
        <TabErrorBoundary key={tab}>
          <Suspense fallback={<PageSpinner />}>
            <Panel me={me} />
          </Suspense>
        </TabErrorBoundary>
      </Box>
    </>
  );
}
