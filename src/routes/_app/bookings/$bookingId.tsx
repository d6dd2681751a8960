import { createFileRoute } from '@tanstack/react-router';
import { BookingNotFound, SessionPage } from '../../../features/booking/SessionPage';
import { orNotFound } from '../../../route-not-found';

// booking_confirmed's deep link (spec 1 §2): the session, for a party of the booking or the studio's staff.
export const Route = createFileRoute('/_app/bookings/$bookingId')({
  loader: ({ context, params }) =>
    orNotFound(
      context.queryClient.ensureQueryData(context.trpcUtils.booking.byId.queryOptions({ bookingId: params.bookingId }, { retry: false })),
    ),
  notFoundComponent: BookingNotFound,
  component: BookingRoute,
});

function BookingRoute() {
  const { bookingId } = Route.useParams();
  return <SessionPage bookingId={bookingId} />;
}
