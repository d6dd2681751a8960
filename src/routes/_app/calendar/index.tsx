import { createFileRoute } from '@tanstack/react-router';
import { CalendarPage } from '../../../features/calendar/CalendarPage';
import { FIRST_CALENDAR_VIEW, rangeOf } from '../../../features/calendar/range';
import { searchText } from '../../../search-params';

const search = (params: Record<string, unknown>): { booking?: string; request?: string } => ({
  booking: searchText(params.booking),
  request: searchText(params.request),
});

export const Route = createFileRoute('/_app/calendar/')({
  staticData: { serverRender: true },
  validateSearch: search,
  loader: ({ context: { queryClient, trpcUtils } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpcUtils.studio.mine.queryOptions()),
      queryClient.ensureQueryData(trpcUtils.booking.requestCounts.queryOptions()),
      queryClient.ensureQueryData(trpcUtils.calendar.events.queryOptions(rangeOf(FIRST_CALENDAR_VIEW, new Date()))),
    ]),
  component: CalendarRoute,
});

function CalendarRoute() {
  const { booking, request } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CalendarPage bookingId={booking} requestId={request} onSelect={(next) => navigate({ search: next })} />;
}
