import { createFileRoute } from '@tanstack/react-router';
import { StudioNotFound, StudioPage } from '../../../../../features/studios/StudioPage';
import { studioQuery } from '../../../../../features/studios/studioQuery';
import { studioHead } from '../../../../../seo/studio';
import { publicOrigin } from '../../../../../seo/origin';

export const Route = createFileRoute('/_app/studio/id/$id/')({
  staticData: { serverRender: true, publicPage: true },
  // Awaited so the page renders once, with its data (docs/performance.md, Page speed).
  loader: ({ context, params }) => context.queryClient.ensureQueryData(studioQuery(context.trpcUtils, { id: params.id })),
  head: ({ loaderData }) => studioHead(loaderData, publicOrigin()),
  errorComponent: StudioNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <StudioPage studioHandle={{ id }} />;
}
