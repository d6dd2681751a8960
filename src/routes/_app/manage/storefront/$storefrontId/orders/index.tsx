import { createFileRoute } from '@tanstack/react-router';
import { OrdersListPage } from '../../../../../../features/commerce/manage/OrdersListPage';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/orders/')({ component: OrdersRoute });

function OrdersRoute() {
  const { storefrontId } = Route.useParams();
  return <OrdersListPage storefrontId={storefrontId} />;
}
