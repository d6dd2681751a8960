import { and, eq } from 'drizzle-orm';
import { threadParticipants, threads } from '../../db/schema';
import type { ServiceCtx } from '../../lib/context';
import { requireUser } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { canManageShop } from '../studios/access';

export const THREAD_NOT_FOUND = 'Conversation not found';

/**
 * Only participants, or the managers of the studio a thread belongs to, may read or post. Anyone
 * else gets NOT_FOUND (the thread's existence is not revealed).
 */
export async function requireThreadAccess(ctx: ServiceCtx, threadId: string) {
  const me = requireUser(ctx);
  const [thread] = await ctx.db.select().from(threads).where(eq(threads.id, threadId)).limit(1);
  if (!thread) throw notFound(THREAD_NOT_FOUND);
  const [participant] = await ctx.db
    .select({ userId: threadParticipants.userId })
    .from(threadParticipants)
    .where(and(eq(threadParticipants.threadId, threadId), eq(threadParticipants.userId, me.id)));
  if (participant) return thread;
  if (thread.shopId && (await canManageShop(ctx.db, me.id, thread.shopId, ctx.deps.clock.now()))) return thread;
  throw notFound(THREAD_NOT_FOUND);
}
