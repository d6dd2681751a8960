import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentRequestRefunds, paymentRequests, paymentTransactions } from '../../../db/schema';
import { type AuthedCtx, type ServiceCtx, withTransaction } from '../../../service-context';
import { conflict, forbidden, invalid } from '../../../lib/errors';
import { formatCents } from '../../../lib/money';
import type { refundPaymentRequestInput } from '../inputs';
import { failsAs, providerCall } from '../../../provider-calls';
import { platformFeeShare, REFUND_WINDOW_DAYS, refundableCents, withinRefundWindow } from '../rules';
import { requireRequestParty } from './access';
import { type RefundRow, releaseRefund, settleRefund } from './refund-outcome';

type RefundInput = z.output<typeof refundPaymentRequestInput>;

export const REFUND_FAILED = 'Failed to refund payment request';
export const REFUND_MESSAGES = {
  notRequester: 'Only the person who sent the payment request can refund it',
  notPaid: 'Only a paid payment request can be refunded',
  windowClosed: `A payment can be refunded within ${REFUND_WINDOW_DAYS} days of being paid`,
  underWay: 'This refund is already under way',
  changed: 'This refund was already asked for with another amount',
  tooMuch: (leftCents: number) =>
    leftCents > 0 ? `The refund is more than the ${formatCents(leftCents)} left to refund` : 'This payment has been refunded in full',
} as const;

/** A refund whose provider call never answered (the process died) may be driven again after this. */
const STALE_REFUND_MS = 60_000;

/** The provider's idempotency key: one per refund, so a retried refund is made once. */
export const requestRefundKey = (refundId: string) => `payment-request-refund:${refundId}`;

type Claim = { refund: RefundRow; paymentIntentId: string | null; drive: boolean };

/**
 * Step 1, with the request row locked: who refunds, whether the request is paid and within the
 * window, and how much is left; then the claim, raised in SQL only while settled and claimed
 * refunds stay within the paid amount (and the table's check says the same), with the refund row
 * in 'pending'. A refund id seen before answers its refund: settled, under way, or (failed) claimed
 * again to be retried with the same provider key.
 */
async function claimRefund(ctx: AuthedCtx, input: RefundInput): Promise<Claim> {
  return withTransaction(ctx, async (tx) => {
    const request = await requireRequestParty(tx as AuthedCtx, input.paymentRequestId, { lock: true });
    if (request.requesterId !== ctx.user.id) throw forbidden(REFUND_MESSAGES.notRequester);
    const now = ctx.deps.clock.now();
    const [previous] = await tx.db.select().from(paymentRequestRefunds).where(eq(paymentRequestRefunds.id, input.refundId));
    if (previous) {
      if (previous.paymentRequestId !== request.id || previous.amount !== input.amount) throw conflict(REFUND_MESSAGES.changed);
      if (previous.status === 'succeeded') return { refund: previous, paymentIntentId: null, drive: false };
      if (previous.status === 'pending') {
        if (now.getTime() - previous.createdAt.getTime() <= STALE_REFUND_MS) throw conflict(REFUND_MESSAGES.underWay);
        return { refund: previous, paymentIntentId: (await paidTransaction(tx, request.id))?.paymentIntentId ?? null, drive: true };
      }
    }
    if (request.status !== 'paid') throw conflict(REFUND_MESSAGES.notPaid);
    if (!withinRefundWindow(request.paidAt, now)) throw invalid(REFUND_MESSAGES.windowClosed);
    const left = refundableCents(request);
    if (input.amount > left) throw invalid(REFUND_MESSAGES.tooMuch(left));
    const [{ feeReturned }] = await tx.db
      .select({ feeReturned: sql<number>`coalesce(sum(${paymentRequestRefunds.platformFeeReturned}), 0)::int` })
      .from(paymentRequestRefunds)
      .where(and(eq(paymentRequestRefunds.paymentRequestId, request.id), inArray(paymentRequestRefunds.status, ['pending', 'succeeded'])));
    const fee = platformFeeShare({
      amount: request.amount,
      platformFee: request.platformFee,
      refundCents: input.amount,
      alreadyRefundedCents: request.refundedAmount + request.refundPendingAmount,
      feeAlreadyReturned: feeReturned,
    });
    const [claimed] = await tx.db
      .update(paymentRequests)
      .set({ refundPendingAmount: sql`${paymentRequests.refundPendingAmount} + ${input.amount}`, updatedAt: now })
      .where(
        and(
          eq(paymentRequests.id, request.id),
          sql`${paymentRequests.refundedAmount} + ${paymentRequests.refundPendingAmount} + ${input.amount} <= ${paymentRequests.amount}`,
        ),
      )
      .returning({ id: paymentRequests.id });
    if (!claimed) throw invalid(REFUND_MESSAGES.tooMuch(left));
    const transaction = await paidTransaction(tx, request.id);
    if (!transaction) throw conflict(REFUND_MESSAGES.notPaid);
    const values = {
      paymentRequestId: request.id,
      paymentTransactionId: transaction.id,
      requesterId: request.requesterId,
      payeeId: request.payeeId,
      amount: input.amount,
      currency: request.currency,
      platformFeeReturned: fee,
      reason: input.reason,
      status: 'pending' as const,
      failureReason: null,
      createdAt: now,
    };
    const [refund] = previous
      ? await tx.db.update(paymentRequestRefunds).set(values).where(eq(paymentRequestRefunds.id, previous.id)).returning()
      : await tx.db
          .insert(paymentRequestRefunds)
          .values({ id: input.refundId, ...values })
          .returning();
    return { refund, paymentIntentId: transaction.paymentIntentId, drive: true };
  });
}

/** The request's one succeeded payment (a unique index keeps it one). */
async function paidTransaction(ctx: ServiceCtx, paymentRequestId: string) {
  const [paid] = await ctx.db
    .select({ id: paymentTransactions.id, paymentIntentId: paymentTransactions.stripePaymentIntentId })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.paymentRequestId, paymentRequestId), eq(paymentTransactions.status, 'succeeded')));
  return paid;
}

export const refundView = (r: RefundRow) => ({
  id: r.id,
  paymentRequestId: r.paymentRequestId,
  amount: r.amount,
  currency: r.currency,
  platformFeeReturned: r.platformFeeReturned,
  reason: r.reason,
  status: r.status,
  createdAt: r.createdAt,
  completedAt: r.completedAt,
});

/**
 * The requester refunds all or part of a paid request (decision 039): claim (step 1), one provider
 * refund keyed by the refund's id, taken back from the requester's account with the platform fee
 * pro rata (step 2), then settle (step 3). When the provider call fails the claim is released and
 * nothing is recorded as refunded; the same refund id asked again retries with the same key.
 */
export async function refundPaymentRequest({ ctx, input }: { ctx: AuthedCtx; input: RefundInput }) {
  const claim = await failsAs(ctx, REFUND_FAILED, () => claimRefund(ctx, input));
  if (!claim.drive) return refundView(claim.refund);
  const { refund, paymentIntentId } = claim;
  let providerRefundId: string;
  try {
    if (!paymentIntentId) throw conflict(REFUND_MESSAGES.notPaid);
    const result = await providerCall(ctx, REFUND_FAILED, () =>
      ctx.deps.payments.refund({
        paymentIntentId,
        amountCents: refund.amount,
        reason: refund.reason,
        idempotencyKey: requestRefundKey(refund.id),
        metadata: { paymentRequestId: refund.paymentRequestId, paymentRequestRefundId: refund.id },
        reverseTransfer: true,
      }),
    );
    providerRefundId = result.refundId;
  } catch (error) {
    const reason = error instanceof Error ? error.message : REFUND_FAILED;
    // If even the release fails, the claim stays pending: the same refund asked again after a minute drives it with the same key.
    await releaseRefund(ctx, refund.id, reason).catch((releaseError) =>
      ctx.deps.logger.error({ err: releaseError, refundId: refund.id }, 'refund claim not released'),
    );
    throw error;
  }
  // The provider has refunded: a failure to record it leaves the claim pending for the webhook or a retry of this refund.
  const settled = await failsAs(ctx, REFUND_FAILED, () => settleRefund(ctx, refund.id, providerRefundId));
  return refundView(settled ?? refund);
}
