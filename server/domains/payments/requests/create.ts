import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type MessageAttachment, messages, paymentRequests, threadParticipants, threads, users } from '../../../db/schema';
import { type AuthedCtx, withTransaction } from '../../../service-context';
import { AppError, invalid, notFound } from '../../../lib/errors';
import { formatCents } from '../../../lib/money';
import { requireThreadAccess } from '../../messaging/access';
import { connectAccountOf, factsOf } from '../connect/accounts';
import { requireFeature } from '../../plans/entitlements';
import type { createPaymentRequestInput } from '../inputs';
import { connectProblem, DEFAULT_CURRENCY, initialRequestStatus, paymentRequestFees, setUpPayoutsFirst } from '../rules';
import { notifyOtherParty } from './notify';

/**
 * Asks the payee for money in a conversation: the request, its fees, and a message carrying the
 * payment-request attachment, all in one transaction. The money goes to the requester's payout
 * account, so a requester who cannot receive yet is refused with the reason (spec 2 §5: the
 * recipient must be able to receive; decision 043): a request sent before would leave the payee
 * waiting on "Waiting for payment setup" with nothing to do. A request still moves to
 * recipient_setup if the account loses its ability to receive later (spec 2 §4).
 */
export async function createPaymentRequest({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof createPaymentRequestInput> }) {
  const me = ctx.user;
  if (input.payeeId.toLowerCase() === me.id) throw invalid('Cannot request payment from yourself');
  await requireFeature(ctx, { userId: me.id }, 'payment_requests');
  const now = ctx.deps.clock.now();
  if (input.dueDate && input.dueDate.getTime() <= now.getTime()) throw invalid('Due date must be in the future');
  const thread = await requireThreadAccess(ctx, input.threadId);
  const [payee] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.payeeId), eq(users.deleted, false)));
  if (!payee) throw notFound('User profile not found');
  const [inThread] = await ctx.db
    .select({ userId: threadParticipants.userId })
    .from(threadParticipants)
    .where(and(eq(threadParticipants.threadId, thread.id), eq(threadParticipants.userId, payee.id)));
  if (!inThread) throw invalid('The person you request payment from must be in this conversation');

  const account = await connectAccountOf(ctx, me.id);
  if (account?.status === 'disabled') throw invalid('Recipient account is not able to receive payments');
  const problem = connectProblem(factsOf(account));
  if (problem !== null) throw new AppError('PRECONDITION_FAILED', setUpPayoutsFirst(problem));
  const fees = paymentRequestFees(input.amount);

  return withTransaction(ctx, async (tx) => {
    const [request] = await tx.db
      .insert(paymentRequests)
      .values({
        requesterId: me.id,
        payeeId: payee.id,
        amount: input.amount,
        currency: DEFAULT_CURRENCY,
        description: input.description,
        status: initialRequestStatus(true),
        dueDate: input.dueDate ?? null,
        ...fees,
        threadId: thread.id,
        recipientSetupRequired: false,
        recipientSetupStatus: 'not_required',
        recipientSetupError: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const attachment: MessageAttachment = {
      type: 'payment_request',
      paymentRequestId: request.id,
      data: { amount: input.amount, description: input.description },
    };
    const preview = `Payment request: ${formatCents(input.amount)} · ${input.description}`.slice(0, 140);
    const [message] = await tx.db
      .insert(messages)
      .values({
        threadId: thread.id,
        senderId: me.id,
        body: '',
        attachments: [attachment],
        hasAttachments: true,
        readBy: [me.id],
        createdAt: now,
      })
      .returning({ id: messages.id });
    await tx.db.update(threads).set({ lastUpdated: now, lastMessagePreview: preview }).where(eq(threads.id, thread.id));
    const [linked] = await tx.db
      .update(paymentRequests)
      .set({ messageId: message.id })
      .where(eq(paymentRequests.id, request.id))
      .returning();
    await notifyOtherParty(tx, linked, payee.id, `${me.displayName} requested a payment`);
    return linked;
  });
}
