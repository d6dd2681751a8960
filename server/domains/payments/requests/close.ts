import { and, eq } from 'drizzle-orm';
import { paymentRequests, paymentTransactions } from '../../../db/schema';
import { type AuthedCtx, withTransaction } from '../../../service-context';
import { conflict, forbidden } from '../../../lib/errors';
import { failsAs } from '../../../provider-calls';
import { canCloseRequest } from '../rules';
import { requireRequestParty } from './access';
import { notifyOtherParty } from './notify';

/** Spec 2 §8: what a decline or a cancel that did not happen answers (the request not found aside). */
export const DECLINE_FAILED = 'Failed to decline payment request';
export const CANCEL_FAILED = 'Failed to cancel payment request';

type Closing = { action: 'decline'; reason: string } | { action: 'cancel' };

/**
 * Declines (by the payee, with a reason) or cancels (by the requester) an open request. The request
 * row is locked and an attempt under way blocks it, so a decline racing a payment ends in exactly
 * one outcome: paid, or declined with nothing charged.
 *
 * Every refusal answers the spec's "Failed to decline/cancel payment request" (the spec has no
 * other text for them; its "cannot be processed in its current state" is paying's), with the code
 * that says why: 403 for the wrong party, 409 for a request no longer open or being paid, 503 for a
 * fault (logged); an unknown or foreign request stays "Payment request not found".
 */
async function closeRequest(ctx: AuthedCtx, paymentRequestId: string, closing: Closing) {
  const declining = closing.action === 'decline';
  const failed = declining ? DECLINE_FAILED : CANCEL_FAILED;
  return failsAs(ctx, failed, () =>
    withTransaction(ctx, async (tx) => {
      const request = await requireRequestParty(tx as AuthedCtx, paymentRequestId, { lock: true });
      if ((declining ? request.payeeId : request.requesterId) !== ctx.user.id) throw forbidden(failed);
      if (!canCloseRequest(request.status)) throw conflict(failed);
      const [underWay] = await tx.db
        .select({ id: paymentTransactions.id })
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.paymentRequestId, request.id), eq(paymentTransactions.status, 'processing')));
      if (underWay) throw conflict(failed);
      const now = ctx.deps.clock.now();
      const [closed] = await tx.db
        .update(paymentRequests)
        .set(
          declining
            ? {
                status: 'declined',
                declinedAt: now,
                declineReason: (closing.action === 'decline' && closing.reason) || null,
                updatedAt: now,
              }
            : { status: 'cancelled', updatedAt: now },
        )
        .where(eq(paymentRequests.id, request.id))
        .returning();
      const other = declining ? request.requesterId : request.payeeId;
      await notifyOtherParty(
        tx,
        closed,
        other,
        declining ? `${ctx.user.displayName} declined your payment request` : `${ctx.user.displayName} cancelled a payment request`,
      );
      return closed;
    }),
  );
}

export const declinePaymentRequest = ({ ctx, input }: { ctx: AuthedCtx; input: { paymentRequestId: string; reason: string } }) =>
  closeRequest(ctx, input.paymentRequestId, { action: 'decline', reason: input.reason });

export const cancelPaymentRequest = ({ ctx, input }: { ctx: AuthedCtx; input: { paymentRequestId: string } }) =>
  closeRequest(ctx, input.paymentRequestId, { action: 'cancel' });
