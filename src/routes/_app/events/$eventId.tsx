import { createFileRoute } from '@tanstack/react-router';
import { EventPage } from '../../../features/calendar/EventPage';
import { eventQuery } from '../../../features/calendar/eventQuery';
import { BookingNotFound } from '../../../features/booking/SessionPage';
import { orNotFound } from '../../../route-not-found';

// The deep link of event_reminder and event_updated (spec 1 §2): the calendar event, for its parties.
export const Route = createFileRoute('/_app/events/$eventId')({
  loader: ({ context, params }) =>
    orNotFound(
      context.queryClient.ensureQueryData(context.trpcUtils.booking.byId.queryOptions(eventQuery(params.eventId), { retry: false })),
    ),
  notFoundComponent: BookingNotFound,
  component: EventRoute,
});

function EventRoute() {
  const { eventId } = Route.useParams();
  return <EventPage eventId={eventId} />;
}
