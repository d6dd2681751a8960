import { and, eq } from 'drizzle-orm';
import { paymentRequests, paymentTransactions } from '../../../db/schema';
import { type AuthedCtx, withTransaction } from '../../../service-context';
import { conflict, forbidden } from '../../../lib/errors';
import { canCloseRequest } from '../rules';
import { requireRequestParty } from './access';
import { notifyOtherParty } from './notify';

type Closing =
  | { action: 'decline'; reason: string }
  | { action: 'cancel' };

/**
 * Declines (by the payee, with a reason) or cancels (by the requester) an open request. The request
 * row is locked and an attempt under way blocks it, so a decline racing a payment ends in exactly
 * one outcome: paid, or declined with nothing charged.
 */
async function closeRequest(ctx: AuthedCtx, paymentRequestId: string, closing: Closing) {
  return withTransaction(ctx, async (tx) => {
    const request = await requireRequestParty(tx as AuthedCtx, paymentRequestId, { lock: true });
    const declining = closing.action === 'decline';
    if (declining && request.payeeId !== ctx.user.id) throw forbidden('Only the person asked to pay can decline this request');
    if (!declining && request.requesterId !== ctx.user.id) throw forbidden('Only the requester can cancel this request');
    const verb = declining ? 'declined' : 'cancelled';
    if (!canCloseRequest(request.status)) throw conflict(`Payment request cannot be ${verb} in its current state`);
    const [underWay] = await tx.db
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.paymentRequestId, request.id), eq(paymentTransactions.status, 'processing')));
    if (underWay) throw conflict(`Payment request cannot be ${verb} while its payment is under way`);
    const now = ctx.deps.clock.now();
    const [closed] = await tx.db
      .update(paymentRequests)
      .set(closing.action === 'decline' ? { status: 'declined', declinedAt: now, declineReason: closing.reason || null, updatedAt: now } : { status: 'cancelled', updatedAt: now })
      .where(eq(paymentRequests.id, request.id))
      .returning();
    const other = declining ? request.requesterId : request.payeeId;
    await notifyOtherParty(tx, closed, other, declining ? `${ctx.user.displayName} declined your payment request` : `${ctx.user.displayName} cancelled a payment request`);
    return closed;
  });
}

export const declinePaymentRequest = ({ ctx, input }: { ctx: AuthedCtx; input: { paymentRequestId: string; reason: string } }) =>
  closeRequest(ctx, input.paymentRequestId, { action: 'decline', reason: input.reason });

export const cancelPaymentRequest = ({ ctx, input }: { ctx: AuthedCtx; input: { paymentRequestId: string } }) =>
  closeRequest(ctx, input.paymentRequestId, { action: 'cancel' });
