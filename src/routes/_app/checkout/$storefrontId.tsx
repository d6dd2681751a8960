import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../../features/commerce/checkout/CheckoutPage';

export const Route = createFileRoute('/_app/checkout/$storefrontId')({ component: CheckoutRoute });

function CheckoutRoute() {
  const { storefrontId } = Route.useParams();
  return <CheckoutPage storefrontId={storefrontId} />;
}
