import { and, asc, eq, lte } from 'drizzle-orm';
import { paymentTransactions } from '../../../db/schema';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import type { Settling } from '../../orders/service/reconcile';
import { stuckChargeOutcome } from '../../../charge-actions';
import { attemptChargeKey, settleAttempt } from './process';

/** Attempts one pass settles at most. */
const RECONCILE_BATCH = 100;

/** Payment request attempts left 'processing' longer than `olderThanMs` (the request that drove them died), oldest first. */
export function findStuckPaymentAttempts(ctx: ServiceCtx, olderThanMs: number): Promise<Array<{ id: string; createdAt: Date }>> {
  const cutoff = new Date(ctx.deps.clock.now().getTime() - olderThanMs);
  return ctx.db
    .select({ id: paymentTransactions.id, createdAt: paymentTransactions.createdAt })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.status, 'processing'), lte(paymentTransactions.createdAt, cutoff)))
    .orderBy(asc(paymentTransactions.createdAt))
    .limit(RECONCILE_BATCH);
}

/**
 * Settles a stuck attempt against the provider's record of its charge (one abandoned at its 3-D
 * Secure challenge is cancelled first): paid (the request paid,
 * the payer's history row, the requester told: settleAttempt, once) or failed (the request stays
 * payable). The provider is asked outside any transaction; the attempt is then settled under its
 * row lock, skipping one another process is settling (SKIP LOCKED).
 */
export async function reconcilePaymentAttempt(ctx: ServiceCtx, attempt: { id: string; createdAt: Date }): Promise<Settling> {
  // A charge the payer never authenticated is cancelled after its timeout (decision 040): the request stays payable.
  const result = await stuckChargeOutcome(ctx, attemptChargeKey(attempt.id), attempt.createdAt);
  if (!result) return 'undecided';
  return withTransaction(ctx, async (tx) => {
    const [open] = await tx.db
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.id, attempt.id), eq(paymentTransactions.status, 'processing')))
      .for('update', { skipLocked: true });
    if (!open) return 'already';
    await settleAttempt(tx, open.id, result);
    return 'settled';
  });
}
