import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../../components/links';
import { PageSpinner } from '../../../components/PageSpinner';
import { trpc } from '../../../trpc';
import { OrderDetails } from '../orders/OrderDetails';
import { ManageShell } from './ManageShell';
import { OrderActions } from './OrderActions';

/** /manage/storefront/{id}/orders/{orderId}: the order and the seller's actions on it. */
export function ManageOrderPage({ storefrontId, orderId }: { storefrontId: string; orderId: string }) {
  const order = trpc.order.byId.useQuery({ orderId }, { retry: false });
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.order.invalidate(), utils.storefront.analytics.invalidate()]);
  return (
    <ManageShell storefrontId={storefrontId} tab="orders">
      {() => (
        <Stack spacing={3}>
          <div>
            <ButtonLink to="/manage/storefront/$storefrontId/orders" params={{ storefrontId }}>
              ← All orders
            </ButtonLink>
          </div>
          {order.isLoading && <PageSpinner />}
          {order.isError && <Typography>Order not found</Typography>}
          {order.data && order.data.storefrontId === storefrontId && (
            <>
              <OrderDetails order={order.data} />
              <OrderActions order={order.data} onChange={() => void refresh()} />
            </>
          )}
        </Stack>
      )}
    </ManageShell>
  );
}
