import { createFileRoute } from '@tanstack/react-router';
import { OrderNotFound, OrderPage } from '../../../features/commerce/orders/OrderPage';

// The customer's order page, also the checkout confirmation (?placed=true) and the target of
// order notifications' deep links (/orders/{orderId}).
export const Route = createFileRoute('/_app/orders/$orderId')({
  validateSearch: (search: Record<string, unknown>): { placed?: boolean } =>
    search.placed === true || search.placed === 'true' ? { placed: true } : {},
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(context.trpcUtils.order.byId.queryOptions({ orderId: params.orderId }, { retry: false })),
  errorComponent: OrderNotFound,
  component: OrderRoute,
});

function OrderRoute() {
  const { orderId } = Route.useParams();
  const { placed } = Route.useSearch();
  return <OrderPage orderId={orderId} placed={Boolean(placed)} />;
}
