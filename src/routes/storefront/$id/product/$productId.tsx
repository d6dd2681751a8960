import { createFileRoute } from '@tanstack/react-router';
import { ProductNotFound, ProductPage } from '../../../../features/commerce/product/ProductPage';
import { productHead } from '../../../../seo/product';
import { publicOrigin } from '../../../../seo/origin';

export const Route = createFileRoute('/storefront/$id/product/$productId')({
  staticData: { serverRender: true, cartParam: 'id' },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(context.trpcUtils.product.byId.queryOptions({ productId: params.productId }, { retry: false })),
  head: ({ loaderData }) => productHead(loaderData, publicOrigin()),
  errorComponent: ProductRouteError,
  component: ProductRoute,
});

function ProductRouteError() {
  const { id } = Route.useParams();
  return <ProductNotFound storefrontId={id} />;
}

function ProductRoute() {
  const { id, productId } = Route.useParams();
  return <ProductPage storefrontId={id} productId={productId} />;
}
