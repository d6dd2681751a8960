import type { ServiceCtx } from './service-context';
import { conflict, notFound } from './lib/errors';
import { type ChargeResult, chargeResultOf } from './providers/payments/types';
import { providerCall } from './provider-calls';

// Shared by the orders and payments domains, so it sits beside service-context and neither domain
// reaches into the other (docs/decisions/025-layers.md).
//
// Decision 040: a charge whose card asks for 3-D Secure waits for the payer. The payment (an order's
// held stock, a request's open attempt) stays open while the payer's browser shows the bank's
// challenge; the browser then asks us to read the outcome (readActedCharge), or a webhook tells it,
// or, when the payer never answers, the reconcile job cancels the charge (stuckChargeOutcome).

/** How long a payer has to answer their bank's challenge before the charge is cancelled and what it held is released. */
export const ACTION_TIMEOUT_MS = 15 * 60_000;

export const STILL_AWAITING_ACTION = 'The payment still waits for your bank’s confirmation';

/**
 * The outcome of a charge the payer's browser acted on, read from the provider by the intent's id
 * and our idempotency key (an intent of another payment is 'not found'); null while the provider
 * is still deciding. A charge still waiting for the payer answers CONFLICT.
 */
export async function readActedCharge(ctx: ServiceCtx, paymentIntentId: string, idempotencyKey: string): Promise<ChargeResult | null> {
  const record = await providerCall(ctx, 'Failed to process payment', () =>
    ctx.deps.payments.getCharge({ paymentIntentId, idempotencyKey }),
  );
  if (record.status === 'none') throw notFound('Payment not found');
  if (record.status === 'requires_action') throw conflict(STILL_AWAITING_ACTION);
  return chargeResultOf(record);
}

/**
 * The provider's outcome of a stuck charge, for the reconcile job: null while it is undecided. A
 * charge still waiting for the payer is left alone for ACTION_TIMEOUT_MS after `startedAt`, then
 * cancelled (so a late approval can never take the money) and settled on the record the cancel
 * returns: failed, or succeeded when the payer approved just before.
 */
export async function stuckChargeOutcome(ctx: ServiceCtx, idempotencyKey: string, startedAt: Date): Promise<ChargeResult | null> {
  const record = await ctx.deps.payments.findCharge(idempotencyKey);
  if (record.status !== 'requires_action') return chargeResultOf(record);
  if (ctx.deps.clock.now().getTime() - startedAt.getTime() < ACTION_TIMEOUT_MS) return null;
  return chargeResultOf(await ctx.deps.payments.cancelCharge({ paymentIntentId: record.paymentIntentId, idempotencyKey }));
}
