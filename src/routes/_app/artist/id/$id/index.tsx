import { createFileRoute } from '@tanstack/react-router';
import { loadArtistPage } from '../../../../../features/artists/loadArtistPage';
import { ArtistNotFound, ArtistProfilePage } from '../../../../../features/artists/ArtistProfilePage';
import { artistHead } from '../../../../../seo/artist';
import { publicOrigin } from '../../../../../seo/origin';
export const Route = createFileRoute('/_app/artist/id/$id/')({
  staticData: { serverRender: true, publicPage: true },
  loader: ({ context, params }) => loadArtistPage(context, { id: params.id }),
  head: ({ loaderData }) => artistHead(loaderData, publicOrigin()),
  errorComponent: ArtistNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <ArtistProfilePage artistHandle={{ id }} />;
}
