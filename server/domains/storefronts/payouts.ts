import type { z } from 'zod';
import type { ServiceCtx } from '../../service-context';
import { AppError } from '../../lib/errors';
import { type ConnectAccountRow, connectAccountOf, factsOf } from '../payments/connect/accounts';
import { providerCall } from '../payments/provider-calls';
import { connectProblem } from '../payments/rules';
import { requireManagedStorefront, type StorefrontRow, storefrontOwnerUserId } from './access';
import type { storefrontIdInput } from './inputs';
import { STOREFRONT_APPLICATION_FEE } from './rules';

// Decision 038: a storefront's card sales are paid into one payout account, the connected account
// of its payout holder: the user who owns it, or for a studio's storefront the studio's owner (the
// business's legal holder; store managers see the account and its balance but cannot redirect
// the money to their own).

export const STOREFRONT_PAYOUT_MESSAGES = {
  /** The buyer's answer at checkout: the seller cannot be paid yet, so no card is charged. */
  cardsNotReady:
    'This storefront cannot take card payments yet: the seller has not finished setting up payouts. Choose cash, or try again later.',
  noHolder: 'This storefront has no owner who can receive payouts',
} as const;

/** How many of the account's latest payouts the paid-out total sums (the most the providers list at once). */
const PAID_OUT_WINDOW = 100;

export type StorefrontPayoutAccount = { holderId: string | null; account: ConnectAccountRow | null; problem: string | null };

type Owner = Pick<StorefrontRow, 'ownerId' | 'ownerType'>;

/** The storefront's payout account and, when it cannot receive card payments, why (spec 2 §8 messages). */
export async function storefrontPayoutAccount(ctx: ServiceCtx, storefront: Owner): Promise<StorefrontPayoutAccount> {
  const holderId = await storefrontOwnerUserId(ctx.db, storefront);
  if (!holderId) return { holderId: null, account: null, problem: STOREFRONT_PAYOUT_MESSAGES.noHolder };
  const account = await connectAccountOf(ctx, holderId);
  return { holderId, account, problem: connectProblem(factsOf(account)) };
}

/**
 * The account a card checkout is charged to (a destination charge), or the buyer's refusal when
 * the seller cannot be paid yet: the card is never charged to the platform alone.
 */
export async function requireCardPayoutAccount(ctx: ServiceCtx, storefront: Owner): Promise<string> {
  const { account, problem } = await storefrontPayoutAccount(ctx, storefront);
  if (problem !== null || !account) throw new AppError('PRECONDITION_FAILED', STOREFRONT_PAYOUT_MESSAGES.cardsNotReady);
  return account.accountId;
}

/**
 * storefront.payouts: for the storefront's managers, whether card payments can be taken, the fee
 * they pay on each card sale, and the payout account's balance (available, pending, and paid out
 * over its last 100 payouts).
 */
export async function getStorefrontPayouts({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof storefrontIdInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  const { holderId, account, problem } = await storefrontPayoutAccount(ctx, storefront);
  const base = {
    holder: storefront.ownerType === 'user' ? ('owner' as const) : ('studio_owner' as const),
    youHoldTheAccount: holderId === ctx.user?.id,
    canAcceptCards: problem === null,
    problem,
    fee: STOREFRONT_APPLICATION_FEE,
  };
  if (!account) return { ...base, balance: null };
  const [balance, payouts] = await Promise.all([
    providerCall(ctx, 'Failed to get account balance', () => ctx.deps.payments.getBalance(account.accountId)),
    providerCall(ctx, 'Failed to get payout history', () => ctx.deps.payments.listPayouts(account.accountId, PAID_OUT_WINDOW)),
  ]);
  const paidOut = payouts.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.amountCents, 0);
  return {
    ...base,
    balance: { available: balance.availableCents, pending: balance.pendingCents, paidOut, currency: balance.currency },
  };
}
