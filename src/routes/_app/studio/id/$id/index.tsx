import { createFileRoute } from '@tanstack/react-router';
import { StudioPage } from '../../../../../features/studios/StudioPage';

export const Route = createFileRoute('/_app/studio/id/$id/')({
  // Awaited so the page renders once, with its data (README, Page speed).
  loader: ({ context, params }) => context.trpcUtils.studio.byId.prefetch({ id: params.id }, { retry: false }),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <StudioPage id={id} />;
}
