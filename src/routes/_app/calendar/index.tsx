import { createFileRoute } from '@tanstack/react-router';
import { CalendarPage } from '../../../features/calendar/CalendarPage';
import { searchText } from '../../../search-params';

const search = (params: Record<string, unknown>): { booking?: string; request?: string } => ({
  booking: searchText(params.booking),
  request: searchText(params.request),
});

export const Route = createFileRoute('/_app/calendar/')({ validateSearch: search, component: CalendarRoute });

function CalendarRoute() {
  const { booking, request } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CalendarPage bookingId={booking} requestId={request} onSelect={(next) => navigate({ search: next })} />;
}
