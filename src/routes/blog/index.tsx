import { createFileRoute } from '@tanstack/react-router';
import { BlogListPage } from '../../features/blog/BlogListPage';
import { blogListHead } from '../../seo/blog';
import { publicOrigin } from '../../seo/origin';

export const Route = createFileRoute('/blog/')({
  staticData: { serverRender: true },
  loader: ({ context: { queryClient, trpcUtils } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpcUtils.blog.list.queryOptions({ featured: true })),
      queryClient.ensureInfiniteQueryData(trpcUtils.blog.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor })),
    ]),
  head: () => blogListHead(publicOrigin()),
  component: BlogListPage,
});
