import { createFileRoute } from '@tanstack/react-router';
import { ManageStorefrontNotFound } from '../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../features/commerce/storefront/storefrontQuery';
import { ManageOverviewPage } from '../../../../../features/commerce/manage/ManageOverviewPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/')({
  staticData: { serverRender: true },
  // The analytics too, so the server's render shows them; a failure is the panel's to show
  // (prefetch). Asked after the storefront, not beside it: in one batch, a failed analytics request
  // (a 500 for the batch) would fail the storefront too and show the page as not found.
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(storefrontQuery(context.trpcUtils, params.storefrontId));
    await context.trpcUtils.storefront.analytics.prefetch({ storefrontId: params.storefrontId });
  },
  errorComponent: ManageStorefrontNotFound,
  component: ManageOverviewRoute,
});

function ManageOverviewRoute() {
  const { storefrontId } = Route.useParams();
  return <ManageOverviewPage storefrontId={storefrontId} />;
}
