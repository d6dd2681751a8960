import { createFileRoute } from '@tanstack/react-router';
import { withShop } from '../../../../../features/storefronts/withShop';
import { artistQuery } from '../../../../../features/artists/artistQuery';
import { ArtistNotFound, ArtistProfilePage } from '../../../../../features/artists/ArtistProfilePage';
export const Route = createFileRoute('/_app/artist/id/$id/')({
  staticData: { serverRender: true },
  loader: ({ context, params }) => withShop(context, context.queryClient.ensureQueryData(artistQuery(context.trpcUtils, { id: params.id })), (a) => ({ ownerType: 'user', ownerId: a.userId })),
  errorComponent: ArtistNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <ArtistProfilePage artistHandle={{ id }} />;
}
