import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../../features/messaging/MessagesPage';
import { conversationQueries, threadListQuery } from '../../../features/messaging/queries';

export const Route = createFileRoute('/_app/messages/$threadId')({
  staticData: { serverRender: true },
  loader: ({ context: { queryClient, trpcUtils }, params }) => {
    const conversation = conversationQueries(trpcUtils, params.threadId);
    return Promise.all([
      queryClient.ensureInfiniteQueryData(threadListQuery(trpcUtils)),
      queryClient.ensureQueryData(conversation.thread),
      queryClient.ensureInfiniteQueryData(conversation.messages),
    ]);
  },
  // A conversation not found is told in its place, beside the list.
  errorComponent: ConversationErrorRoute,
  component: RouteComponent,
});

function ConversationErrorRoute() {
  const { threadId } = Route.useParams();
  return <MessagesPage threadId={threadId} conversationNotFound />;
}

function RouteComponent() {
  const { threadId } = Route.useParams();
  return <MessagesPage threadId={threadId} />;
}
