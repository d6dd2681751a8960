import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentRequestRefunds, paymentRequests, users } from '../../../db/schema';
import type { AuthedCtx } from '../../../service-context';
import { keysetPage, olderThan } from '../../../lib/pages';
import type { listPaymentRequestsInput } from '../inputs';
import { failsAs } from '../../../provider-calls';
import { personName } from '../../booking/person-name';
import { requireRequestParty } from './access';
import { refundView } from './refund';

export const REQUEST_PAGE_SIZE = 20;

/** Requests I made or was asked to pay, optionally of one conversation, newest first. */
export async function listPaymentRequests({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof listPaymentRequestsInput> }) {
  const rows = await failsAs(ctx, 'Failed to fetch payment requests', () =>
    ctx.db
      .select()
      .from(paymentRequests)
      .where(
        and(
          or(eq(paymentRequests.requesterId, ctx.user.id), eq(paymentRequests.payeeId, ctx.user.id)),
          input.threadId ? eq(paymentRequests.threadId, input.threadId) : undefined,
          olderThan(input.cursor, paymentRequests.createdAt, paymentRequests.id),
        ),
      )
      .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
      .limit(REQUEST_PAGE_SIZE + 1),
  );
  return keysetPage(rows, REQUEST_PAGE_SIZE, (row) => ({ at: row.createdAt, id: row.id }));
}

/** One request its party may see; a fault answers the spec's "Failed to fetch payment request". */
/**
 * One request its party may see, with the requester's name (the one the money goes to,
 * named in the pay dialog's breakdown); it is read only after the party check passed.
 */
export const getPaymentRequest = ({ ctx, input }: { ctx: AuthedCtx; input: { paymentRequestId: string } }) =>
  failsAs(ctx, 'Failed to fetch payment request', async () => {
    const request = await requireRequestParty(ctx, input.paymentRequestId);
    const [requester] = await ctx.db
      .select({ name: personName(users) })
      .from(users)
      .where(eq(users.id, request.requesterId));
    // The requester's row always exists: payment_requests.requester_id restricts deletion.
    return { ...request, requesterName: requester.name };
  });

/** A request's refunds, oldest first, for either party (decision 039: both see them in the thread). */
export const listRequestRefunds = ({ ctx, input }: { ctx: AuthedCtx; input: { paymentRequestId: string } }) =>
  failsAs(ctx, 'Failed to fetch payment request', async () => {
    const request = await requireRequestParty(ctx, input.paymentRequestId);
    const rows = await ctx.db
      .select()
      .from(paymentRequestRefunds)
      .where(eq(paymentRequestRefunds.paymentRequestId, request.id))
      .orderBy(asc(paymentRequestRefunds.createdAt), asc(paymentRequestRefunds.id));
    return rows.map(refundView);
  });
