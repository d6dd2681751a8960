import { createFileRoute } from '@tanstack/react-router';
import { ShopPage } from '../../features/commerce/shop/ShopPage';

export const Route = createFileRoute('/_app/shop')({
  loader: ({ context: { queryClient, trpcUtils } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpcUtils.product.featured.queryOptions({})),
      queryClient.ensureInfiniteQueryData(trpcUtils.storefront.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor })),
    ]),
  component: ShopPage,
});
