import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentMethods, paymentRequests, paymentTransactions } from '../../../db/schema';
import { type AuthedCtx, type ServiceCtx, withTransaction } from '../../../service-context';
import { AppError, conflict, forbidden, invalid, notFound } from '../../../lib/errors';
import { awaitsAction, type ChargeResult, type NextAction } from '../../../providers/payments/types';
import { connectAccountOf, factsOf } from '../connect/accounts';
import { providerCustomer } from '../customer';
import type { completePaymentActionInput, processPaymentRequestInput } from '../inputs';
import { readActedCharge } from '../../../charge-actions';
import { providerCall } from '../../../provider-calls';
import { canProcess, connectPaymentLimitProblem, connectProblem } from '../rules';
import { recordPayment } from '../service/subscriptions';
import { requireRequestParty } from './access';
import { notifyOtherParty } from './notify';

export const CANNOT_PROCESS = 'Payment request cannot be processed in its current state';
export const RECIPIENT_NOT_READY = 'Recipient has not completed payment setup';
/** An attempt whose outcome never came back (the provider was unreachable) may be retried after this. */
const STALE_ATTEMPT_MS = 60_000;

type TransactionRow = typeof paymentTransactions.$inferSelect;

/** The charge's idempotency key: one per attempt, so a retry of the attempt never charges twice. */
export const attemptChargeKey = (attemptId: string) => `payment-transaction:${attemptId}`;

/**
 * Step 1, in one transaction with the request row locked: check who pays and the status, then
 * claim the attempt with a 'processing' transaction. The one-open-attempt unique index and the lock
 * make 20 concurrent calls end with one claim; the others get CONFLICT. A stale attempt (its
 * outcome lost to an outage) is handed back to be driven again with its own idempotency key.
 */
async function claimAttempt(ctx: AuthedCtx, input: z.output<typeof processPaymentRequestInput>) {
  return withTransaction(ctx, async (tx) => {
    const txCtx = tx as AuthedCtx;
    const request = await requireRequestParty(txCtx, input.paymentRequestId, { lock: true });
    if (request.payeeId !== ctx.user.id) throw forbidden('Only the person asked to pay can pay this request');
    const [open] = await tx.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.paymentRequestId, request.id), eq(paymentTransactions.status, 'processing')));
    if (open) {
      const stale = ctx.deps.clock.now().getTime() - open.createdAt.getTime() > STALE_ATTEMPT_MS;
      if (!stale) throw conflict('A payment for this request is already under way');
      return { request, attempt: open, destination: open.metadata.destination as string };
    }
    if (!canProcess(request.status)) throw conflict(CANNOT_PROCESS);
    const outOfLimits = connectPaymentLimitProblem(request.amount);
    if (outOfLimits) throw invalid(outOfLimits);
    // The requester's account may have lost its ability to receive since the request was made;
    // the request moves to recipient_setup when their account status is next refreshed.
    const account = await connectAccountOf(tx, request.requesterId);
    if (connectProblem(factsOf(account)) !== null || !account) throw new AppError('PRECONDITION_FAILED', RECIPIENT_NOT_READY);
    const [attempt] = await tx.db
      .insert(paymentTransactions)
      .values({
        paymentRequestId: request.id,
        requesterId: request.requesterId,
        payeeId: request.payeeId,
        amount: request.amount,
        currency: request.currency,
        processingFee: request.processingFee,
        platformFee: request.platformFee,
        netAmount: request.netAmount,
        requesterReceives: request.netAmount,
        paymentMethodId: input.paymentMethodId,
        status: 'processing',
        createdAt: ctx.deps.clock.now(),
        metadata: { destination: account.accountId },
      })
      .returning();
    return { request, attempt, destination: account.accountId };
  });
}

/**
 * Step 3: records the outcome once. A success marks the transaction succeeded and the request paid
 * (the webhook may have done it first: then this changes nothing), adds the payer's history row and
 * tells the requester. A decline marks the attempt failed; the request stays payable.
 */
export async function settleAttempt(ctx: ServiceCtx, attemptId: string, result: ChargeResult): Promise<TransactionRow> {
  return withTransaction(ctx, async (tx) => {
    const now = ctx.deps.clock.now();
    if (!result.ok) {
      const [failed] = await tx.db
        .update(paymentTransactions)
        .set({ status: 'failed', failureReason: result.reason })
        .where(and(eq(paymentTransactions.id, attemptId), eq(paymentTransactions.status, 'processing')))
        .returning();
      return failed ?? (await tx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, attemptId)))[0];
    }
    const [succeeded] = await tx.db
      .update(paymentTransactions)
      .set({ status: 'succeeded', stripePaymentIntentId: result.paymentIntentId, stripeChargeId: result.chargeId, receiptUrl: result.receiptUrl, completedAt: now })
      .where(and(eq(paymentTransactions.id, attemptId), ne(paymentTransactions.status, 'succeeded')))
      .returning();
    if (!succeeded) return (await tx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, attemptId)))[0];
    const [request] = await tx.db
      .update(paymentRequests)
      .set({ status: 'paid', paidAt: now, stripePaymentIntentId: result.paymentIntentId, updatedAt: now })
      .where(and(eq(paymentRequests.id, succeeded.paymentRequestId), ne(paymentRequests.status, 'paid')))
      .returning();
    if (request) {
      await recordPayment(tx, {
        userId: request.payeeId,
        chargeId: result.chargeId ?? result.paymentIntentId,
        amountCents: request.amount,
        currency: request.currency,
        description: `Payment request: ${request.description}`,
        receiptUrl: result.receiptUrl,
        date: now,
      });
      await notifyOtherParty(tx, request, request.requesterId, 'Payment received');
    }
    return succeeded;
  });
}

const transactionView = (t: TransactionRow) => ({
  id: t.id,
  paymentRequestId: t.paymentRequestId,
  status: t.status,
  amount: t.amount,
  processingFee: t.processingFee,
  platformFee: t.platformFee,
  netAmount: t.netAmount,
  stripePaymentIntentId: t.stripePaymentIntentId,
  stripeChargeId: t.stripeChargeId,
  receiptUrl: t.receiptUrl,
  createdAt: t.createdAt,
  completedAt: t.completedAt,
});

/**
 * The payee pays a pending or ready_to_pay request with a saved card: claim (step 1), one provider
 * charge keyed by the attempt's id to the requester's account with the platform fee (step 2),
 * settle (step 3). Exactly once, however many times it is called at the same moment.
 */
export async function processPaymentRequest({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof processPaymentRequestInput> }) {
  const [method] = await ctx.db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, ctx.user.id), eq(paymentMethods.stripePaymentMethodId, input.paymentMethodId), eq(paymentMethods.deleted, false)));
  if (!method) throw notFound('Payment method not found');
  const { request, attempt, destination } = await claimAttempt(ctx, input);
  const customerId = await providerCustomer(ctx);
  const result = await providerCall(ctx, 'Failed to process payment', () =>
    ctx.deps.payments.charge({
      amountCents: attempt.amount,
      currency: attempt.currency,
      paymentMethodId: attempt.paymentMethodId ?? input.paymentMethodId,
      customerId,
      description: `Payment request: ${request.description}`,
      idempotencyKey: attemptChargeKey(attempt.id),
      metadata: { paymentRequestId: request.id, paymentTransactionId: attempt.id },
      connect: { destinationAccountId: destination, applicationFeeCents: attempt.platformFee },
    }),
  );
  // A card asking for 3-D Secure: the attempt stays open while the payer's browser shows the challenge (decision 040).
  if (awaitsAction(result)) return { ...transactionView(attempt), nextAction: result.action };
  const settled = await settleAttempt(ctx, attempt.id, result);
  if (!result.ok) throw invalid(result.reason);
  return { ...transactionView(settled), nextAction: null as NextAction | null };
}

/**
 * The payer's browser after the bank's challenge: the open attempt settled on the charge's
 * outcome (settleAttempt: once, whoever else, a webhook or the reconcile job, settles it too).
 * Failed: nothing was charged and the request stays payable. An attempt settled already answers
 * as it stands.
 */
export async function completePaymentAction({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof completePaymentActionInput> }) {
  const request = await requireRequestParty(ctx, input.paymentRequestId);
  if (request.payeeId !== ctx.user.id) throw forbidden('Only the person asked to pay can pay this request');
  const [attempt] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.paymentRequestId, request.id), eq(paymentTransactions.status, 'processing')));
  if (!attempt) return settledAnswer(ctx, request.id);
  const result = await readActedCharge(ctx, input.paymentIntentId, attemptChargeKey(attempt.id));
  if (!result) return { ...transactionView(attempt), nextAction: null };
  const settled = await settleAttempt(ctx, attempt.id, result);
  if (settled.status === 'failed') throw invalid(settled.failureReason ?? CANNOT_PROCESS);
  return { ...transactionView(settled), nextAction: null };
}

/** The answer for an attempt settled before the browser asked (a double click, the webhook or the reconcile job first): the paid one, or the last failure. */
async function settledAnswer(ctx: AuthedCtx, paymentRequestId: string) {
  const attempts = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.paymentRequestId, paymentRequestId))
    .orderBy(desc(paymentTransactions.createdAt));
  const paid = attempts.find((t) => t.status === 'succeeded');
  if (paid) return { ...transactionView(paid), nextAction: null };
  const [last] = attempts;
  throw last ? invalid(last.failureReason ?? CANNOT_PROCESS) : notFound('Payment not found');
}
