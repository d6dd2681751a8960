import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { bookings } from '../../../db/schema';
import { requireUser, type ServiceCtx, withTransaction } from '../../../service-context';
import { AppError, conflict, isExclusionViolation } from '../../../lib/errors';
import { MINUTE } from '../../../lib/time';
import { formatInZone } from '../../../lib/timezone';
import { requireArtistSide, requireBooking } from '../access';
import type { BookingStatus } from '../../../db/schema/booking-values';
import { BOOKING_MESSAGES, type cancelBookingInput, type rescheduleInput } from '../inputs';
import { type BookingAction, bookingStatusesAllowing, depositAfterCancel, nextBookingStatus, rescheduleRefusal } from '../rules';
import { sendAftercare } from './aftercare';
import { isOfferedSlot } from './availability';
import { announceConfirmed, announceUpdated } from './confirmation';
import { settingsOf } from './settings';

type Booking = typeof bookings.$inferSelect;

/** Locks the booking and checks the move against the status machine. */
async function lockFor(tx: ServiceCtx, bookingId: string, action: BookingAction) {
  const access = await requireBooking(tx, bookingId, { forUpdate: true });
  const to = nextBookingStatus(access.booking.status, action);
  if (!to) throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.bookingState(access.booking.status));
  return { ...access, to };
}

/** Approval mode: the artist (or studio staff) confirms a held booking whose deposit, if any, is paid. */
export function approveBooking({ ctx, input }: { ctx: ServiceCtx; input: { bookingId: string } }) {
  return withTransaction(ctx, async (tx) => {
    const { booking, to, ...access } = await lockFor(tx, input.bookingId, 'confirm');
    requireArtistSide(access);
    if (booking.depositStatus === 'due') throw new AppError('PRECONDITION_FAILED', 'The deposit has not been paid yet');
    const now = ctx.deps.clock.now();
    const [updated] = await tx.db
      .update(bookings)
      .set({ status: to, approvedAt: now, holdExpiresAt: null, updatedAt: now })
      .where(eq(bookings.id, booking.id))
      .returning();
    await announceConfirmed(tx, updated);
    return updated;
  });
}

/**
 * Cancels a session under the artist's policy: a paid deposit is kept when the client cancels
 * inside the notice window, and stays transferable to a new date outside it (or when the artist cancels).
 */
export function cancelBooking({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof cancelBookingInput> }) {
  const me = requireUser(ctx);
  return withTransaction(ctx, async (tx) => {
    const { booking, to, isClient } = await lockFor(tx, input.bookingId, 'cancel');
    const now = ctx.deps.clock.now();
    const policy = await settingsOf(tx, booking.artistId);
    const deposit =
      booking.depositStatus === 'paid'
        ? depositAfterCancel(booking.startsAt, now, policy, !isClient)
        : booking.depositStatus === 'due'
          ? 'none'
          : booking.depositStatus;
    const [updated] = await tx.db
      .update(bookings)
      .set({
        status: to,
        depositStatus: deposit,
        cancelledAt: now,
        cancelledBy: me.id,
        cancelReason: input.reason ?? null,
        holdExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    await announceUpdated(tx, updated, me.id, `cancelled${input.reason ? `: ${input.reason}` : ''}`);
    return updated;
  });
}

/** After the session: completed, and the client gets the aftercare instructions (and products in stock). */
export function completeBooking({ ctx, input }: { ctx: ServiceCtx; input: { bookingId: string } }) {
  return withTransaction(ctx, async (tx) => {
    const { booking, to, ...access } = await lockFor(tx, input.bookingId, 'complete');
    requireArtistSide(access);
    const now = ctx.deps.clock.now();
    if (booking.startsAt > now) throw new AppError('PRECONDITION_FAILED', 'A session can be completed once it has started');
    const [updated] = await tx.db.update(bookings).set({ status: to, updatedAt: now }).where(eq(bookings.id, booking.id)).returning();
    await sendAftercare(tx, updated);
    return updated;
  });
}

/** Moves a session to another offered time. The client may do it under the artist's policy. */
export async function rescheduleBooking({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof rescheduleInput> }) {
  const me = requireUser(ctx);
  try {
    return await withTransaction(ctx, async (tx) => {
      const { booking, to, isClient } = await lockFor(tx, input.bookingId, 'reschedule');
      const now = ctx.deps.clock.now();
      const policy = await settingsOf(tx, booking.artistId);
      const refusal = rescheduleRefusal(booking.startsAt, now, booking.rescheduleCount, policy, !isClient);
      if (refusal) throw new AppError('PRECONDITION_FAILED', refusal);
      const minutes = (booking.endsAt.getTime() - booking.startsAt.getTime()) / MINUTE;
      const { offered } = await isOfferedSlot(tx, booking.artistId, booking.shopId, input.startsAt, minutes, policy.bufferMinutes);
      if (!offered) throw conflict(BOOKING_MESSAGES.slotUnavailable);
      const endsAt = new Date(input.startsAt.getTime() + minutes * MINUTE);
      const [updated] = await tx.db
        .update(bookings)
        .set({
          status: to as BookingStatus,
          startsAt: input.startsAt,
          endsAt,
          blockedUntil: new Date(endsAt.getTime() + policy.bufferMinutes * MINUTE),
          rescheduleCount: isClient ? booking.rescheduleCount + 1 : booking.rescheduleCount,
          reminderSentAt: null,
          dayBeforeSentAt: null,
          updatedAt: now,
        })
        .where(eq(bookings.id, booking.id))
        .returning();
      await announceUpdated(tx, updated, me.id, `moved to ${formatInZone(updated.startsAt, updated.timezone)}`);
      return updated;
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict(BOOKING_MESSAGES.slotTaken);
    throw error;
  }
}

/** The artist or staff confirm they checked the client's photo ID before the session. */
export function confirmClientId({ ctx, input }: { ctx: ServiceCtx; input: { bookingId: string } }) {
  return withTransaction(ctx, async (tx) => {
    const access = await requireBooking(tx, input.bookingId, { forUpdate: true });
    requireArtistSide(access);
    if (!bookingStatusesAllowing('complete').includes(access.booking.status))
      throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.bookingState(access.booking.status));
    const [updated] = await tx.db
      .update(bookings)
      .set({ idConfirmedAt: ctx.deps.clock.now(), updatedAt: ctx.deps.clock.now() })
      .where(and(eq(bookings.id, input.bookingId), inArray(bookings.status, ['confirmed'])))
      .returning();
    return updated as Booking;
  });
}
