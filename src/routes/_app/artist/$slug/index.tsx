import { createFileRoute } from '@tanstack/react-router';
import { withShop } from '../../../../features/storefronts/withShop';
import { artistQuery } from '../../../../features/artists/artistQuery';
import { ArtistNotFound, ArtistProfilePage } from '../../../../features/artists/ArtistProfilePage';
export const Route = createFileRoute('/_app/artist/$slug/')({
  staticData: { serverRender: true },
  loader: ({ context, params }) => withShop(context, context.queryClient.ensureQueryData(artistQuery(context.trpcUtils, { slug: params.slug })), (a) => ({ ownerType: 'user', ownerId: a.userId })),
  errorComponent: ArtistNotFound,
  component: RouteComponent,
});

function RouteComponent() {
  const { slug } = Route.useParams();
  return <ArtistProfilePage artistHandle={{ slug }} />;
}
