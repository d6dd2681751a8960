import { createFileRoute } from '@tanstack/react-router';
import { ManageOverviewPage } from '../../../../../features/commerce/manage/ManageOverviewPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/')({ component: ManageOverviewRoute });

function ManageOverviewRoute() {
  const { storefrontId } = Route.useParams();
  return <ManageOverviewPage storefrontId={storefrontId} />;
}
