import { createFileRoute } from '@tanstack/react-router';
import { storefrontQuery } from '../../../features/commerce/storefront/storefrontQuery';
import { CheckoutNotFound, CheckoutPage } from '../../../features/commerce/checkout/CheckoutPage';

export const Route = createFileRoute('/_app/checkout/$storefrontId')({
  staticData: { serverRender: true, cartParam: 'storefrontId' },
  // Awaited so the page renders once, with its data (docs/performance.md, Page speed).
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(storefrontQuery(context.trpcUtils, params.storefrontId)),
  errorComponent: CheckoutNotFound,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { storefrontId } = Route.useParams();
  return <CheckoutPage storefrontId={storefrontId} />;
}
