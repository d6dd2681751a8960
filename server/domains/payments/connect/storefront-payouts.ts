import type { z } from 'zod';
import type { ServiceCtx } from '../../../service-context';
import { requireManagedStorefront } from '../../storefronts/access';
import type { storefrontIdInput } from '../../storefronts/inputs';
import { storefrontPayoutAccount } from '../../storefronts/payout-account';
import { STOREFRONT_APPLICATION_FEE } from '../../storefronts/rules';
import { connectProblem } from '../rules';
import { factsOf } from './accounts';
import { accountBalance } from './balance';

/**
 * connect.storefrontPayouts (decision 038): for a storefront's managers, whether card payments can
 * be taken and if not why, the fee the platform keeps on each card sale, and the payout account's
 * balance (available, pending, and paid out over its last 100 payouts).
 */
export async function getStorefrontPayouts({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof storefrontIdInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  const { holderId, account } = await storefrontPayoutAccount(ctx, storefront);
  const problem = connectProblem(factsOf(account));
  const base = {
    holder: storefront.ownerType === 'user' ? ('owner' as const) : ('studio_owner' as const),
    youHoldTheAccount: holderId !== null && holderId === ctx.user?.id,
    canAcceptCards: problem === null,
    problem,
    fee: STOREFRONT_APPLICATION_FEE,
  };
  if (!account) return { ...base, balance: null };
  const balance = await accountBalance(ctx, account.accountId);
  return {
    ...base,
    balance: {
      available: balance.availableCents,
      pending: balance.pendingCents,
      paidOut: balance.paidOutCents,
      currency: balance.currency,
    },
  };
}
