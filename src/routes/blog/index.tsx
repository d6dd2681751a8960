import { createFileRoute } from '@tanstack/react-router';
import { BlogListPage } from '../../features/blog/BlogListPage';

export const Route = createFileRoute('/blog/')({
  loader: ({ context: { queryClient, trpcUtils } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpcUtils.blog.list.queryOptions({ featured: true })),
      queryClient.ensureInfiniteQueryData(trpcUtils.blog.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor })),
    ]),
  component: BlogListPage,
});
