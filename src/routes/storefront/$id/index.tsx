import { createFileRoute } from '@tanstack/react-router';
import { StorefrontPage } from '../../../features/commerce/storefront/StorefrontPage';

// Public: visitors may browse a storefront; checkout asks them to sign in.
export const Route = createFileRoute('/storefront/$id/')({
  // Awaited so the page renders once, with its data (README, Page speed): the storefront and the
  // first page of its products, with the input the page's search starts with.
  loader: ({ context, params }) =>
    Promise.all([
      context.trpcUtils.storefront.byId.prefetch({ storefrontId: params.id }, { retry: false }),
      context.trpcUtils.product.search.prefetchInfinite({ query: '', storefrontId: params.id }),
    ]),
  component: StorefrontRoute,
});

function StorefrontRoute() {
  const { id } = Route.useParams();
  return <StorefrontPage storefrontId={id} />;
}
