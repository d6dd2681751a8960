import type { ServiceCtx } from '../../service-context';
import { AppError } from '../../lib/errors';
import { isLocalProvider } from '../../providers/payments/local';
import { providerCall } from '../../provider-calls';

/** Local mode's challenge page: the payer approves or fails the charge, as their bank's page would on Stripe. */
export async function answerLocalChallenge(ctx: ServiceCtx, input: { paymentIntentId: string; clientSecret: string; approve: boolean }) {
  const payments = ctx.deps.payments;
  if (!isLocalProvider(payments)) throw new AppError('PRECONDITION_FAILED', 'Your bank shows this challenge on Stripe’s page');
  const record = await providerCall(ctx, 'Failed to process payment', () => payments.answerChallenge(input));
  return { status: record.status };
}
