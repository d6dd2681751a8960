import { createFileRoute } from '@tanstack/react-router';
import { ManageOrderPage } from '../../../../../../features/commerce/manage/ManageOrderPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/orders/$orderId')({ component: ManageOrderRoute });

function ManageOrderRoute() {
  const { storefrontId, orderId } = Route.useParams();
  return <ManageOrderPage storefrontId={storefrontId} orderId={orderId} />;
}
