import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../../features/commerce/checkout/CheckoutPage';

export const Route = createFileRoute('/_app/checkout/$storefrontId')({
  // Awaited so the page renders once, with its data (README, Page speed).
  loader: ({ context, params }) => context.trpcUtils.storefront.byId.prefetch({ storefrontId: params.storefrontId }, { retry: false }),
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { storefrontId } = Route.useParams();
  return <CheckoutPage storefrontId={storefrontId} />;
}
