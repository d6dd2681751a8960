import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { keysetPage, olderThan } from '../../lib/pages';
import type { z } from 'zod';
import { notificationDeliveries, notifications } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { notFound } from '../../lib/errors';
import type { listNotificationsInput } from './inputs';
import { CALENDAR_TYPES, deepLink, INBOX_TYPES } from './rules';

const notExpired = (now: Date) => or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now));
/** Only notifications the user takes in the app are listed and counted (the rest went out elsewhere). */
const inApp = sql`'in_app' = any(${notifications.channels})`;

/** The user's in-app notifications, newest first, with the spec's deep link per type. */
export async function listNotifications({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof listNotificationsInput> }) {
  const me = requireUser(ctx);
  const now = ctx.deps.clock.now();
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, me.id), inApp, notExpired(now), olderThan(input.cursor, notifications.createdAt, notifications.id)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (n) => ({ at: n.createdAt, id: n.id }));
  const items = page.items.map((n) => ({
    id: n.id,
    type: n.type,
    title: n.title,
    body: n.body,
    priority: n.priority,
    seen: n.seen,
    seenAt: n.seenAt,
    createdAt: n.createdAt,
    link: deepLink(n.type, n.data),
  }));
  return { items, nextCursor: page.nextCursor };
}

/** Unseen counts split as the top bar shows them: inbox and calendar badges. */
export async function unseenCounts({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  const now = ctx.deps.clock.now();
  const rows = await ctx.db
    .select({ type: notifications.type, n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, me.id), eq(notifications.seen, false), inApp, notExpired(now)))
    .groupBy(notifications.type);
  const sum = (types: string[]) => rows.filter((r) => types.includes(r.type)).reduce((total, r) => total + r.n, 0);
  return { inbox: sum(INBOX_TYPES), calendar: sum(CALENDAR_TYPES), total: rows.reduce((t, r) => t + r.n, 0) };
}

/**
 * Marking seen sets seen and seenAt and cancels every delivery not yet sent (spec 1 §4): an e-mail
 * scheduled for later never goes out once the user has seen the notification in the app.
 */
export async function markSeen({ ctx, input }: { ctx: ServiceCtx; input: { id: string } }) {
  const me = requireUser(ctx);
  return withTransaction(ctx, async (tx) => {
    const now = ctx.deps.clock.now();
    const updated = await tx.db
      .update(notifications)
      .set({ seen: true, seenAt: now, escalationCancelled: true })
      .where(and(eq(notifications.id, input.id), eq(notifications.userId, me.id)))
      .returning({ id: notifications.id });
    if (updated.length === 0) throw notFound('Notification not found');
    await cancelPendingDeliveries(tx, [input.id]);
    return { ok: true as const };
  });
}

/** Mark all seen reads up to 100 unseen at a time (spec 1 §9), newest first. */
export async function markAllSeen({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  return withTransaction(ctx, async (tx) => {
    const now = ctx.deps.clock.now();
    const unseen = tx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.seen, false)))
      .orderBy(desc(notifications.createdAt))
      .limit(100);
    const updated = await tx.db
      .update(notifications)
      .set({ seen: true, seenAt: now, escalationCancelled: true })
      .where(inArray(notifications.id, unseen))
      .returning({ id: notifications.id });
    await cancelPendingDeliveries(tx, updated.map((u) => u.id));
    return { ok: true as const, marked: updated.length };
  });
}

async function cancelPendingDeliveries(ctx: ServiceCtx, notificationIds: string[]) {
  if (notificationIds.length === 0) return;
  await ctx.db
    .update(notificationDeliveries)
    .set({ status: 'cancelled' })
    .where(and(inArray(notificationDeliveries.notificationId, notificationIds), inArray(notificationDeliveries.status, ['pending', 'scheduled']), ne(notificationDeliveries.channel, 'in_app')));
}
