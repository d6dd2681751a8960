import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../../../../features/commerce/product/ProductPage';

export const Route = createFileRoute('/storefront/$id/product/$productId')({ component: ProductRoute });

function ProductRoute() {
  const { id, productId } = Route.useParams();
  return <ProductPage storefrontId={id} productId={productId} />;
}
