import { createFileRoute } from '@tanstack/react-router';
import { ProductEditorPage } from '../../../../../../features/commerce/manage/ProductEditorPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/products/new')({ component: NewProductRoute });

function NewProductRoute() {
  const { storefrontId } = Route.useParams();
  return <ProductEditorPage storefrontId={storefrontId} />;
}
