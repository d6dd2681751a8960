import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../../features/messaging/MessagesPage';

export const Route = createFileRoute('/_app/messages/$threadId')({ component: RouteComponent });

function RouteComponent() {
  const { threadId } = Route.useParams();
  return <MessagesPage threadId={threadId} />;
}
