import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentHistory } from '../../../db/schema';
import type { AuthedCtx } from '../../../service-context';
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
