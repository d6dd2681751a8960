import { createFileRoute } from '@tanstack/react-router';
import { ArtistBookingPage } from '../../../../../features/booking/BookingPage';

export const Route = createFileRoute('/_app/artist/id/$id/booking')({ component: ArtistBookingByIdRoute });

function ArtistBookingByIdRoute() {
  const { id } = Route.useParams();
  return <ArtistBookingPage id={id} />;
}
