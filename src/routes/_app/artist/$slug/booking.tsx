import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ArtistBookingPage } from '../../../../features/booking/BookingPage';

/** ?service= preselects one of the artist's services (the profile's "Book this flash"). */
const search = z.object({ service: z.string().optional() });

export const Route = createFileRoute('/_app/artist/$slug/booking')({ validateSearch: search, component: ArtistBookingRoute });

function ArtistBookingRoute() {
  const { slug } = Route.useParams();
  const { service } = Route.useSearch();
  return <ArtistBookingPage slug={slug} serviceId={service} />;
}
