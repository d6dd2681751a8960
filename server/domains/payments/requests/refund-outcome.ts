import { and, eq, sql } from 'drizzle-orm';
import { paymentRequestRefunds, paymentRequests } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import { isUuid } from '../../../lib/ids';
import { formatCents } from '../../../lib/money';
import type { ProviderRefund } from '../../../providers/payments/stripe-events';
import { recordRefundHistory } from '../service/history';
import { notifyOtherParty } from './notify';

export type RefundRow = typeof paymentRequestRefunds.$inferSelect;

const refundById = async (ctx: ServiceCtx, refundId: string, lock = false) => {
  const query = ctx.db.select().from(paymentRequestRefunds).where(eq(paymentRequestRefunds.id, refundId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** The refund, read after locking its request row: the lock order of claiming (request, then refund). */
async function lockedRefund(ctx: ServiceCtx, refundId: string) {
  const refund = await refundById(ctx, refundId);
  if (!refund) return undefined;
  await ctx.db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, refund.paymentRequestId))
    .for('update');
  return refundById(ctx, refundId, true);
}

/**
 * Records that the provider refunded: once, whichever of the refunding call and the webhook comes
 * first. A pending refund turns its claim into refunded cents; a refund released as failed (its call
 * lost to an outage that the provider in fact completed) is taken up again, within the same SQL
 * bound. Both parties' billing history gets its rows and the payer is told.
 */
export async function settleRefund(ctx: ServiceCtx, refundId: string, providerRefundId: string): Promise<RefundRow | undefined> {
  return withTransaction(ctx, async (tx) => {
    const refund = await lockedRefund(tx, refundId);
    if (!refund || refund.status === 'succeeded') return refund;
    const claimed = refund.status === 'pending' ? refund.amount : 0;
    const [request] = await tx.db
      .update(paymentRequests)
      .set({
        refundedAmount: sql`${paymentRequests.refundedAmount} + ${refund.amount}`,
        refundPendingAmount: sql`${paymentRequests.refundPendingAmount} - ${claimed}`,
        updatedAt: ctx.deps.clock.now(),
      })
      .where(
        and(
          eq(paymentRequests.id, refund.paymentRequestId),
          sql`${paymentRequests.refundedAmount} + ${paymentRequests.refundPendingAmount} - ${claimed} + ${refund.amount} <= ${paymentRequests.amount}`,
        ),
      )
      .returning();
    if (!request) {
      // Only reachable when the provider refunded more than our books allow: left for support to see.
      ctx.deps.logger.error({ refundId, providerRefundId }, 'provider refund does not fit the payment request; not recorded');
      return refund;
    }
    const now = ctx.deps.clock.now();
    const [settled] = await tx.db
      .update(paymentRequestRefunds)
      .set({ status: 'succeeded', providerRefundId, failureReason: null, completedAt: now })
      .where(eq(paymentRequestRefunds.id, refund.id))
      .returning();
    await recordRefundHistory(tx, {
      payerId: refund.payeeId,
      requesterId: refund.requesterId,
      providerRefundId,
      amountCents: refund.amount,
      currency: refund.currency,
      description: request.description,
      date: now,
    });
    await notifyOtherParty(tx, request, refund.payeeId, `Refund of ${formatCents(refund.amount)} on your payment`);
    return settled;
  });
}

/**
 * The provider did not refund (a refusal, an outage, or a refund it later reports failed before we
 * settled it): the claim goes back to the refundable amount and nothing is recorded as refunded.
 * A refund already settled is left as it is and logged: the provider reversing a completed refund
 * is for support to handle.
 */
export async function releaseRefund(ctx: ServiceCtx, refundId: string, reason: string): Promise<RefundRow | undefined> {
  return withTransaction(ctx, async (tx) => {
    const refund = await lockedRefund(tx, refundId);
    if (refund?.status === 'succeeded') ctx.deps.logger.error({ refundId, reason }, 'the provider reports a settled refund as failed');
    if (refund?.status !== 'pending') return refund;
    await tx.db
      .update(paymentRequests)
      .set({ refundPendingAmount: sql`${paymentRequests.refundPendingAmount} - ${refund.amount}`, updatedAt: ctx.deps.clock.now() })
      .where(eq(paymentRequests.id, refund.paymentRequestId));
    const [released] = await tx.db
      .update(paymentRequestRefunds)
      .set({ status: 'failed', failureReason: reason })
      .where(eq(paymentRequestRefunds.id, refund.id))
      .returning();
    return released;
  });
}

/** The provider's refund id or our refund's id (from the refund's metadata): our row, if we have one. */
export async function findRefund(ctx: ServiceCtx, ids: { refundId?: string | null; providerRefundId: string }) {
  const byOurs = ids.refundId ? await refundById(ctx, ids.refundId) : undefined;
  if (byOurs) return byOurs;
  const [byProvider] = await ctx.db
    .select()
    .from(paymentRequestRefunds)
    .where(eq(paymentRequestRefunds.providerRefundId, ids.providerRefundId));
  return byProvider;
}

/**
 * A refund webhook (refund.created/updated/failed, charge.refunded): settles or releases our refund
 * the same way the refunding call does, so whichever comes first decides and the other, or a
 * replay, changes nothing. Refunds we did not make (none of our rows) are ignored.
 */
export async function applyRefundReport(ctx: ServiceCtx, report: ProviderRefund) {
  const ourId = report.metadata.paymentRequestRefundId;
  const refund = await findRefund(ctx, { refundId: ourId && isUuid(ourId) ? ourId : null, providerRefundId: report.refundId });
  if (!refund) return;
  if (report.status === 'succeeded') await settleRefund(ctx, refund.id, report.refundId);
  else if (report.status === 'failed' || report.status === 'canceled') await releaseRefund(ctx, refund.id, report.failureReason ?? 'The refund did not go through');
}
