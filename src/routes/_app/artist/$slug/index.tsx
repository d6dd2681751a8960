import { createFileRoute } from '@tanstack/react-router';
import { ArtistProfilePage } from '../../../../features/artists/ArtistProfilePage';

export const Route = createFileRoute('/_app/artist/$slug/')({ component: RouteComponent });

function RouteComponent() {
  const { slug } = Route.useParams();
  return <ArtistProfilePage slug={slug} />;
}
