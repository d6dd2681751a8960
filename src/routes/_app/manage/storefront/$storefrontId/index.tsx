import { createFileRoute } from '@tanstack/react-router';
import { ManageStorefrontNotFound } from '../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../features/commerce/storefront/storefrontQuery';
import { ManageOverviewPage } from '../../../../../features/commerce/manage/ManageOverviewPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(storefrontQuery(context.trpcUtils, params.storefrontId)),
  errorComponent: ManageStorefrontNotFound,
  component: ManageOverviewRoute,
});

function ManageOverviewRoute() {
  const { storefrontId } = Route.useParams();
  return <ManageOverviewPage storefrontId={storefrontId} />;
}
