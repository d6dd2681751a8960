import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../../features/messaging/MessagesPage';
import { threadListQuery } from '../../../features/messaging/ThreadList';

export const Route = createFileRoute('/_app/messages/$threadId')({
  // The list beside the conversation; the conversation loads in place, so that one not found is
  // told inside the page, beside the list (Conversation).
  loader: ({ context: { queryClient, trpcUtils } }) => queryClient.ensureInfiniteQueryData(threadListQuery(trpcUtils)),
  component: RouteComponent,
});

function RouteComponent() {
  const { threadId } = Route.useParams();
  return <MessagesPage threadId={threadId} />;
}
