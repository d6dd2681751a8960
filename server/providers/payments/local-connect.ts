import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { localConnectAccounts, localPaymentIntents, localPayouts, localRefunds } from '../../db/schema';
import { DAY, MINUTE } from '../../lib/time';
import { IDEMPOTENCY_MISMATCH, type LocalBooks, localId } from './local-books';
import { type ConnectAccountSnapshot, type ConnectBalance, PaymentProviderError, type ProviderPayout } from './types';

/** What an Express account must still provide before it can be paid (the setup steps of spec 2 §9). */
export const LOCAL_ONBOARDING_REQUIREMENTS = ['individual.verification.document', 'external_account', 'tos_acceptance.date'];
/** Stripe's account links expire after a few minutes; ours do too. */
const LINK_LIFETIME_MS = 5 * MINUTE;

type AccountRow = typeof localConnectAccounts.$inferSelect;

function snapshot(row: AccountRow): ConnectAccountSnapshot {
  const ready = row.detailsSubmitted;
  return {
    accountId: row.id,
    chargesEnabled: ready,
    payoutsEnabled: ready,
    detailsSubmitted: ready,
    capabilities: { card_payments: ready ? 'active' : 'inactive', transfers: ready ? 'active' : 'inactive' },
    currentlyDue: ready ? [] : LOCAL_ONBOARDING_REQUIREMENTS,
    eventuallyDue: ready ? [] : LOCAL_ONBOARDING_REQUIREMENTS,
    pastDue: [],
    pendingVerification: [],
    disabledReason: ready ? null : 'requirements.past_due',
    defaultCurrency: 'usd',
    country: 'US',
  };
}

async function accountRow(books: LocalBooks, accountId: string) {
  const [row] = await books.db.select().from(localConnectAccounts).where(eq(localConnectAccounts.id, accountId));
  if (!row) throw new PaymentProviderError(`No such account: '${accountId}'`);
  return row;
}

export async function createLocalConnectAccount(books: LocalBooks, input: { email: string; idempotencyKey: string }) {
  await books.db
    .insert(localConnectAccounts)
    .values({ id: localId('acct'), idempotencyKey: input.idempotencyKey, email: input.email, createdAt: books.clock.now() })
    .onConflictDoNothing({ target: localConnectAccounts.idempotencyKey });
  const [row] = await books.db.select().from(localConnectAccounts).where(eq(localConnectAccounts.idempotencyKey, input.idempotencyKey));
  return snapshot(row);
}

export const getLocalConnectAccount = async (books: LocalBooks, accountId: string) => snapshot(await accountRow(books, accountId));

/** The in-app onboarding page stands in for Stripe's hosted onboarding. */
export async function createLocalOnboardingLink(books: LocalBooks, input: { accountId: string; returnUrl: string }) {
  await accountRow(books, input.accountId);
  const url = new URL('/payment-setup/onboarding', books.appOrigin);
  url.searchParams.set('accountId', input.accountId);
  url.searchParams.set('returnUrl', input.returnUrl);
  return { url: url.toString(), expiresAt: new Date(books.clock.now().getTime() + LINK_LIFETIME_MS) };
}

/** What the hosted onboarding does when the holder submits their details: the account can now be paid. */
export async function completeLocalOnboarding(books: LocalBooks, accountId: string) {
  const [row] = await books.db
    .update(localConnectAccounts)
    .set({ detailsSubmitted: true })
    .where(eq(localConnectAccounts.id, accountId))
    .returning();
  if (!row) throw new PaymentProviderError(`No such account: '${accountId}'`);
  return snapshot(row);
}

/**
 * Decision 038: how long a local charge's funds stay pending before they can be paid out. Stripe's
 * US standard is 2 business days; the local provider counts 2 calendar days of its own clock (no
 * weekends or bank holidays), which keeps the test clock's arithmetic plain.
 */
export const LOCAL_FUNDS_PENDING_DAYS = 2;

/**
 * The account's balance at `now`, in cents. Each destination charge credits its amount less the
 * platform's application fee, less what its refunds reversed (a refund without reverseTransfer
 * comes out of the platform's balance, as with Stripe destination charges). A charge's net is
 * pending for LOCAL_FUNDS_PENDING_DAYS after it was made, then available; payouts come out of
 * the available part. So pending + available + paid out = credited − reversed, to the cent. A
 * reversal after a payout can leave available negative, as Stripe's can.
 */
async function balanceCents(db: LocalBooks['db'], accountId: string, now: Date) {
  const cutoff = sql`${new Date(now.getTime() - LOCAL_FUNDS_PENDING_DAYS * DAY).toISOString()}::timestamptz`;
  const pending = sql`${localPaymentIntents.createdAt} > ${cutoff}`;
  const split = (cents: SQL) => ({
    pending: sql<number>`coalesce(sum(${cents}) filter (where ${pending}), 0)::int`,
    settled: sql<number>`coalesce(sum(${cents}) filter (where not (${pending})), 0)::int`,
  });
  const charged = and(eq(localPaymentIntents.destinationAccountId, accountId), eq(localPaymentIntents.status, 'succeeded'));
  const [credited] = await db
    .select(split(sql`${localPaymentIntents.amount} - ${localPaymentIntents.applicationFee}`))
    .from(localPaymentIntents)
    .where(charged);
  const [reversed] = await db
    .select(split(sql`${localRefunds.transferReversal}`))
    .from(localRefunds)
    .innerJoin(localPaymentIntents, eq(localPaymentIntents.id, localRefunds.paymentIntentId))
    .where(charged);
  const [paid] = await db
    .select({ cents: sql<number>`coalesce(sum(${localPayouts.amount}), 0)::int` })
    .from(localPayouts)
    .where(eq(localPayouts.accountId, accountId));
  return {
    pending: Number(credited.pending) - Number(reversed.pending),
    available: Number(credited.settled) - Number(reversed.settled) - Number(paid.cents),
  };
}

export async function getLocalBalance(books: LocalBooks, accountId: string): Promise<ConnectBalance> {
  await accountRow(books, accountId);
  const { available, pending } = await balanceCents(books.db, accountId, books.clock.now());
  return { availableCents: available, pendingCents: pending, instantAvailableCents: Math.max(available, 0), currency: 'usd' };
}

const payoutOf = (row: typeof localPayouts.$inferSelect): ProviderPayout => ({
  payoutId: row.id,
  amountCents: row.amount,
  currency: row.currency,
  method: row.method,
  status: row.status,
  createdAt: row.createdAt,
  arrivalDate: row.arrivalDate,
});

/**
 * Pays out from the balance. The account row is locked for the check and the insert, so two
 * concurrent payouts can never take out more than the balance; the idempotency key makes a
 * retry return the first payout.
 */
export async function createLocalPayout(
  books: LocalBooks,
  input: { accountId: string; amountCents: number; currency: string; method: 'instant' | 'standard'; idempotencyKey: string },
): Promise<ProviderPayout> {
  return books.db.transaction(async (tx) => {
    const [account] = await tx.select().from(localConnectAccounts).where(eq(localConnectAccounts.id, input.accountId)).for('update');
    if (!account) throw new PaymentProviderError(`No such account: '${input.accountId}'`);
    const [previous] = await tx.select().from(localPayouts).where(eq(localPayouts.idempotencyKey, input.idempotencyKey));
    if (previous) {
      if (previous.accountId !== input.accountId || previous.amount !== input.amountCents) throw new Error(IDEMPOTENCY_MISMATCH);
      return payoutOf(previous);
    }
    if (!account.detailsSubmitted) throw new PaymentProviderError('Payouts are not enabled for this account.');
    if (input.amountCents <= 0) throw new PaymentProviderError('Payout amount must be greater than 0.');
    // Only available funds are paid out; a charge's funds are pending for LOCAL_FUNDS_PENDING_DAYS.
    const { available } = await balanceCents(tx as unknown as LocalBooks['db'], input.accountId, books.clock.now());
    if (input.amountCents > available) {
      throw new PaymentProviderError('You have insufficient funds in your balance for this payout.');
    }
    const now = books.clock.now();
    const [row] = await tx
      .insert(localPayouts)
      .values({
        id: localId('po'),
        idempotencyKey: input.idempotencyKey,
        accountId: input.accountId,
        amount: input.amountCents,
        currency: input.currency,
        method: input.method,
        // Instant payouts land at once; standard ones two business days later (as Stripe's US schedule).
        status: input.method === 'instant' ? 'paid' : 'pending',
        createdAt: now,
        arrivalDate: input.method === 'instant' ? now : new Date(now.getTime() + 2 * DAY),
      })
      .returning();
    return payoutOf(row);
  });
}

export async function listLocalPayouts(books: LocalBooks, accountId: string, limit: number): Promise<ProviderPayout[]> {
  const rows = await books.db
    .select()
    .from(localPayouts)
    .where(eq(localPayouts.accountId, accountId))
    .orderBy(desc(localPayouts.createdAt), desc(localPayouts.id))
    .limit(limit);
  return rows.map(payoutOf);
}
