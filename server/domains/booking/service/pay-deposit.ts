import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { bookings, users } from '../../../db/schema';
import { requireUser, type ServiceCtx, withTransaction } from '../../../service-context';
import { AppError } from '../../../lib/errors';
import { requireBooking, requireClientSide } from '../access';
import { BOOKING_MESSAGES, type payDepositInput } from '../inputs';
import { statusAfterDeposit } from '../rules';
import { announceConfirmed } from './confirmation';
import { settingsOf } from './settings';

/**
 * The client pays a held booking's deposit by card. The charge's idempotency key comes from the
 * booking (and the card, so a declined card can be followed by another), so a retried request
 * never charges twice. The booking is then marked paid only if it is still held with the deposit
 * due (SQL guard); if the hold was released meanwhile the charge is refunded. Paid: confirmed at
 * once in automatic mode, or left for the artist's approval.
 */
export async function payDeposit({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof payDepositInput> }) {
  const me = requireUser(ctx);
  const access = await requireBooking(ctx, input.bookingId);
  requireClientSide(access);
  const { booking } = access;
  if (booking.status !== 'held' || booking.depositStatus !== 'due')
    throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.depositNotDue);
  if (booking.holdExpiresAt && booking.holdExpiresAt <= ctx.deps.clock.now())
    throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.holdExpired);
  const [payer] = await ctx.db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, me.id));

  let charge: Awaited<ReturnType<typeof ctx.deps.payments.charge>>;
  try {
    charge = await ctx.deps.payments.charge({
      amountCents: booking.deposit,
      currency: 'usd',
      paymentMethodId: input.paymentMethodId,
      customerId: payer?.customerId ?? null,
      description: `Deposit for ${booking.title}`,
      idempotencyKey: `booking:${booking.id}:deposit:${input.paymentMethodId}`,
      metadata: { bookingId: booking.id },
    });
  } catch (error) {
    throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.paymentFailed, { cause: error });
  }
  if (!charge.ok) throw new AppError('PRECONDITION_FAILED', `${BOOKING_MESSAGES.paymentFailed}: ${charge.reason}`);

  const settings = await settingsOf(ctx, booking.artistId);
  const paid = await withTransaction(ctx, async (tx) => {
    const now = ctx.deps.clock.now();
    const status = statusAfterDeposit(settings.confirmationMode);
    const [updated] = await tx.db
      .update(bookings)
      .set({
        depositStatus: 'paid',
        depositPaymentIntentId: charge.paymentIntentId,
        depositPaidAt: now,
        holdExpiresAt: null,
        status,
        approvedAt: status === 'confirmed' ? now : null,
        updatedAt: now,
      })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'held'), eq(bookings.depositStatus, 'due')))
      .returning();
    if (updated?.status === 'confirmed') await announceConfirmed(tx, updated);
    return updated;
  });
  if (!paid) {
    await ctx.deps.payments.refund({
      paymentIntentId: charge.paymentIntentId,
      reason: 'requested_by_customer',
      idempotencyKey: `booking:${booking.id}:deposit:refund`,
    });
    throw new AppError('CONFLICT', BOOKING_MESSAGES.holdExpired);
  }
  return paid;
}
