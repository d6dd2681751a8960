import { createFileRoute } from '@tanstack/react-router';
import { threadListQuery } from '../../features/messaging/queries';
import { InboxError, InboxPage } from '../../features/notifications/InboxPage';

export const Route = createFileRoute('/_app/inbox')({
  staticData: { serverRender: true },
  loader: ({ context: { queryClient, trpcUtils } }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(trpcUtils.notification.list.infiniteQueryOptions({}, { getNextPageParam: (p) => p.nextCursor })),
      queryClient.ensureInfiniteQueryData(threadListQuery(trpcUtils)),
    ]),
  errorComponent: InboxError,
  component: InboxPage,
});
