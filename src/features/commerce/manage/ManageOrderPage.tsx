import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../../components/links';
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

/** The order page's frame when its order could not be loaded. */
export function ManageOrderNotFound({ storefrontId }: { storefrontId: string }) {
  return (
    <ManageOrderFrame storefrontId={storefrontId}>
      <Typography>Order not found</Typography>
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
