import { createFileRoute } from '@tanstack/react-router';
import { ManageStorefrontNotFound } from '../../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../../features/commerce/storefront/storefrontQuery';
import { ManageOrderPage } from '../../../../../../features/commerce/manage/ManageOrderPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/orders/$orderId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(storefrontQuery(context.trpcUtils, params.storefrontId)),
  errorComponent: ManageStorefrontNotFound,
  component: ManageOrderRoute,
});

function ManageOrderRoute() {
  const { storefrontId, orderId } = Route.useParams();
  return <ManageOrderPage storefrontId={storefrontId} orderId={orderId} />;
}
