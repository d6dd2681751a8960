import { createFileRoute } from '@tanstack/react-router';
import { InvitationNotFound, InvitePage } from '../../../features/studios/InvitePage';
import { orNotFound } from '../../../route-not-found';

// The deep link of invitation notifications (spec 1 §2): the studio invitation, with its Accept and
// Decline, for the person it was sent to; anyone else gets the same not-found as for no invitation.
export const Route = createFileRoute('/_app/invitations/$invitationId')({
  loader: async ({ context, params }) => {
    const { code } = await orNotFound(
      context.queryClient.ensureQueryData(
        context.trpcUtils.studio.invitationById.queryOptions({ invitationId: params.invitationId }, { retry: false }),
      ),
    );
    await context.queryClient.ensureQueryData(context.trpcUtils.studio.invitation.queryOptions({ code }, { retry: false }));
    return { code };
  },
  notFoundComponent: () => <InvitationNotFound error={null} />,
  component: InvitationRoute,
});

function InvitationRoute() {
  const { code } = Route.useLoaderData();
  return <InvitePage code={code} />;
}
