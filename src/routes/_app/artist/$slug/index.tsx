import { createFileRoute } from '@tanstack/react-router';
import { loadArtistPage } from '../../../../features/artists/loadArtistPage';
import { ArtistNotFound, ArtistProfilePage } from '../../../../features/artists/ArtistProfilePage';
export const Route = createFileRoute('/_app/artist/$slug/')({
  staticData: { serverRender: true },
  loader: ({ context, params }) => loadArtistPage(context, { slug: params.slug }),
  errorComponent: ArtistNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { slug } = Route.useParams();
  return <ArtistProfilePage artistHandle={{ slug }} />;
}
