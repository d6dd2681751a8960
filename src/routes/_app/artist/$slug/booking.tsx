import { createFileRoute } from '@tanstack/react-router';
import { ArtistBookingPage } from '../../../../features/booking/BookingPage';

export const Route = createFileRoute('/_app/artist/$slug/booking')({ component: ArtistBookingRoute });

function ArtistBookingRoute() {
  const { slug } = Route.useParams();
  return <ArtistBookingPage slug={slug} />;
}
