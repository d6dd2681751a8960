import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/links';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageSpinner } from '../../../components/PageSpinner';
import { trpc } from '../../../trpc';
import { formatDate } from '../format';
import { formatCents } from '../../../../server/lib/money';
import { OrderStatusChip } from '../orders/OrderStatusChip';
import { AnalyticsCards } from './AnalyticsCards';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Spec 1 §2 storefront analytics panel: the four cards, Top Products (5, by revenue, units sold),
 * Recent Orders (5 newest), Low Stock Alert, and the links to manage the storefront.
 */
export function StorefrontAnalyticsPanel({ storefrontId, name }: { storefrontId: string; name: string }) {
  const analytics = trpc.storefront.analytics.useQuery({ storefrontId }, { retry: false });
  const params = { storefrontId };
  // The panel is also the management page's overview: there, Manage Storefront would lead to itself.
  const onManagePage = useLocation({ select: (l) => l.pathname.replace(/\/$/, '') === `/manage/storefront/${storefrontId}` });
  return (
    <Box component="section" aria-label={`${name} analytics`} sx={{ mt: 4 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
          {name}
        </Typography>
        {!onManagePage && (
          <ButtonLink to="/manage/storefront/$storefrontId" params={params} variant="outlined" size="small">
            Manage Storefront
          </ButtonLink>
        )}
      </Stack>
      {analytics.isLoading && <PageSpinner />}
      {analytics.isError && (
        <LoadFailed message="Failed to load analytics data" onRetry={() => analytics.refetch()} retrying={analytics.isFetching} />
      )}
      {analytics.data && (
        <Stack spacing={2}>
          <AnalyticsCards data={analytics.data} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Section title="Top Products">
              {analytics.data.topProducts.length === 0 ? (
                <Typography color="text.secondary">No sales data yet</Typography>
              ) : (
                <List dense disablePadding>
                  {analytics.data.topProducts.map((p) => (
                    <ListItem key={p.productId} disableGutters secondaryAction={<Typography>{formatCents(p.revenue)}</Typography>}>
                      <ListItemText primary={p.name} secondary={`${p.unitsSold} sold`} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Section>
            <Section
              title="Recent Orders"
              action={
                <ButtonLink to="/manage/storefront/$storefrontId/orders" params={params} size="small">
                  View All
                </ButtonLink>
              }
            >
              {analytics.data.recentOrders.length === 0 ? (
                <Typography color="text.secondary">No orders yet</Typography>
              ) : (
                <List dense disablePadding>
                  {analytics.data.recentOrders.map((o) => (
                    <ListItem
                      key={o.id}
                      disableGutters
                      secondaryAction={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Typography>{formatCents(o.total)}</Typography>
                          <OrderStatusChip status={o.status} method={o.fulfillmentMethod} />
                        </Stack>
                      }
                    >
                      <ListItemText primary={o.orderNumber} secondary={formatDate(o.createdAt)} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Section>
          </Box>
          {analytics.data.lowStockCount > 0 && (
            <Alert
              severity="warning"
              action={
                <ButtonLink to="/manage/storefront/$storefrontId/inventory" params={params} color="inherit" size="small">
                  Manage Inventory
                </ButtonLink>
              }
            >
              <strong>Low Stock Alert:</strong> {analytics.data.lowStockProducts.map((p) => `${p.name} (${p.quantity} left)`).join(', ')}
            </Alert>
          )}
        </Stack>
      )}
    </Box>
  );
}
