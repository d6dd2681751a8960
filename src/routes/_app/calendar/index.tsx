import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CalendarPage } from '../../../features/calendar/CalendarPage';

const search = z.object({ booking: z.string().optional(), request: z.string().optional() });

export const Route = createFileRoute('/_app/calendar/')({ validateSearch: search, component: CalendarRoute });

function CalendarRoute() {
  const { booking, request } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CalendarPage bookingId={booking} requestId={request} onSelect={(next) => navigate({ search: next })} />;
}
