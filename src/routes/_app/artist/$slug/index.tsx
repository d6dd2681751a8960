import { createFileRoute } from '@tanstack/react-router';
import { artistQuery } from '../../../../features/artists/artistQuery';
import { ArtistNotFound, ArtistProfilePage } from '../../../../features/artists/ArtistProfilePage';
export const Route = createFileRoute('/_app/artist/$slug/')({
  staticData: { serverRender: true, publicPage: true },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(artistQuery(context.trpcUtils, { slug: params.slug })),
  errorComponent: ArtistNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { slug } = Route.useParams();
  return <ArtistProfilePage artistHandle={{ slug }} />;
}
