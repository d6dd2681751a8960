import { createFileRoute } from '@tanstack/react-router';
import { ArtistBookingNotFound, ArtistBookingPage } from '../../../../../features/booking/BookingPage';
import { artistQuery } from '../../../../../features/artists/artistQuery';
import { searchText } from '../../../../../search-params';

/** ?service= preselects one of the artist's services, as on /artist/{slug}/booking. */
const search = (params: Record<string, unknown>): { service?: string } => ({ service: searchText(params.service) });

export const Route = createFileRoute('/_app/artist/id/$id/booking')({
  validateSearch: search,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(artistQuery(context.trpcUtils, { id: params.id })),
  errorComponent: ArtistBookingNotFound,
  component: ArtistBookingByIdRoute,
});

function ArtistBookingByIdRoute() {
  const { id } = Route.useParams();
  const { service } = Route.useSearch();
  return <ArtistBookingPage artistHandle={{ id }} serviceId={service} />;
}
