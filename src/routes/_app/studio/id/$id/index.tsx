import { createFileRoute } from '@tanstack/react-router';
import { withShop } from '../../../../../features/storefronts/withShop';
import { StudioNotFound, StudioPage } from '../../../../../features/studios/StudioPage';
import { studioQuery } from '../../../../../features/studios/studioQuery';

export const Route = createFileRoute('/_app/studio/id/$id/')({
  staticData: { serverRender: true },
  // Awaited so the page renders once, with its data (docs/performance.md, Page speed).
  loader: ({ context, params }) => withShop(context, context.queryClient.ensureQueryData(studioQuery(context.trpcUtils, { id: params.id })), (s) => ({ ownerType: 'shop', ownerId: s.id })),
  errorComponent: StudioNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <StudioPage studioHandle={{ id }} />;
}
