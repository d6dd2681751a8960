import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { formatCents } from '../../../../server/lib/money';
import { TextLink } from '../../../components/links';
import { stackOnPhone } from '../../../components/stackOnPhone';
import { trpc } from '../../../trpc';
import { formatDateTime } from '../format';
import { statusLabel } from '../../../../server/domains/orders/rules';
import { OrderStatusChip } from '../orders/OrderStatusChip';
import { ManageShell } from './ManageShell';

const FILTERS = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'refunded'] as const;

/** /manage/storefront/{id}/orders: the storefront's orders by status, newest first, 20 a page. */
export function OrdersListPage({ storefrontId }: { storefrontId: string }) {
  const [status, setStatus] = useState<(typeof FILTERS)[number] | 'all'>('all');
  // Deferred: while another status's orders load, the table keeps the last ones (a suspended query
  // would replace the page with the route's spinner).
  const shown = useDeferredValue(status);
  const [pages, orders] = trpc.order.forStorefront.useSuspenseInfiniteQuery(
    { storefrontId, status: shown === 'all' ? undefined : shown },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const rows = pages.pages.flatMap((p) => p.items);
  return (
    <ManageShell storefrontId={storefrontId} tab="orders">
      {() => (
        <Stack spacing={2}>
          <Tabs value={status} onChange={(_, v) => setStatus(v)} variant="scrollable" aria-label="Order status">
            <Tab value="all" label="All" />
            {FILTERS.map((s) => (
              <Tab key={s} value={s} label={statusLabel(s, 'shipping')} />
            ))}
          </Tabs>
          {rows.length === 0 && <Typography color="text.secondary">No orders yet</Typography>}
          {rows.length > 0 && (
            <Table size="small" aria-label="Orders" sx={stackOnPhone}>
              <TableHead>
                <TableRow>
                  <TableCell>Order</TableCell>
                  <TableCell>Date</TableCell>
                  <TableCell>Delivery</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((o) => (
                  <TableRow key={o.id}>
                    <TableCell data-label="Order">
                      <TextLink to="/manage/storefront/$storefrontId/orders/$orderId" params={{ storefrontId, orderId: o.id }}>
                        {o.orderNumber}
                      </TextLink>
                    </TableCell>
                    <TableCell data-label="Date">{formatDateTime(o.createdAt)}</TableCell>
                    <TableCell data-label="Delivery">{o.fulfillmentMethod === 'shipping' ? 'Shipping' : 'Pickup'}</TableCell>
                    <TableCell data-label="Total" align="right">
                      {formatCents(o.total)}
                    </TableCell>
                    <TableCell data-label="Status">
                      <OrderStatusChip status={o.status} method={o.fulfillmentMethod} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {orders.hasNextPage && (
            <div>
              <Button onClick={() => void orders.fetchNextPage()} loading={orders.isFetchingNextPage}>
                Load more orders
              </Button>
            </div>
          )}
        </Stack>
      )}
    </ManageShell>
  );
}
