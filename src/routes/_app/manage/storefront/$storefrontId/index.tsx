import { createFileRoute } from '@tanstack/react-router';
import { ManageStorefrontNotFound } from '../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../features/commerce/storefront/storefrontQuery';
import { ManageOverviewPage } from '../../../../../features/commerce/manage/ManageOverviewPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/')({
  staticData: { serverRender: true },
  // The analytics too, so the server's render shows them (a failure is the panel's to show: prefetch).
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(storefrontQuery(context.trpcUtils, params.storefrontId)),
      context.trpcUtils.storefront.analytics.prefetch({ storefrontId: params.storefrontId }),
    ]),
  errorComponent: ManageStorefrontNotFound,
  component: ManageOverviewRoute,
});

function ManageOverviewRoute() {
  const { storefrontId } = Route.useParams();
  return <ManageOverviewPage storefrontId={storefrontId} />;
}
