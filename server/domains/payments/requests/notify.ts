import type { paymentRequests } from '../../../db/schema';
import type { ServiceCtx } from '../../../service-context';
import { announce } from '../../../lib/live';
import { formatCents } from '../../../lib/money';
import { createNotification } from '../../notifications/create';

type RequestRow = typeof paymentRequests.$inferSelect;

/**
 * Tells the other party about a change to a payment request, inside the caller's transaction
 * (the notification commits with the change), and refreshes both parties' open conversation.
 * The notification has its own savepoint: if queuing it fails, that is logged and the payment
 * request's change stands (spec 2 §8).
 */
export async function notifyOtherParty(ctx: ServiceCtx, request: RequestRow, to: string, title: string) {
  try {
    await ctx.db.transaction((savepoint) =>
      createNotification(
        { ...ctx, db: savepoint as unknown as ServiceCtx['db'] },
        {
          userId: to,
          type: 'general_alert',
          title,
          body: `${formatCents(request.amount)} · ${request.description}`,
          data: { threadId: request.threadId, paymentRequestId: request.id, url: request.threadId ? `/messages/${request.threadId}` : '/account/payments' },
        },
      ),
    );
  } catch (error) {
    ctx.deps.logger.error({ err: error, paymentRequestId: request.id }, 'payment request notification failed');
  }
  if (request.threadId) {
    await announce(ctx.db, { topic: 'message', userIds: [request.requesterId, request.payeeId], payload: { threadId: request.threadId, paymentRequestId: request.id } });
  }
}
