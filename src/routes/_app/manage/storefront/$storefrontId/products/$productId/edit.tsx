import { createFileRoute } from '@tanstack/react-router';
import { ManageStorefrontNotFound } from '../../../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../../../features/commerce/storefront/storefrontQuery';
import { ProductEditorPage } from '../../../../../../../features/commerce/manage/ProductEditorPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/products/$productId/edit')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(storefrontQuery(context.trpcUtils, params.storefrontId)),
  errorComponent: ManageStorefrontNotFound,
  component: EditProductRoute,
});

function EditProductRoute() {
  const { storefrontId, productId } = Route.useParams();
  return <ProductEditorPage storefrontId={storefrontId} productId={productId} />;
}
