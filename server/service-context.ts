import type { SessionUser } from './auth/sessions';
import type { Db } from './db/client';
import type { AppDeps } from './deps';
import { isRetryableTransactionError, unauthorized } from './lib/errors';

/** What every service operation receives: the database (maybe a transaction), the user, the deps. */
export type ServiceCtx = {
  db: Db;
  user: SessionUser | null;
  deps: AppDeps;
  /** Current session id, when the call comes from a signed-in request. */
  sessionId?: string;
  /** Set by withTransaction: db is a transaction, so statements (and NOTIFYs) commit or roll back together. */
  inTransaction?: true;
};

/** The context inside withTransaction: db is the transaction. */
export type TxCtx = ServiceCtx & { inTransaction: true };

export type AuthedCtx = ServiceCtx & { user: SessionUser };

export function requireUser(ctx: ServiceCtx): SessionUser {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

/** Attempts of a transaction that lost a deadlock or a serialization check before its error is thrown. */
const TRANSACTION_ATTEMPTS = 5;

/**
 * Runs fn in a transaction, or in the caller's transaction when there already is one. A
 * transaction this call opened is run again, whole, when PostgreSQL aborted it for a deadlock or
 * a serialization failure (design rule 14): after a short random pause, so the rivals do not meet
 * again, a bounded number of times. A nested call never retries: its statements belong to the
 * outer transaction, which is the one to run again. fn may therefore run more than once; it must
 * keep its effects in the transaction (notifications are queued rows, announcements are NOTIFYs).
 */
export async function withTransaction<T>(ctx: ServiceCtx, fn: (txCtx: TxCtx) => Promise<T>): Promise<T> {
  if (isInTransaction(ctx)) return fn(ctx);
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => fn({ ...ctx, db: tx, inTransaction: true }));
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs(attempt)));
    }
  }
}

export const isInTransaction = (ctx: ServiceCtx): ctx is TxCtx => ctx.inTransaction === true;

/** 5–10 ms, doubling with each attempt: jittered so two transactions that collided part ways. */
const retryPauseMs = (attempt: number) => 5 * 2 ** (attempt - 1) * (1 + Math.random());

export const now = (ctx: ServiceCtx) => ctx.deps.clock.now();
