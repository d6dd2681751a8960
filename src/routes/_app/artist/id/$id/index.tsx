import { createFileRoute } from '@tanstack/react-router';
import { ArtistProfilePage } from '../../../../../features/artists/ArtistProfilePage';

export const Route = createFileRoute('/_app/artist/id/$id/')({ component: RouteComponent });

function RouteComponent() {
  const { id } = Route.useParams();
  return <ArtistProfilePage id={id} />;
}
