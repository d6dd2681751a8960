import { createFileRoute } from '@tanstack/react-router';
import { ManageStudioNotFound, ManageStudioPage } from '../../../../features/studios/ManageStudioPage';
import { studioQuery } from '../../../../features/studios/studioQuery';
export const Route = createFileRoute('/_app/studio/$slug/manage')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(studioQuery(context.trpcUtils, { slug: params.slug })),
  errorComponent: ManageStudioNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { slug } = Route.useParams();
  return <ManageStudioPage studioHandle={{ slug }} />;
}
