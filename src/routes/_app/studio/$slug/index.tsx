import { createFileRoute } from '@tanstack/react-router';
import { StudioPage } from '../../../../features/studios/StudioPage';

export const Route = createFileRoute('/_app/studio/$slug/')({
  // Awaited so the page renders once, with its data (README, Page speed).
  loader: ({ context, params }) => context.trpcUtils.studio.bySlug.prefetch({ slug: params.slug }, { retry: false }),
  component: RouteComponent,
});

function RouteComponent() {
  const { slug } = Route.useParams();
  return <StudioPage slug={slug} />;
}
