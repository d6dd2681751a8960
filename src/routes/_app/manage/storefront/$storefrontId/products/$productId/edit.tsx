import { createFileRoute } from '@tanstack/react-router';
import { ProductEditorPage } from '../../../../../../../features/commerce/manage/ProductEditorPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/products/$productId/edit')({ component: EditProductRoute });

function EditProductRoute() {
  const { storefrontId, productId } = Route.useParams();
  return <ProductEditorPage storefrontId={storefrontId} productId={productId} />;
}
