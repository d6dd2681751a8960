import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../../features/messaging/MessagesPage';
import { threadListQuery } from '../../../features/messaging/queries';

export const Route = createFileRoute('/_app/messages/')({
  loader: ({ context: { queryClient, trpcUtils } }) => queryClient.ensureInfiniteQueryData(threadListQuery(trpcUtils)),
  component: () => <MessagesPage />,
});
