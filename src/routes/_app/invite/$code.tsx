import { createFileRoute } from '@tanstack/react-router';
import { InvitationNotFound, InvitePage } from '../../../features/studios/InvitePage';

export const Route = createFileRoute('/_app/invite/$code')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(context.trpcUtils.studio.invitation.queryOptions({ code: params.code }, { retry: false })),
  errorComponent: InvitationNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { code } = Route.useParams();
  return <InvitePage code={code} />;
}
