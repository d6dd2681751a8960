import { createFileRoute } from '@tanstack/react-router';
import { loadStudioPage } from '../../../../features/studios/loadStudioPage';
import { StudioNotFound, StudioPage } from '../../../../features/studios/StudioPage';
import { studioHead } from '../../../../seo/studio';
import { publicOrigin } from '../../../../seo/origin';

export const Route = createFileRoute('/_app/studio/$slug/')({
  staticData: { serverRender: true, publicPage: true },
  // Awaited so the page renders once, with its data (docs/performance.md, Page speed).
  loader: ({ context, params }) => loadStudioPage(context, { slug: params.slug }),
  head: ({ loaderData }) => studioHead(loaderData, publicOrigin()),
  errorComponent: StudioNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { slug } = Route.useParams();
  return <StudioPage studioHandle={{ slug }} />;
}
