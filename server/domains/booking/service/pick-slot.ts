import { and, eq, inArray, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { bookingRequests, bookings } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import { AppError, conflict, isExclusionViolation, isUniqueViolation } from '../../../lib/errors';
import { MINUTE } from '../../../lib/time';
import { requireClientSide, requireRequest } from '../access';
import { HOLD_MINUTES } from '../constants';
import { BOOKING_MESSAGES, type pickSlotInput } from '../inputs';
import { nextRequestStatus, statusAfterPick } from '../rules';
import { isOfferedSlot } from './availability';
import { announceConfirmed } from './confirmation';
import { settingsOf } from './settings';

/** Releases an artist's unpaid holds whose time ran out, so their slots can be taken again. */
export async function releaseExpiredHolds(ctx: ServiceCtx, artistId?: string) {
  const now = ctx.deps.clock.now();
  return ctx.db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, cancelReason: 'The deposit was not paid in time', updatedAt: now })
    .where(
      and(
        eq(bookings.status, 'held'),
        eq(bookings.depositStatus, 'due'),
        lte(bookings.holdExpiresAt, now),
        artistId ? eq(bookings.artistId, artistId) : undefined,
      ),
    )
    .returning({ id: bookings.id });
}

/**
 * The client takes a slot for the next session of a quoted request. The exclusion constraint
 * decides between clients racing for the same time: exactly one insert wins, the others get
 * "That time was just taken". The first session carries the deposit, unless a deposit paid for an
 * earlier, cancelled date of this request is transferable; then it moves to this booking.
 */
export async function pickSlot({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof pickSlotInput> }) {
  try {
    return await withTransaction(ctx, async (tx) => {
      const access = await requireRequest(tx, input.requestId, { forUpdate: true });
      requireClientSide(access);
      const { request } = access;
      const nextStatus = nextRequestStatus(request.status, 'schedule');
      if (!nextStatus || !request.sessionCount || !request.sessionMinutes)
        throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.requestState(request.status));
      const live = await tx.db
        .select({ id: bookings.id, depositStatus: bookings.depositStatus })
        .from(bookings)
        .where(and(eq(bookings.requestId, request.id), ne(bookings.status, 'cancelled')));
      if (live.length >= request.sessionCount) throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.allSessionsBooked);
      if (live.some((b) => b.depositStatus === 'due')) throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.depositFirst);

      const settings = await settingsOf(tx, request.artistId);
      const { shop, offered } = await isOfferedSlot(
        tx,
        request.artistId,
        input.shopId,
        input.startsAt,
        request.sessionMinutes,
        settings.bufferMinutes,
      );
      if (!offered) throw conflict(BOOKING_MESSAGES.slotUnavailable);
      await releaseExpiredHolds(tx, request.artistId);

      const now = ctx.deps.clock.now();
      const [transferable] = await tx.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.requestId, request.id), inArray(bookings.depositStatus, ['paid', 'transferable'])))
        .limit(1);
      const depositPaid = Boolean(transferable);
      const deposit = depositPaid ? 0 : (request.deposit ?? 0);
      const outcome = statusAfterPick(deposit, settings.confirmationMode);
      if (transferable?.depositStatus === 'transferable') {
        // The deposit moves to the new date; the cancelled booking no longer holds it.
        await tx.db.update(bookings).set({ depositStatus: 'none', updatedAt: now }).where(eq(bookings.id, transferable.id));
      }
      const endsAt = new Date(input.startsAt.getTime() + request.sessionMinutes * MINUTE);
      const [booking] = await tx.db
        .insert(bookings)
        .values({
          requestId: request.id,
          artistId: request.artistId,
          shopId: shop.id,
          clientId: request.clientId,
          serviceId: request.serviceId,
          title: `Tattoo: ${request.placement}`,
          sessionNumber: live.length + 1,
          startsAt: input.startsAt,
          endsAt,
          blockedUntil: new Date(endsAt.getTime() + settings.bufferMinutes * MINUTE),
          timezone: shop.timezone,
          status: outcome.status,
          holdExpiresAt: outcome.waitsForPayment ? new Date(now.getTime() + HOLD_MINUTES * MINUTE) : null,
          deposit: transferable?.depositStatus === 'transferable' ? transferable.deposit : deposit,
          depositStatus: transferable?.depositStatus === 'transferable' ? 'paid' : deposit > 0 ? 'due' : 'none',
          depositPaymentIntentId: transferable?.depositStatus === 'transferable' ? transferable.depositPaymentIntentId : null,
          depositPaidAt: transferable?.depositStatus === 'transferable' ? transferable.depositPaidAt : null,
          approvedAt: outcome.status === 'confirmed' ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.db.update(bookingRequests).set({ status: nextStatus, updatedAt: now }).where(eq(bookingRequests.id, request.id));
      if (booking.status === 'confirmed') await announceConfirmed(tx, booking);
      return booking;
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict(BOOKING_MESSAGES.slotTaken);
    // The same session of this request booked twice at once (a double click): one wins.
    if (isUniqueViolation(error)) throw conflict(BOOKING_MESSAGES.slotTaken);
    throw error;
  }
}
