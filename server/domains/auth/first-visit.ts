import { and, eq, lt } from 'drizzle-orm';
import { knownDevices, sessions } from '../../db/schema';
import { requireUser, type ServiceCtx } from '../../service-context';

/**
 * Whether this session is the account's first visit: nothing shows it signed in before this
 * session began, neither another session nor a browser remembered at an earlier sign-in (every
 * sign-in by password or e-mailed link remembers its browser). The home page says "Welcome"
 * then, and "Welcome back" afterwards.
 */
export async function isFirstVisit({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  if (!ctx.sessionId) return { firstVisit: false };
  const [current] = await ctx.db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, ctx.sessionId));
  if (!current) return { firstVisit: false };
  const before = current.createdAt;
  const [session] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, me.id), lt(sessions.createdAt, before)))
    .limit(1);
  if (session) return { firstVisit: false };
  const [device] = await ctx.db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, me.id), lt(knownDevices.createdAt, before)))
    .limit(1);
  return { firstVisit: !device };
}
