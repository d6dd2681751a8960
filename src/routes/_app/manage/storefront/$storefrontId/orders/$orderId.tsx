import { createFileRoute } from '@tanstack/react-router';
import { ManageOrderNotFound, ManageOrderPage } from '../../../../../../features/commerce/manage/ManageOrderPage';
import { ManageStorefrontNotFound } from '../../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../../features/commerce/storefront/storefrontQuery';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/orders/$orderId')({
  loader: ({ context: { queryClient, trpcUtils }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(storefrontQuery(trpcUtils, params.storefrontId)),
      queryClient.ensureQueryData(trpcUtils.order.byId.queryOptions({ orderId: params.orderId }, { retry: false })),
    ]),
  errorComponent: ManageOrderError,
  component: ManageOrderRoute,
});

/** The storefront loaded but not the order: the order is not found inside the storefront's frame. */
function ManageOrderError({ error }: { error: unknown }) {
  const { queryClient, trpcUtils } = Route.useRouteContext();
  const { storefrontId } = Route.useParams();
  const storefrontLoaded = queryClient.getQueryData(storefrontQuery(trpcUtils, storefrontId).queryKey) !== undefined;
  return storefrontLoaded ? <ManageOrderNotFound storefrontId={storefrontId} error={error} /> : <ManageStorefrontNotFound error={error} />;
}

function ManageOrderRoute() {
  const { storefrontId, orderId } = Route.useParams();
  return <ManageOrderPage storefrontId={storefrontId} orderId={orderId} />;
}
