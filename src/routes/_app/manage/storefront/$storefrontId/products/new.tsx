import { createFileRoute } from '@tanstack/react-router';
import { ManageStorefrontNotFound } from '../../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../../features/commerce/storefront/storefrontQuery';
import { ProductEditorPage } from '../../../../../../features/commerce/manage/ProductEditorPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/products/new')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(storefrontQuery(context.trpcUtils, params.storefrontId)),
  errorComponent: ManageStorefrontNotFound,
  component: NewProductRoute,
});

function NewProductRoute() {
  const { storefrontId } = Route.useParams();
  return <ProductEditorPage storefrontId={storefrontId} />;
}
