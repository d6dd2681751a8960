import type { ServiceCtx } from './service-context';
import { AppError, invalid, pgErrorCode } from './lib/errors';
import { PaymentProviderError } from './providers/payments/types';

/**
 * Calls the payments provider: a refusal the user can act on (a declined or unknown card, a payout
 * above the balance) becomes a BAD_REQUEST with the provider's message; an outage becomes a 503 with
 * the spec's "Failed to …" message (spec 2 §8), logged with its cause. Never a 500.
 */
export async function providerCall<T>(ctx: ServiceCtx, failureMessage: string, call: () => Promise<T>): Promise<T> {
  return failsAs(ctx, failureMessage, async () => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentProviderError) throw invalid(error.message);
      throw error;
    }
  });
}

/**
 * Runs an operation whose unexpected failure (a fault in the database or beyond, not a rule it
 * refused by) answers the spec's "Failed to …" message (spec 2 §8) as a 503, logged with its cause.
 * Refusals (AppError) pass through, and so does a value the database cannot store (SQLSTATE class
 * 22), which the error middleware already answers as bad input.
 */
export async function failsAs<T>(ctx: ServiceCtx, failureMessage: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof AppError || pgErrorCode(error)?.startsWith('22')) throw error;
    ctx.deps.logger.error({ err: error }, failureMessage);
    throw new AppError('UNAVAILABLE', failureMessage, { cause: error });
  }
}
