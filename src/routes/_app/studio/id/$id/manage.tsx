import { createFileRoute } from '@tanstack/react-router';
import { ManageStudioNotFound, ManageStudioPage } from '../../../../../features/studios/ManageStudioPage';
import { studioQuery } from '../../../../../features/studios/studioQuery';
export const Route = createFileRoute('/_app/studio/id/$id/manage')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(studioQuery(context.trpcUtils, { id: params.id })),
  errorComponent: ManageStudioNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <ManageStudioPage studioHandle={{ id }} />;
}
