import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { placeholders, prepared } from '../../db/prepared';
import { localConnectAccounts, localPaymentIntents, localRefunds } from '../../db/schema';
import { localCard, noSuchPaymentMethod } from './local-cards';
import { randomToken } from '../../lib/ids';
import { IDEMPOTENCY_MISMATCH, type LocalBooks, localId } from './local-books';
import {
  AUTHENTICATION_REQUIRED,
  awaitsAction,
  type ChargeInput,
  type ChargeRecord,
  type ChargeResult,
  PaymentProviderError,
  type RefundInput,
  type RefundResult,
} from './types';

type IntentRow = typeof localPaymentIntents.$inferSelect;

/** The receipt of a local charge is shown by the billing page (what Stripe's receipt page is for Stripe charges). */
export const localReceiptUrl = (books: LocalBooks, chargeId: string) => `${books.appOrigin}/account/billing?receipt=${chargeId}`;

/** Why a charge is refused before any money moves, or null when it goes through. */
async function refusal(books: LocalBooks, input: ChargeInput): Promise<{ message: string; code: string | null } | null> {
  const card = localCard(input.paymentMethodId);
  if (!card) return { message: noSuchPaymentMethod(input.paymentMethodId), code: null };
  if (card.decline) return card.decline;
  if (input.connect) {
    const [account] = await books.db
      .select({ detailsSubmitted: localConnectAccounts.detailsSubmitted })
      .from(localConnectAccounts)
      .where(eq(localConnectAccounts.id, input.connect.destinationAccountId));
    if (!account) return { message: `No such destination: '${input.connect.destinationAccountId}'`, code: null };
    if (!account.detailsSubmitted)
      return { message: 'The destination account has not completed onboarding and cannot receive payments.', code: null };
  }
  return null;
}

type Outcome = Pick<IntentRow, 'id' | 'status' | 'chargeId' | 'failureMessage' | 'declineCode' | 'clientSecret'>;

function resultOf(books: LocalBooks, row: Outcome): ChargeResult {
  if (row.status === 'succeeded' && row.chargeId) {
    return { ok: true, paymentIntentId: row.id, chargeId: row.chargeId, receiptUrl: localReceiptUrl(books, row.chargeId) };
  }
  if (row.status === 'requires_action' && row.clientSecret) {
    return {
      ok: false,
      reason: AUTHENTICATION_REQUIRED,
      declineCode: 'requires_action',
      action: { paymentIntentId: row.id, clientSecret: row.clientSecret },
    };
  }
  return { ok: false, reason: row.failureMessage ?? 'Your card was declined.', declineCode: row.declineCode };
}

const CHARGE_COLUMNS = [
  'id',
  'idempotencyKey',
  'amount',
  'currency',
  'paymentMethodId',
  'customerId',
  'description',
  'status',
  'chargeId',
  'failureMessage',
  'declineCode',
  'destinationAccountId',
  'applicationFee',
  'metadata',
  'clientSecret',
  'createdAt',
] as const;

/** Records a charge's outcome unless its idempotency key already has one (no row then); every card order runs it, so prepared (decision 013). */
const recordCharge = (db: Db) =>
  prepared(db, 'record_local_charge', (d) =>
    d
      .insert(localPaymentIntents)
      .values(placeholders(localPaymentIntents, ...CHARGE_COLUMNS))
      .onConflictDoNothing({ target: localPaymentIntents.idempotencyKey })
      .returning({
        id: localPaymentIntents.id,
        status: localPaymentIntents.status,
        chargeId: localPaymentIntents.chargeId,
        failureMessage: localPaymentIntents.failureMessage,
        declineCode: localPaymentIntents.declineCode,
        clientSecret: localPaymentIntents.clientSecret,
      })
      .prepare('record_local_charge'),
  );

/**
 * Charges a test card. The outcome is recorded under the idempotency key (unique), so a retry,
 * even a concurrent one, returns the first outcome and never charges twice. A zero amount is a
 * card authentication (a subscription's trial start, Stripe's SetupIntent): nothing moves.
 */
export async function chargeLocally(
  books: LocalBooks,
  input: ChargeInput,
  options: { authenticated?: boolean } = {},
): Promise<ChargeResult> {
  const refused = await refusal(books, input);
  // A card that asks for 3-D Secure: nothing is charged until the payer answers the challenge,
  // unless the charge is an off-session renewal on a card authenticated for it (`authenticated`).
  const challenged = !refused && !options.authenticated && localCard(input.paymentMethodId)?.challenge === true;
  const id = localId('pi');
  const [created] = await recordCharge(books.db).execute({
    id,
    idempotencyKey: input.idempotencyKey,
    amount: input.amountCents,
    currency: input.currency,
    paymentMethodId: input.paymentMethodId,
    customerId: input.customerId ?? null,
    description: input.description,
    status: refused ? 'failed' : challenged ? 'requires_action' : 'succeeded',
    chargeId: refused || challenged ? null : localId('ch'),
    failureMessage: refused?.message ?? null,
    declineCode: refused?.code ?? null,
    destinationAccountId: input.connect?.destinationAccountId ?? null,
    applicationFee: input.connect?.applicationFeeCents ?? 0,
    metadata: input.metadata ?? {},
    clientSecret: challenged ? `${id}_secret_${randomToken(16)}` : null,
    createdAt: books.clock.now(),
  });
  if (created) return resultOf(books, created);
  const [first] = await books.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.idempotencyKey, input.idempotencyKey));
  const same =
    first.amount === input.amountCents &&
    first.currency === input.currency &&
    first.paymentMethodId === input.paymentMethodId &&
    first.destinationAccountId === (input.connect?.destinationAccountId ?? null);
  if (!same) throw new Error(IDEMPOTENCY_MISMATCH);
  return resultOf(books, first);
}

/**
 * The local provider's record of a charge: its row under the idempotency key. The row is written
 * by one autocommitted statement before the charge answers, so a process killed at any point
 * leaves either the whole outcome or no charge at all, as a real provider's books would.
 */
export async function findLocalCharge(books: LocalBooks, idempotencyKey: string): Promise<ChargeRecord> {
  const [row] = await books.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.idempotencyKey, idempotencyKey));
  return row ? recordOf(books, row) : { status: 'none' };
}

function recordOf(books: LocalBooks, row: Outcome): ChargeRecord {
  const result = resultOf(books, row);
  if (awaitsAction(result)) return { status: 'requires_action', ...result.action };
  if (!result.ok) return { status: 'failed', paymentIntentId: row.id, reason: result.reason };
  return { status: 'succeeded', paymentIntentId: result.paymentIntentId, chargeId: result.chargeId, receiptUrl: result.receiptUrl };
}

/** The charge of one intent, `none` unless it was made under this idempotency key. */
export async function getLocalCharge(books: LocalBooks, input: { paymentIntentId: string; idempotencyKey: string }): Promise<ChargeRecord> {
  const [row] = await books.db
    .select()
    .from(localPaymentIntents)
    .where(and(eq(localPaymentIntents.id, input.paymentIntentId), eq(localPaymentIntents.idempotencyKey, input.idempotencyKey)));
  return row ? recordOf(books, row) : { status: 'none' };
}

/** Stripe's wording when a 3-D Secure challenge is failed, and ours when nobody answered it in time. */
export const AUTHENTICATION_FAILED = 'The card could not be authenticated (3-D Secure): nothing was charged.';
export const AUTHENTICATION_ABANDONED = 'The payment was not authenticated in time: nothing was charged.';

/**
 * Moves a charge out of requires_action, once: the SQL guard on the status makes a second answer
 * (a double click, a replay, a cancel racing an approval) change nothing. `match` narrows which
 * intent may be answered (the client secret for the payer, the idempotency key for our server).
 */
async function endChallenge(
  books: LocalBooks,
  paymentIntentId: string,
  match: ReturnType<typeof eq>,
  approved: boolean,
  failure: string,
): Promise<ChargeRecord | null> {
  const which = and(eq(localPaymentIntents.id, paymentIntentId), match);
  await books.db
    .update(localPaymentIntents)
    .set(
      approved
        ? { status: 'succeeded', chargeId: localId('ch') }
        : { status: 'failed', failureMessage: failure, declineCode: 'payment_intent_authentication_failure' },
    )
    .where(and(which, eq(localPaymentIntents.status, 'requires_action')));
  const [row] = await books.db.select().from(localPaymentIntents).where(which);
  return row ? recordOf(books, row) : null;
}

/** The payer's answer to the local 3-D Secure challenge (what the card issuer's page is on Stripe). */
export async function answerLocalChallenge(
  books: LocalBooks,
  input: { paymentIntentId: string; clientSecret: string; approve: boolean },
): Promise<ChargeRecord> {
  const record = await endChallenge(
    books,
    input.paymentIntentId,
    eq(localPaymentIntents.clientSecret, input.clientSecret),
    input.approve,
    AUTHENTICATION_FAILED,
  );
  if (!record) throw new PaymentProviderError(`No such payment_intent: '${input.paymentIntentId}'`);
  return record;
}

/** Stripe's cancel of an intent waiting for action: it can never be completed afterwards. */
export async function cancelLocalCharge(
  books: LocalBooks,
  input: { paymentIntentId: string; idempotencyKey: string },
): Promise<ChargeRecord> {
  const record = await endChallenge(
    books,
    input.paymentIntentId,
    eq(localPaymentIntents.idempotencyKey, input.idempotencyKey),
    false,
    AUTHENTICATION_ABANDONED,
  );
  return record ?? { status: 'none' };
}

/**
 * Refunds all or part of a succeeded charge. The refunded total is raised in SQL only while it
 * stays within the amount, in the same transaction as the refund row keyed by the idempotency key.
 */
export async function refundLocally(books: LocalBooks, input: RefundInput): Promise<RefundResult> {
  return books.db.transaction(async (tx) => {
    // The charge's row lock serializes refunds of one charge, so the key is checked after taking it.
    const [intent] = await tx.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, input.paymentIntentId)).for('update');
    const [previous] = await tx.select().from(localRefunds).where(eq(localRefunds.idempotencyKey, input.idempotencyKey));
    if (previous) {
      if (previous.paymentIntentId !== input.paymentIntentId) throw new Error(IDEMPOTENCY_MISMATCH);
      return { refundId: previous.id, amountCents: previous.amount };
    }
    if (intent?.status !== 'succeeded') throw new PaymentProviderError(`No such payment_intent: '${input.paymentIntentId}'`);
    const amount = input.amountCents ?? intent.amount - intent.amountRefunded;
    const [raised] = await tx
      .update(localPaymentIntents)
      .set({ amountRefunded: sql`${localPaymentIntents.amountRefunded} + ${amount}` })
      .where(
        sql`${localPaymentIntents.id} = ${intent.id} and ${amount} > 0 and ${localPaymentIntents.amountRefunded} + ${amount} <= ${localPaymentIntents.amount}`,
      )
      .returning({ id: localPaymentIntents.id });
    if (!raised) throw new PaymentProviderError('Refund amount is greater than the amount left to refund on this charge.');
    const shares = input.reverseTransfer && intent.destinationAccountId ? await reversalShares(tx as unknown as Db, intent, amount) : null;
    const [refund] = await tx
      .insert(localRefunds)
      .values({
        id: localId('re'),
        idempotencyKey: input.idempotencyKey,
        paymentIntentId: intent.id,
        amount,
        reason: input.reason ?? null,
        transferReversal: shares?.transferReversal ?? 0,
        applicationFeeRefund: shares?.applicationFeeRefund ?? 0,
        createdAt: books.clock.now(),
      })
      .returning();
    return { refundId: refund.id, amountCents: refund.amount };
  });
}

/**
 * How a refund of a destination charge splits between the seller's transfer and the platform's
 * fee, pro rata (decision 038). The fee's share is rounded on the running total of refunds
 * (half up), so partial refunds add up to exactly the fee once the charge is fully refunded, and
 * the transfer gives back the rest of each refund to the cent.
 */
async function reversalShares(db: Db, intent: IntentRow, amount: number) {
  const [before] = await db
    .select({
      refunded: sql<number>`coalesce(sum(${localRefunds.amount}), 0)::int`,
      feeRefunded: sql<number>`coalesce(sum(${localRefunds.applicationFeeRefund}), 0)::int`,
    })
    .from(localRefunds)
    .where(eq(localRefunds.paymentIntentId, intent.id));
  const after = Number(before.refunded) + amount;
  const feeDueAfter = Math.floor((2 * intent.applicationFee * after + intent.amount) / (2 * intent.amount));
  const applicationFeeRefund = Math.min(amount, Math.max(0, feeDueAfter - Number(before.feeRefunded)));
  return { applicationFeeRefund, transferReversal: amount - applicationFeeRefund };
}
