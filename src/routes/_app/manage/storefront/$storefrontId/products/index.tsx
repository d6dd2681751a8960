import { createFileRoute } from '@tanstack/react-router';
import { ManageStorefrontNotFound } from '../../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../../features/commerce/storefront/storefrontQuery';
import { ProductsListPage } from '../../../../../../features/commerce/manage/ProductsListPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/products/')({
  staticData: { serverRender: true },
  loader: ({ context: { queryClient, trpcUtils }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(storefrontQuery(trpcUtils, params.storefrontId)),
      queryClient.ensureQueryData(trpcUtils.product.forStorefront.queryOptions({ storefrontId: params.storefrontId })),
    ]),
  errorComponent: ManageStorefrontNotFound,
  component: ProductsRoute,
});

function ProductsRoute() {
  const { storefrontId } = Route.useParams();
  return <ProductsListPage storefrontId={storefrontId} />;
}
