import { createFileRoute } from '@tanstack/react-router';
import { ArtistBookingNotFound, ArtistBookingPage } from '../../../../../features/booking/BookingPage';
import { artistQuery } from '../../../../../features/artists/artistQuery';
export const Route = createFileRoute('/_app/artist/id/$id/booking')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(artistQuery(context.trpcUtils, { id: params.id })),
  errorComponent: ArtistBookingNotFound,
  component: ArtistBookingByIdRoute,
});

function ArtistBookingByIdRoute() {
  const { id } = Route.useParams();
  return <ArtistBookingPage artistHandle={{ id }} />;
}
