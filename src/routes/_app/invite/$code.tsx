import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../../../features/studios/InvitePage';

export const Route = createFileRoute('/_app/invite/$code')({ component: RouteComponent });

function RouteComponent() {
  const { code } = Route.useParams();
  return <InvitePage code={code} />;
}
