import { createFileRoute } from '@tanstack/react-router';
import { ManageStorefrontNotFound } from '../../../../../features/commerce/manage/ManageShell';
import { storefrontQuery } from '../../../../../features/commerce/storefront/storefrontQuery';
import { SettingsPage } from '../../../../../features/commerce/manage/SettingsPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/settings')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(storefrontQuery(context.trpcUtils, params.storefrontId)),
  errorComponent: ManageStorefrontNotFound,
  component: SettingsRoute,
});

function SettingsRoute() {
  const { storefrontId } = Route.useParams();
  return <SettingsPage storefrontId={storefrontId} />;
}
