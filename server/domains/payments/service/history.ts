import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentHistory } from '../../../db/schema';
import type { AuthedCtx, ServiceCtx } from '../../../service-context';
import { keysetPage, olderThan } from '../../../lib/pages';
import type { historyInput } from '../inputs';

export const HISTORY_PAGE_SIZE = 20;

/** The user's payments, newest first (spec 2 §7), a page at a time. */
export async function listPaymentHistory({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof historyInput> }) {
  const rows = await ctx.db
    .select()
    .from(paymentHistory)
    .where(and(eq(paymentHistory.userId, ctx.user.id), olderThan(input.cursor, paymentHistory.date, paymentHistory.id)))
    .orderBy(desc(paymentHistory.date), desc(paymentHistory.id))
    .limit(HISTORY_PAGE_SIZE + 1);
  return keysetPage(rows, HISTORY_PAGE_SIZE, (row) => ({ at: row.date, id: row.id }));
}

/** Statuses of the rows a refund of a payment request adds: the payer's money back, the requester's refund sent. */
export const HISTORY_REFUNDED = 'refunded';
export const HISTORY_REFUND_ISSUED = 'refund_issued';

/**
 * A settled refund in both parties' billing history. The caller writes it in the transaction that
 * moves the refund to succeeded (once), so a replayed webhook or a retried call adds nothing.
 */
export async function recordRefundHistory(
  ctx: ServiceCtx,
  refund: {
    payerId: string;
    requesterId: string;
    providerRefundId: string;
    amountCents: number;
    currency: string;
    description: string;
    date: Date;
  },
) {
  const common = { amount: refund.amountCents, currency: refund.currency, date: refund.date, receiptUrl: null };
  await ctx.db.insert(paymentHistory).values([
    {
      ...common,
      userId: refund.payerId,
      stripeChargeId: refund.providerRefundId,
      description: `Refund: ${refund.description}`,
      status: HISTORY_REFUNDED,
    },
    {
      ...common,
      userId: refund.requesterId,
      stripeChargeId: null,
      description: `Refund sent: ${refund.description}`,
      status: HISTORY_REFUND_ISSUED,
    },
  ]);
}
