import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouteLoadFailed } from '../../../components/LoadFailed';
import { ButtonLink } from '../../../components/links';
import { isMissing } from '../../../route-not-found';
import { trpc } from '../../../trpc';
import { OrderDetails } from '../orders/OrderDetails';
import { ManageShell } from './ManageShell';
import { OrderActions } from './OrderActions';

/**
 * /manage/storefront/{id}/orders/{orderId}: the order and the seller's actions on it, in the
 * storefront's frame; an order its route's loader could not load is told in its place.
 */
export function ManageOrderPage({ storefrontId, orderId }: { storefrontId: string; orderId: string }) {
  return (
    <ManageOrderFrame storefrontId={storefrontId}>
      <ManagedOrder storefrontId={storefrontId} orderId={orderId} />
    </ManageOrderFrame>
  );
}

/**
 * The order page's frame when its order could not be loaded: "Order not found" when the server says
 * so, a Retry when the load itself failed.
 */
export function ManageOrderNotFound({ storefrontId, error }: { storefrontId: string; error: unknown }) {
  return (
    <ManageOrderFrame storefrontId={storefrontId}>
      {isMissing(error) ? <Typography>Order not found</Typography> : <RouteLoadFailed message="Failed to load the order" />}
    </ManageOrderFrame>
  );
}

function ManageOrderFrame({ storefrontId, children }: { storefrontId: string; children: React.ReactNode }) {
  return (
    <ManageShell storefrontId={storefrontId} tab="orders">
      {() => (
        <Stack spacing={3}>
          <div>
            <ButtonLink to="/manage/storefront/$storefrontId/orders" params={{ storefrontId }}>
              ← All orders
            </ButtonLink>
          </div>
          {children}
        </Stack>
      )}
    </ManageShell>
  );
}

function ManagedOrder({ storefrontId, orderId }: { storefrontId: string; orderId: string }) {
  const [order] = trpc.order.byId.useSuspenseQuery({ orderId }, { retry: false });
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.order.invalidate(), utils.storefront.analytics.invalidate()]);
  if (order.storefrontId !== storefrontId) return null;
  return (
    <>
      <OrderDetails order={order} />
      <OrderActions order={order} onChange={() => void refresh()} />
    </>
  );
}
