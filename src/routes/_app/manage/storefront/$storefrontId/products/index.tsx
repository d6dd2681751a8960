import { createFileRoute } from '@tanstack/react-router';
import { ProductsListPage } from '../../../../../../features/commerce/manage/ProductsListPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/products/')({ component: ProductsRoute });

function ProductsRoute() {
  const { storefrontId } = Route.useParams();
  return <ProductsListPage storefrontId={storefrontId} />;
}
