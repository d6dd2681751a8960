import { and, eq, sql } from 'drizzle-orm';
import { messages, threadParticipants, threads } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { requireUser } from '../../service-context';
import { notFound } from '../../lib/errors';
import { canManageShop } from '../studios/access';

export const THREAD_NOT_FOUND = 'Conversation not found';

/** A participant of the thread, or a manager of the studio it belongs to. */
async function mayReadThread(ctx: ServiceCtx, thread: { id: string; shopId: string | null }) {
  const me = requireUser(ctx);
  const [participant] = await ctx.db
    .select({ userId: threadParticipants.userId })
    .from(threadParticipants)
    .where(and(eq(threadParticipants.threadId, thread.id), eq(threadParticipants.userId, me.id)));
  if (participant) return true;
  return Boolean(thread.shopId && (await canManageShop(ctx.db, me.id, thread.shopId, ctx.deps.clock.now())));
}

/**
 * Only participants, or the managers of the studio a thread belongs to, may read or post. Anyone
 * else gets NOT_FOUND (the thread's existence is not revealed).
 */
export async function requireThreadAccess(ctx: ServiceCtx, threadId: string) {
  requireUser(ctx);
  const [thread] = await ctx.db.select().from(threads).where(eq(threads.id, threadId)).limit(1);
  if (!thread || !(await mayReadThread(ctx, thread))) throw notFound(THREAD_NOT_FOUND);
  return thread;
}

/**
 * Whether a photo (by its URL) was sent in a conversation the user may read: those are the people
 * its private file is served to. The attachments' GIN index finds the messages carrying it.
 */
export async function isPhotoSentTo(ctx: ServiceCtx, url: string) {
  const carrying = await ctx.db
    .selectDistinct({ id: threads.id, shopId: threads.shopId })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .where(sql`${messages.attachments} @> ${JSON.stringify([{ url }])}::jsonb`);
  for (const thread of carrying) if (await mayReadThread(ctx, thread)) return true;
  return false;
}
