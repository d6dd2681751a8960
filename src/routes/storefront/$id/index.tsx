import { createFileRoute } from '@tanstack/react-router';
import { INITIAL_PRODUCT_FILTERS, storefrontQuery } from '../../../features/commerce/storefront/storefrontQuery';
import { StorefrontNotFound, StorefrontPage } from '../../../features/commerce/storefront/StorefrontPage';
import { storefrontHead } from '../../../seo/storefront';
import { publicOrigin } from '../../../seo/origin';

// Public: visitors may browse a storefront; checkout asks them to sign in.
export const Route = createFileRoute('/storefront/$id/')({
  staticData: { serverRender: true, cartParam: 'id' },
  // Awaited so the page renders once, with its data (docs/performance.md, Page speed): the storefront and the
  // first page of its products, with the input the page's search starts with.
  loader: ({ context: { queryClient, trpcUtils }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(storefrontQuery(trpcUtils, params.id)),
      queryClient.ensureInfiniteQueryData(
        trpcUtils.product.search.infiniteQueryOptions(
          { ...INITIAL_PRODUCT_FILTERS, storefrontId: params.id },
          { getNextPageParam: (page) => page.nextCursor },
        ),
      ),
    ]),
  head: ({ loaderData }) => storefrontHead(loaderData?.[0], loaderData?.[1].pages[0]?.items ?? [], publicOrigin()),
  errorComponent: StorefrontNotFound,
  component: StorefrontRoute,
});

function StorefrontRoute() {
  const { id } = Route.useParams();
  return <StorefrontPage storefrontId={id} />;
}
