import type { ServiceCtx } from '../../../service-context';
import { providerCall } from '../../../provider-calls';

/** How many of the account's latest payouts the paid-out total sums (the most the providers list at once). */
const PAID_OUT_WINDOW = 100;

/**
 * A payout account's balance as its holder reads it (decision 038): available (can be paid out
 * now), pending (a charge's funds before the provider releases them) and paid out (the sum of its
 * last 100 payouts that reached the bank).
 */
export async function accountBalance(ctx: ServiceCtx, accountId: string) {
  const [balance, payouts] = await Promise.all([
    providerCall(ctx, 'Failed to get account balance', () => ctx.deps.payments.getBalance(accountId)),
    providerCall(ctx, 'Failed to get payout history', () => ctx.deps.payments.listPayouts(accountId, PAID_OUT_WINDOW)),
  ]);
  const paidOut = payouts.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.amountCents, 0);
  return { ...balance, paidOutCents: paidOut };
}
