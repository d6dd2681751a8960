import { createFileRoute } from '@tanstack/react-router';
import { ArtistBookingNotFound, ArtistBookingPage } from '../../../../features/booking/BookingPage';
import { artistQuery } from '../../../../features/artists/artistQuery';
import { searchText } from '../../../../search-params';

/** ?service= preselects one of the artist's services (the profile's "Book this flash"). */
const search = (params: Record<string, unknown>): { service?: string } => ({ service: searchText(params.service) });

export const Route = createFileRoute('/_app/artist/$slug/booking')({
  validateSearch: search,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(artistQuery(context.trpcUtils, { slug: params.slug })),
  errorComponent: ArtistBookingNotFound,
  component: ArtistBookingRoute,
});

function ArtistBookingRoute() {
  const { slug } = Route.useParams();
  const { service } = Route.useSearch();
  return <ArtistBookingPage artistHandle={{ slug }} serviceId={service} />;
}
