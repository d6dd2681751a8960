import { and, eq, sql } from 'drizzle-orm';
import { connectAccounts, paymentRequests, paymentTransactions, users } from '../../../db/schema';
import type { ServiceCtx } from '../../../service-context';
import type { ConnectAccountSnapshot } from '../../../providers/payments/types';
import { canReceivePayments, type ConnectFacts, connectProblem, connectStatusOf } from '../rules';

export type ConnectAccountRow = typeof connectAccounts.$inferSelect;

/** The facts the rules judge, read back from our stored copy of the account. */
export const factsOf = (row: ConnectAccountRow | null | undefined): ConnectFacts | null =>
  row
    ? {
        chargesEnabled: row.chargesEnabled,
        payoutsEnabled: row.payoutsEnabled,
        detailsSubmitted: row.detailsSubmitted,
        pastDue: row.pastDue,
        disabledReason: row.status === 'disabled' ? 'rejected' : null,
      }
    : null;

export async function connectAccountOf(ctx: ServiceCtx, userId: string): Promise<ConnectAccountRow | null> {
  const [row] = await ctx.db.select().from(connectAccounts).where(eq(connectAccounts.userId, userId));
  return row ?? null;
}

/** Whether a user can be paid now, and if not, why (spec 2 §8 messages). */
export async function recipientReadiness(ctx: ServiceCtx, userId: string) {
  const facts = factsOf(await connectAccountOf(ctx, userId));
  const problem = connectProblem(facts);
  return { canReceive: problem === null, problem };
}

/**
 * Moves the user's open payment requests with their ability to receive (spec 2 §4):
 * recipient_setup → ready_to_pay once they can, pending → recipient_setup when they cannot
 * (never one whose payment is under way).
 */
export async function refreshRecipientRequests(ctx: ServiceCtx, userId: string, problem: string | null) {
  const now = ctx.deps.clock.now();
  if (problem === null) {
    await ctx.db
      .update(paymentRequests)
      .set({ status: 'ready_to_pay', recipientSetupStatus: 'completed', recipientSetupError: null, updatedAt: now })
      .where(and(eq(paymentRequests.requesterId, userId), eq(paymentRequests.status, 'recipient_setup')));
    return;
  }
  await ctx.db
    .update(paymentRequests)
    .set({ status: 'recipient_setup', recipientSetupRequired: true, recipientSetupStatus: 'required', recipientSetupError: problem, updatedAt: now })
    .where(
      and(
        eq(paymentRequests.requesterId, userId),
        eq(paymentRequests.status, 'pending'),
        sql`not exists (select 1 from ${paymentTransactions} where ${paymentTransactions.paymentRequestId} = ${paymentRequests.id} and ${paymentTransactions.status} = 'processing')`,
      ),
    );
}

/**
 * Stores the provider's view of a user's account (one row per user), mirrors its id and status on
 * the user's profile, and moves their payment requests along. Call inside a transaction.
 */
export async function saveConnectAccount(ctx: ServiceCtx, userId: string, snapshot: ConnectAccountSnapshot) {
  const status = connectStatusOf(snapshot);
  const fields = {
    accountId: snapshot.accountId,
    status,
    capabilities: snapshot.capabilities,
    payoutsEnabled: snapshot.payoutsEnabled,
    chargesEnabled: snapshot.chargesEnabled,
    detailsSubmitted: snapshot.detailsSubmitted,
    currentlyDue: snapshot.currentlyDue,
    eventuallyDue: snapshot.eventuallyDue,
    pastDue: snapshot.pastDue,
    pendingVerification: snapshot.pendingVerification,
    defaultCurrency: snapshot.defaultCurrency,
    country: snapshot.country,
    updatedAt: ctx.deps.clock.now(),
  };
  const [row] = await ctx.db
    .insert(connectAccounts)
    .values({ userId, ...fields, createdAt: ctx.deps.clock.now() })
    .onConflictDoUpdate({ target: connectAccounts.userId, set: fields })
    .returning();
  await ctx.db.update(users).set({ stripeConnectAccountId: snapshot.accountId, stripeConnectStatus: status }).where(eq(users.id, userId));
  await refreshRecipientRequests(ctx, userId, canReceivePayments(status) ? null : connectProblem(snapshot));
  return row;
}
