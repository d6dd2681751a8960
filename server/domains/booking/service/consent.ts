import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { bookings } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import { AppError, invalid } from '../../../lib/errors';
import { formatInZone, wallTimeOf } from '../../../lib/timezone';
import { requireBooking, requireClientSide } from '../access';
import type { SignedConsent } from '../../../db/schema/booking-values';
import { BOOKING_MESSAGES, type consentInput } from '../inputs';
import { consentText, isOfAge } from '../rules';
import { eventDetails } from './confirmation';

/**
 * The client signs the consent form before the session. The client must be 18 on the day of the
 * session (in the studio's timezone). The text exactly as shown is kept with the booking; a
 * booking is signed once (guarded in SQL).
 */
export function signConsent({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof consentInput> }) {
  return withTransaction(ctx, async (tx) => {
    const access = await requireBooking(tx, input.bookingId, { forUpdate: true });
    requireClientSide(access);
    const { booking } = access;
    if (!['held', 'confirmed'].includes(booking.status))
      throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.bookingState(booking.status));
    if (booking.consent) throw new AppError('CONFLICT', BOOKING_MESSAGES.consentAlreadySigned);
    const birth = new Date(`${input.dateOfBirth}T00:00:00Z`);
    if (Number.isNaN(birth.getTime()) || birth.toISOString().slice(0, 10) !== input.dateOfBirth) throw invalid('Enter your date of birth');
    const sessionDay = wallTimeOf(booking.startsAt, booking.timezone);
    if (!isOfAge(input.dateOfBirth, sessionDay)) throw invalid(BOOKING_MESSAGES.underage);
    const details = await eventDetails(tx, booking);
    const now = ctx.deps.clock.now();
    const consent: SignedConsent = {
      legalName: input.legalName,
      dateOfBirth: input.dateOfBirth,
      answers: input.answers,
      healthNotes: input.healthNotes,
      text: consentText({
        legalName: input.legalName,
        artistName: details.artistName,
        studioName: details.shopName,
        sessionStart: formatInZone(booking.startsAt, booking.timezone),
      }),
      signedAt: now.toISOString(),
    };
    const [updated] = await tx.db
      .update(bookings)
      .set({ consent, consentSignedAt: now, updatedAt: now })
      .where(and(eq(bookings.id, booking.id), isNull(bookings.consent), inArray(bookings.status, ['held', 'confirmed'])))
      .returning();
    return updated;
  });
}
