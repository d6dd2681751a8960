import { createFileRoute } from '@tanstack/react-router';
import { StudiosPage } from '../../../features/studios/StudiosPage';
import { STUDIO_SEARCH_START } from '../../../features/studios/studioQuery';

export const Route = createFileRoute('/_app/studios/')({
  staticData: { serverRender: true },
  loader: ({ context: { queryClient, trpcUtils } }) =>
    queryClient.ensureInfiniteQueryData(trpcUtils.studio.search.infiniteQueryOptions(STUDIO_SEARCH_START, { getNextPageParam: (page) => page.nextCursor })),
  component: StudiosPage,
});
