import { createFileRoute } from '@tanstack/react-router';
import { StudioBookingPage } from '../../../../features/booking/BookingPage';

export const Route = createFileRoute('/_app/studio/$slug/booking')({ component: StudioBookingRoute });

function StudioBookingRoute() {
  const { slug } = Route.useParams();
  return <StudioBookingPage slug={slug} />;
}
