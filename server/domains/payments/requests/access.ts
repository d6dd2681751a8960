import { eq } from 'drizzle-orm';
import { paymentRequests } from '../../../db/schema';
import type { AuthedCtx } from '../../../service-context';
import { notFound } from '../../../lib/errors';

export const PAYMENT_REQUEST_NOT_FOUND = 'Payment request not found';

/**
 * A payment request its requester or payee may see, locked for update when asked (inside a
 * transaction). Anyone else gets NOT_FOUND: the request's existence is not revealed.
 */
export async function requireRequestParty(ctx: AuthedCtx, paymentRequestId: string, options: { lock?: boolean } = {}) {
  const query = ctx.db.select().from(paymentRequests).where(eq(paymentRequests.id, paymentRequestId));
  const [request] = options.lock ? await query.for('update') : await query;
  if (!request || (request.requesterId !== ctx.user.id && request.payeeId !== ctx.user.id)) throw notFound(PAYMENT_REQUEST_NOT_FOUND);
  return request;
}
