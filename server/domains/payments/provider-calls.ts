import type { ServiceCtx } from '../../service-context';
import { AppError, invalid } from '../../lib/errors';
import { PaymentProviderError } from '../../providers/payments/types';

/**
 * Calls the payments provider: a refusal the user can act on (a declined or unknown card, a payout
 * above the balance) becomes a BAD_REQUEST with the provider's message; an outage becomes a 503 with
 * the spec's "Failed to …" message (spec 2 §8), logged with its cause. Never a 500.
 */
export async function providerCall<T>(ctx: ServiceCtx, failureMessage: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw invalid(error.message);
    if (error instanceof AppError) throw error;
    ctx.deps.logger.error({ err: error }, failureMessage);
    throw new AppError('UNAVAILABLE', failureMessage, { cause: error });
  }
}
