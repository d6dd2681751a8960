import { createFileRoute } from '@tanstack/react-router';
import { loadArtistPage } from '../../../../../features/artists/loadArtistPage';
import { ArtistNotFound, ArtistProfilePage } from '../../../../../features/artists/ArtistProfilePage';
export const Route = createFileRoute('/_app/artist/id/$id/')({
  staticData: { serverRender: true },
  loader: ({ context, params }) => loadArtistPage(context, { id: params.id }),
  errorComponent: ArtistNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <ArtistProfilePage artistHandle={{ id }} />;
}
