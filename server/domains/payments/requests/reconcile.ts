import { and, asc, eq, lte } from 'drizzle-orm';
import { paymentTransactions } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../lib/context';
import { chargeResultOf } from '../../../providers/payments/types';
import { attemptChargeKey, settleAttempt } from './process';

/** Attempts one pass settles at most. */
const RECONCILE_BATCH = 100;

/**
 * Payment request attempts left 'processing' longer than `olderThanMs` (the request that drove
 * them died) are settled against the provider's record of their charge: paid (the request paid,
 * the payer's history row, the requester told: settleAttempt, once) or failed (the request stays
 * payable). The provider is asked outside any transaction; the attempt is then settled under its
 * row lock, skipping one another process is settling (SKIP LOCKED).
 */
export async function reconcilePaymentAttempts(ctx: ServiceCtx, olderThanMs: number): Promise<number> {
  const cutoff = new Date(ctx.deps.clock.now().getTime() - olderThanMs);
  const stuck = await ctx.db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.status, 'processing'), lte(paymentTransactions.createdAt, cutoff)))
    .orderBy(asc(paymentTransactions.createdAt))
    .limit(RECONCILE_BATCH);
  let settled = 0;
  for (const attempt of stuck) {
    const result = chargeResultOf(await ctx.deps.payments.findCharge(attemptChargeKey(attempt.id)));
    if (!result) continue;
    const done = await withTransaction(ctx, async (tx) => {
      const [open] = await tx.db
        .select({ id: paymentTransactions.id })
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.id, attempt.id), eq(paymentTransactions.status, 'processing')))
        .for('update', { skipLocked: true });
      if (open) await settleAttempt(tx, open.id, result);
      return Boolean(open);
    });
    if (done) settled++;
  }
  return settled;
}
