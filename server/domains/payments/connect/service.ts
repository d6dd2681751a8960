import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { payouts, users } from '../../../db/schema';
import { type AuthedCtx, withTransaction } from '../../../service-context';
import { AppError, notFound } from '../../../lib/errors';
import { MINUTE } from '../../../lib/time';
import { isLocalProvider } from '../../../providers/payments/local';
import type { completeOnboardingInput, onboardingLinkInput, payoutInput } from '../inputs';
import { providerCall } from '../../../provider-calls';
import { connectProblem, PAYOUT_HISTORY_LIMIT, remainingSetupSteps, setupMinutes } from '../rules';
import { type ConnectAccountRow, connectAccountOf, factsOf, saveConnectAccount } from './accounts';
import { accountBalance } from './balance';

export const NO_CONNECT_ACCOUNT = 'No Connect account found for user';
/** Spec 2 §9: payment and connect caches last 5 minutes. */
const STATUS_TTL_MS = 5 * MINUTE;

function statusView(row: ConnectAccountRow | null) {
  const status = row?.status ?? 'not_started';
  const steps = remainingSetupSteps(status);
  return {
    id: row?.id ?? null,
    accountId: row?.accountId ?? null,
    status,
    capabilities: row?.capabilities ?? {},
    payoutsEnabled: row?.payoutsEnabled ?? false,
    chargesEnabled: row?.chargesEnabled ?? false,
    detailsSubmitted: row?.detailsSubmitted ?? false,
    requirements: {
      currently_due: row?.currentlyDue ?? [],
      eventually_due: row?.eventuallyDue ?? [],
      past_due: row?.pastDue ?? [],
      pending_verification: row?.pendingVerification ?? [],
    },
    default_currency: row?.defaultCurrency ?? 'usd',
    country: row?.country ?? 'US',
    createdAt: row?.createdAt ?? null,
    updatedAt: row?.updatedAt ?? null,
    canReceivePayments: status === 'active',
    message: connectProblem(factsOf(row)),
    steps,
    setupMinutes: status === 'active' ? 0 : setupMinutes(steps),
  };
}

async function refreshFromProvider(ctx: AuthedCtx, row: ConnectAccountRow) {
  const snapshot = await providerCall(ctx, 'Failed to get account status', () => ctx.deps.payments.getConnectAccount(row.accountId));
  return withTransaction(ctx, (tx) => saveConnectAccount(tx, ctx.user.id, snapshot));
}

/** My payout account's status, refreshed from the provider when older than 5 minutes (or when asked). */
export async function getConnectStatus({ ctx, input }: { ctx: AuthedCtx; input: { refresh?: boolean } }) {
  const row = await connectAccountOf(ctx, ctx.user.id);
  if (!row) return statusView(null);
  const stale = ctx.deps.clock.now().getTime() - row.updatedAt.getTime() > STATUS_TTL_MS;
  return statusView(input.refresh || stale || row.status !== 'active' ? await refreshFromProvider(ctx, row) : row);
}

async function ensureConnectAccount(ctx: AuthedCtx): Promise<ConnectAccountRow> {
  const existing = await connectAccountOf(ctx, ctx.user.id);
  if (existing) return existing;
  const [me] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.user.id));
  if (!me) throw notFound('User profile not found');
  // The key is the user's, so concurrent first calls get one account from the provider.
  const snapshot = await providerCall(ctx, 'Failed to create Connect account', () =>
    ctx.deps.payments.createConnectAccount({ userId: ctx.user.id, ...me, idempotencyKey: `user:${ctx.user.id}:connect-account` }),
  );
  return withTransaction(ctx, (tx) => saveConnectAccount(tx, ctx.user.id, snapshot));
}

export async function createConnectAccount({ ctx }: { ctx: AuthedCtx }) {
  return statusView(await ensureConnectAccount(ctx));
}

/** Where to finish setting up: Stripe's hosted onboarding, or in local mode our onboarding page. */
export async function createOnboardingLink({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof onboardingLinkInput> }) {
  const account = await ensureConnectAccount(ctx);
  const origin = ctx.deps.config.appOrigin;
  const link = await providerCall(ctx, 'Failed to create onboarding link', () =>
    ctx.deps.payments.createOnboardingLink({
      accountId: account.accountId,
      returnUrl: `${origin}${input.returnPath}`,
      refreshUrl: `${origin}/account/payments`,
    }),
  );
  return { url: link.url, expires_at: link.expiresAt };
}

/** Local mode's onboarding page submits here: the account holder's details are in, the account is active. */
export async function completeLocalOnboarding({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof completeOnboardingInput> }) {
  const payments = ctx.deps.payments;
  if (!isLocalProvider(payments)) throw new AppError('PRECONDITION_FAILED', 'Onboarding happens on Stripe’s page');
  const row = await connectAccountOf(ctx, ctx.user.id);
  if (!row || row.accountId !== input.accountId) throw notFound(NO_CONNECT_ACCOUNT);
  const snapshot = await providerCall(ctx, 'Failed to get account status', () => payments.completeOnboarding(row.accountId));
  return statusView(await withTransaction(ctx, (tx) => saveConnectAccount(tx, ctx.user.id, snapshot)));
}

async function requireAccount(ctx: AuthedCtx) {
  const row = await connectAccountOf(ctx, ctx.user.id);
  if (!row) throw notFound(NO_CONNECT_ACCOUNT);
  return row;
}

export async function getBalance({ ctx }: { ctx: AuthedCtx }) {
  const row = await requireAccount(ctx);
  const balance = await accountBalance(ctx, row.accountId);
  return {
    available: balance.availableCents,
    pending: balance.pendingCents,
    instant_available: balance.instantAvailableCents,
    paid_out: balance.paidOutCents,
    currency: balance.currency,
  };
}

/**
 * An instant payout to the account's bank. A payouts row is claimed first and keys the provider
 * call, so a retried request cannot pay out twice; the provider refuses more than the balance.
 */
export async function createPayout({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof payoutInput> }) {
  const row = await requireAccount(ctx);
  if (!row.payoutsEnabled) throw new AppError('PRECONDITION_FAILED', connectProblem(factsOf(row)) ?? 'Account is restricted');
  const [claim] = await ctx.db
    .insert(payouts)
    .values({
      accountId: row.accountId,
      amount: input.amount,
      currency: row.defaultCurrency,
      method: 'instant',
      status: 'pending',
      createdAt: ctx.deps.clock.now(),
    })
    .returning();
  try {
    const payout = await providerCall(ctx, 'Failed to create payout', () =>
      ctx.deps.payments.createPayout({
        accountId: row.accountId,
        amountCents: input.amount,
        currency: row.defaultCurrency,
        method: 'instant',
        idempotencyKey: `payout:${claim.id}`,
      }),
    );
    const [stored] = await ctx.db
      .update(payouts)
      .set({ providerPayoutId: payout.payoutId, status: payout.status, arrivalDate: payout.arrivalDate })
      .where(eq(payouts.id, claim.id))
      .returning();
    return stored;
  } catch (error) {
    await ctx.db.delete(payouts).where(eq(payouts.id, claim.id));
    throw error;
  }
}

/** The last 10 payouts (spec 2 §7), from the provider, which also knows its automatic payouts. */
export async function listPayouts({ ctx }: { ctx: AuthedCtx }) {
  const row = await connectAccountOf(ctx, ctx.user.id);
  if (!row) return [];
  const list = await providerCall(ctx, 'Failed to get payout history', () =>
    ctx.deps.payments.listPayouts(row.accountId, PAYOUT_HISTORY_LIMIT),
  );
  return list.map((p) => ({
    id: p.payoutId,
    amount: p.amountCents,
    currency: p.currency,
    method: p.method,
    status: p.status,
    createdAt: p.createdAt,
    arrivalDate: p.arrivalDate,
  }));
}
