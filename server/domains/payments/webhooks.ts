import { eq } from 'drizzle-orm';
import { connectAccounts, users, webhookEvents } from '../../db/schema';
import { type ServiceCtx, withTransaction } from '../../service-context';
import { isUuid } from '../../lib/ids';
import type { PaymentsEvent } from '../../providers/payments/stripe-events';
import type { ChargeResult } from '../../providers/payments/types';
import { settleOrderPayment } from '../orders/service/reconcile';
import { saveConnectAccount } from './connect/accounts';
import { applySubscriptionSnapshot, recordFailedRenewal, recordPaidRenewal } from './dunning';
import { settleAttempt } from './requests/process';
import { applyRefundReport } from './requests/refund-outcome';
import { recordPayment } from './service/subscriptions';

/**
 * Applies one provider event, once: its id goes into webhook_events in the same transaction as the
 * change, so a replayed event (even 100 copies at once: they wait on the id's unique key) changes
 * nothing. Events about rows we do not have are recorded and ignored.
 */
export async function applyPaymentsEvent(ctx: ServiceCtx, event: PaymentsEvent): Promise<{ duplicate: boolean }> {
  return withTransaction(ctx, async (tx) => {
    const now = ctx.deps.clock.now();
    const [fresh] = await tx.db
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type, receivedAt: now, processedAt: now })
      .onConflictDoNothing({ target: webhookEvents.id })
      .returning({ id: webhookEvents.id });
    if (!fresh) return { duplicate: true };
    switch (event.kind) {
      case 'subscription':
        await applySubscriptionSnapshot(tx, event.subscription, event.eventAt);
        break;
      case 'renewal_failed':
        await recordFailedRenewal(tx, event);
        break;
      case 'renewal_paid':
        await recordPaidRenewal(tx, event);
        break;
      case 'payment_succeeded':
      case 'payment_failed': {
        const result: ChargeResult =
          event.kind === 'payment_succeeded'
            ? { ok: true, paymentIntentId: event.paymentIntentId, chargeId: event.chargeId, receiptUrl: null }
            : { ok: false, reason: event.reason, declineCode: null };
        // Whichever comes first, this event, the paying request or the reconcile job, settles it;
        // the others find it settled.
        const { paymentTransactionId, orderId } = event.metadata;
        if (paymentTransactionId) await settleAttempt(tx, paymentTransactionId, result);
        else if (orderId && isUuid(orderId)) await settleOrderPayment(tx, orderId, result);
        break;
      }
      case 'account': {
        const [row] = await tx.db.select({ userId: connectAccounts.userId }).from(connectAccounts).where(eq(connectAccounts.accountId, event.account.accountId));
        if (row) await saveConnectAccount(tx, row.userId, event.account);
        break;
      }
      case 'charge_succeeded': {
        if (!event.customerId) break;
        const [payer] = await tx.db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, event.customerId));
        if (!payer) break;
        await recordPayment(tx, {
          userId: payer.id,
          chargeId: event.chargeId,
          amountCents: event.amountCents,
          currency: event.currency,
          description: event.description ?? 'Payment',
          receiptUrl: event.receiptUrl,
          date: event.createdAt,
        });
        break;
      }
      case 'other':
        break;
      case 'refunds':
        for (const refund of event.refunds) await applyRefundReport(tx, refund);
        break;
    }
    return { duplicate: false };
  });
}
