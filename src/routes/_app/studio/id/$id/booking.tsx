import { createFileRoute } from '@tanstack/react-router';
import { StudioBookingPage } from '../../../../../features/booking/BookingPage';

export const Route = createFileRoute('/_app/studio/id/$id/booking')({ component: StudioBookingByIdRoute });

function StudioBookingByIdRoute() {
  const { id } = Route.useParams();
  return <StudioBookingPage id={id} />;
}
