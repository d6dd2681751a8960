import { eq } from 'drizzle-orm';
import { artists, type bookings, shops } from '../../../db/schema';
import type { ServiceCtx } from '../../../service-context';
import { queueMail } from '../../../providers/mail/outbox';
import { buildCalendar, type CalendarEvent } from '../../../lib/ics';
import { formatInZone } from '../../../lib/timezone';
import { createNotification, enabledChannels } from '../../notifications/create';
import { REMINDER_MINUTES } from '../constants';
import { mailRecipient } from './mail-recipient';

type Booking = typeof bookings.$inferSelect;

/** The calendar event of a booking, as the feed and the e-mail attachment show it. */
export function bookingEvent(booking: Booking, details: { artistName: string; shopName: string; address: string }): CalendarEvent {
  return {
    uid: `booking-${booking.id}@inklink`,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    summary: `${booking.title} with ${details.artistName}`,
    description: `Session ${booking.sessionNumber} at ${details.shopName}.`,
    location: [details.shopName, details.address].filter(Boolean).join(', '),
    status: booking.status === 'cancelled' ? 'CANCELLED' : booking.status === 'held' ? 'TENTATIVE' : 'CONFIRMED',
    updatedAt: booking.updatedAt,
    alarmMinutes: REMINDER_MINUTES,
  };
}

export async function eventDetails(ctx: ServiceCtx, booking: Booking) {
  const [artist] = await ctx.db.select({ name: artists.name }).from(artists).where(eq(artists.userId, booking.artistId));
  const [shop] = await ctx.db
    .select({ name: shops.name, address: shops.address, city: shops.city, state: shops.state })
    .from(shops)
    .where(eq(shops.id, booking.shopId));
  return {
    artistName: artist?.name ?? 'your artist',
    shopName: shop?.name ?? '',
    address: [shop?.address, shop?.city, shop?.state].filter(Boolean).join(', '),
  };
}

/**
 * A booking just became confirmed: booking_confirmed for the client and the artist, and the
 * client's confirmation e-mail with the session as an .ics attachment (unless they turned
 * booking e-mails off). Runs in the confirming transaction, so nothing is sent for a rollback.
 */
export async function announceConfirmed(tx: ServiceCtx, booking: Booking) {
  const details = await eventDetails(tx, booking);
  const when = formatInZone(booking.startsAt, booking.timezone);
  // The session's own page (booking_confirmed's deep link), where the client also signs the consent form.
  const link = `/bookings/${booking.id}`;
  for (const userId of [booking.clientId, booking.artistId]) {
    if (!userId) continue;
    await createNotification(tx, {
      userId,
      type: 'booking_confirmed',
      title: 'Booking confirmed',
      body: `${booking.title} with ${details.artistName} at ${details.shopName}, ${when}.`,
      data: { bookingId: booking.id },
    });
  }
  if (!booking.clientId || !(await enabledChannels(tx, booking.clientId, 'booking_confirmed')).has('email')) return;
  const client = await mailRecipient(tx, booking.clientId);
  if (!client) return;
  const ics = buildCalendar('InkLink booking', [bookingEvent(booking, details)], tx.deps.clock.now());
  await queueMail(tx, {
    to: client.email,
    subject: `Booking confirmed: ${when}`,
    text: `${client.greeting}\n\nYour session with ${details.artistName} at ${details.shopName} is confirmed for ${when}.\n\nAdd it to your calendar with the attached file, and sign your consent form before the session: ${tx.deps.config.appOrigin}${link}\n`,
    attachments: [{ filename: 'booking.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  });
}

/** event_updated for the other side of a change (moved or cancelled). */
export async function announceUpdated(tx: ServiceCtx, booking: Booking, actorId: string, what: string) {
  for (const userId of [booking.clientId, booking.artistId]) {
    if (!userId || userId === actorId) continue;
    await createNotification(tx, {
      userId,
      type: 'event_updated',
      title: 'Booking updated',
      body: `${booking.title}: ${what}`,
      // Opens /events/{eventId}: a booking is its own calendar event.
      data: { bookingId: booking.id, eventId: booking.id },
    });
  }
}
