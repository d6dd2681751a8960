import { createFileRoute } from '@tanstack/react-router';
import { ManageStorefrontNotFound } from '../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../features/commerce/storefront/storefrontQuery';
import { InventoryPage } from '../../../../../features/commerce/manage/InventoryPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/inventory')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(storefrontQuery(context.trpcUtils, params.storefrontId)),
  errorComponent: ManageStorefrontNotFound,
  component: InventoryRoute,
});

function InventoryRoute() {
  const { storefrontId } = Route.useParams();
  return <InventoryPage storefrontId={storefrontId} />;
}
