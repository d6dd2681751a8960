import { createFileRoute } from '@tanstack/react-router';
import { ManageStorefrontNotFound } from '../../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../../features/commerce/storefront/storefrontQuery';
import { OrdersListPage } from '../../../../../../features/commerce/manage/OrdersListPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/orders/')({
  loader: ({ context: { queryClient, trpcUtils }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(storefrontQuery(trpcUtils, params.storefrontId)),
      queryClient.ensureInfiniteQueryData(
        trpcUtils.order.forStorefront.infiniteQueryOptions({ storefrontId: params.storefrontId }, { getNextPageParam: (page) => page.nextCursor }),
      ),
    ]),
  errorComponent: ManageStorefrontNotFound,
  component: OrdersRoute,
});

function OrdersRoute() {
  const { storefrontId } = Route.useParams();
  return <OrdersListPage storefrontId={storefrontId} />;
}
