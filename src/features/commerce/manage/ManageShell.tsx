import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RouteLoadFailed } from '../../../components/LoadFailed';
import { ButtonLink, TabLink } from '../../../components/links';
import { isMissing } from '../../../route-not-found';
import { trpc } from '../../../trpc';
import type { PublicStorefront } from '../types';

const TABS = [
  { key: 'overview', label: 'Overview', to: '/manage/storefront/$storefrontId' },
  { key: 'products', label: 'Products', to: '/manage/storefront/$storefrontId/products' },
  { key: 'orders', label: 'Orders', to: '/manage/storefront/$storefrontId/orders' },
  { key: 'inventory', label: 'Inventory', to: '/manage/storefront/$storefrontId/inventory' },
  { key: 'settings', label: 'Settings', to: '/manage/storefront/$storefrontId/settings' },
] as const;
export type ManageTab = (typeof TABS)[number]['key'];

/**
 * What every /manage/storefront/{id} page shows when the storefront cannot be loaded (its route's
 * error): "Storefront not found" when the server says so; a Retry when the load itself failed.
 */
export function ManageStorefrontNotFound({ error }: { error?: unknown }) {
  const failedLoad = error !== undefined && !isMissing(error);
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        {failedLoad ? 'Manage storefront' : 'Storefront not found'}
      </Typography>
      {failedLoad && <RouteLoadFailed message="Failed to load the storefront" />}
    </Container>
  );
}

/**
 * The frame of every /manage/storefront/{id} page: the storefront's name, the section tabs, and
 * the access check (the server checks every call again).
 */
export function ManageShell({
  storefrontId,
  tab,
  children,
}: {
  storefrontId: string;
  tab: ManageTab;
  children: (store: PublicStorefront) => ReactNode;
}) {
  const [store] = trpc.storefront.byId.useSuspenseQuery({ storefrontId }, { retry: false });
  if (!store.canManage) {
    return (
      <Container sx={{ py: 6 }}>
        <Typography variant="h1" gutterBottom>
          Access denied
        </Typography>
        <Alert severity="error">Only the storefront owner or its managers can manage {store.name}.</Alert>
      </Container>
    );
  }
  return (
    <Container sx={{ py: 5 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h1" sx={{ fontSize: '2rem' }}>
          Manage {store.name}
        </Typography>
        <ButtonLink to="/storefront/$id" params={{ id: store.id }} variant="outlined">
          View storefront
        </ButtonLink>
      </Stack>
      <Tabs value={tab} variant="scrollable" aria-label="Storefront management" sx={{ mb: 3 }}>
        {TABS.map((t) => (
          <TabLink key={t.key} value={t.key} label={t.label} to={t.to} params={{ storefrontId }} />
        ))}
      </Tabs>
      {children(store)}
    </Container>
  );
}
