import { inArray } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import type { CalendarEventBody } from '../../providers/calendar';
import type { BookingStatus } from '../../db/schema/booking-values';
import { REMINDER_MINUTES } from '../booking/constants';
import { eventRows } from './service';

/** Statuses whose session belongs in the calendar; a cancelled (or never confirmed) one is removed. */
export const SHOWN_STATUSES: BookingStatus[] = ['confirmed', 'completed'];

export type BookingForEvent = Awaited<ReturnType<typeof loadRows>>[number];

const loadRows = (ctx: ServiceCtx, ids: string[]) => eventRows(ctx).where(inArray(bookings.id, ids));

/** The bookings with what their calendar events show, by id. */
export async function loadBookingsForEvents(ctx: ServiceCtx, ids: string[]) {
  const rows = ids.length === 0 ? [] : await loadRows(ctx, ids);
  return new Map(rows.map((r) => [r.booking.id, r]));
}

/** The event as this user sees it: the client reads whom they see, the artist whom they tattoo. */
export function googleEventFor(row: BookingForEvent, userId: string, appOrigin: string): CalendarEventBody {
  const { booking } = row;
  const clientName = booking.clientName ?? row.clientPersonName ?? 'Client';
  const isArtist = booking.artistId === userId;
  return {
    summary: isArtist ? `${booking.title}: ${clientName}` : `${booking.title} with ${row.artistName ?? 'your artist'}`,
    description: `Session ${booking.sessionNumber} at ${row.shopName}, booked on InkLink.`,
    location: [row.shopName, row.shopAddress, row.shopCity, row.shopState].filter(Boolean).join(', '),
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    timeZone: booking.timezone,
    link: `${appOrigin}/calendar?booking=${booking.id}`,
    reminderMinutes: REMINDER_MINUTES,
  };
}
