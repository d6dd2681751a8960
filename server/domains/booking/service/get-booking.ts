import type { ServiceCtx } from '../../../service-context';
import { formatInZone } from '../../../lib/timezone';
import { requireBooking } from '../access';
import { HEALTH_QUESTIONS } from '../constants';
import { consentText } from '../rules';
import { eventDetails } from './confirmation';
import { settingsOf } from './settings';

/** One booking for its client, artist or the studio's staff, with the consent form to sign or as signed. */
export async function getBooking({ ctx, input }: { ctx: ServiceCtx; input: { bookingId: string } }) {
  const { booking, isArtist, isClient } = await requireBooking(ctx, input.bookingId);
  const details = await eventDetails(ctx, booking);
  const { freeReschedules, rescheduleNoticeHours } = await settingsOf(ctx, booking.artistId);
  return {
    ...booking,
    ...details,
    role: isArtist ? ('artist' as const) : isClient ? ('client' as const) : ('staff' as const),
    // What the client will sign (their legal name goes where the placeholder is).
    consentPreview: consentText({
      legalName: '[your legal name]',
      artistName: details.artistName,
      studioName: details.shopName,
      sessionStart: formatInZone(booking.startsAt, booking.timezone),
    }),
    healthQuestions: HEALTH_QUESTIONS,
    /** The artist's policy, so the client sees what moving or cancelling costs before trying. */
    policy: { rescheduleNoticeHours, reschedulesLeft: Math.max(0, freeReschedules - booking.rescheduleCount) },
  };
}
