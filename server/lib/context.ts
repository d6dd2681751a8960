import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { unauthorized } from './errors';

/** What every service operation receives: the database (maybe a transaction), the user, the deps. */
export type ServiceCtx = {
  db: Db;
  user: SessionUser | null;
  deps: AppDeps;
  /** Current session id, when the call comes from a signed-in request. */
  sessionId?: string;
};

export type AuthedCtx = ServiceCtx & { user: SessionUser };

export function requireUser(ctx: ServiceCtx): SessionUser {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

/** Runs fn in a transaction, or in the caller's transaction when there already is one. */
export async function withTransaction<T>(ctx: ServiceCtx, fn: (txCtx: ServiceCtx) => Promise<T>): Promise<T> {
  if ((ctx as { inTransaction?: boolean }).inTransaction) return fn(ctx);
  return ctx.db.transaction(async (tx) => fn({ ...ctx, db: tx as unknown as Db, inTransaction: true } as ServiceCtx));
}

export const now = (ctx: ServiceCtx) => ctx.deps.clock.now();
