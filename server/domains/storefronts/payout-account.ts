import { eq } from 'drizzle-orm';
import { connectAccounts } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { AppError } from '../../lib/errors';
import { type StorefrontRow, storefrontOwnerUserId } from './access';

// Decision 038: a storefront's card sales are paid into one payout account, the connected account
// of its payout holder: the user who owns it, or for a studio's storefront the studio's owner (the
// business's legal holder; store managers see the account and its balance but cannot redirect
// the money to their own). The payments domain keeps these accounts; this module only reads our
// stored copy, so checkout (orders) needs no import of the payments domain (decision 025).

export const STOREFRONT_PAYOUT_MESSAGES = {
  /** The buyer's answer at checkout: the seller cannot be paid yet, so no card is charged. */
  cardsNotReady:
    'This storefront cannot take card payments yet: the seller has not finished setting up payouts. Choose cash, or try again later.',
  /** The seller's answer when switching card payments on: the same rule, told to the one who can fix it. */
  payoutsNeeded: 'Set up payouts before accepting card payments: buyers cannot pay by card until the payout account is active.',
} as const;

export type StorefrontPayoutAccount = { holderId: string | null; account: typeof connectAccounts.$inferSelect | null };

type Owner = Pick<StorefrontRow, 'ownerId' | 'ownerType'>;

/** The storefront's payout holder and their stored connected account, if any. */
export async function storefrontPayoutAccount(ctx: ServiceCtx, storefront: Owner): Promise<StorefrontPayoutAccount> {
  const holderId = await storefrontOwnerUserId(ctx.db, storefront);
  if (!holderId) return { holderId: null, account: null };
  const [account] = await ctx.db.select().from(connectAccounts).where(eq(connectAccounts.userId, holderId));
  return { holderId, account: account ?? null };
}

/**
 * The account a card checkout is charged to (a destination charge), or the buyer's refusal when
 * the seller cannot be paid yet: the card is never charged to the platform alone. "Active" is the
 * stored status the payments domain gives an account that can receive payments (connectStatusOf,
 * canReceivePayments), the same test a payment request passes.
 */
export async function requireCardPayoutAccount(ctx: ServiceCtx, storefront: Owner): Promise<string> {
  const accountId = await activePayoutAccountId(ctx, storefront);
  if (!accountId) throw new AppError('PRECONDITION_FAILED', STOREFRONT_PAYOUT_MESSAGES.cardsNotReady);
  return accountId;
}

/**
 * Switching "Accept payments" on is refused while the storefront could not be paid (the checkout
 * guard's test, asked at save so the seller is told, not the buyer). A storefront already
 * accepting payments keeps saving its other settings: an account that later stops being active
 * only takes the card off the checkout page (`takesCards`).
 */
export async function requirePayoutsToSwitchCardsOn(ctx: ServiceCtx, storefront: Owner, switchingOn: boolean) {
  if (switchingOn && !(await activePayoutAccountId(ctx, storefront))) throw payoutsNeeded();
}

/** The seller's refusal when card payments are asked for without an active payout account. */
export const payoutsNeeded = () => new AppError('PRECONDITION_FAILED', STOREFRONT_PAYOUT_MESSAGES.payoutsNeeded);

/** The storefront's payout account id when it can be paid now, else null (the checkout page then offers no card). */
export async function activePayoutAccountId(ctx: ServiceCtx, storefront: Owner): Promise<string | null> {
  const { account } = await storefrontPayoutAccount(ctx, storefront);
  return account?.status === 'active' ? account.accountId : null;
}
