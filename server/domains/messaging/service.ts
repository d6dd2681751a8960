import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { keysetPage, olderThan } from '../../lib/pages';
import type { z } from 'zod';
import {
  images,
  type MessageAttachment,
  messages,
  notificationDeliveries,
  notifications,
  shops,
  threadParticipants,
  threads,
  users,
} from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { invalid, notFound } from '../../lib/errors';
import { announce } from '../../lib/live';
import { createNotification } from '../notifications/create';
import { canManageShop } from '../studios/access';
import { requireThreadAccess } from './access';
import {
  type listMessagesInput,
  type listThreadsInput,
  MESSAGE_PAGE_SIZE,
  type openThreadInput,
  type sendMessageInput,
  THREAD_PAGE_SIZE,
} from './inputs';

/**
 * Opens the conversation with a person, or with a studio, reusing the existing one: a dedupe key
 * (sorted ids) with a unique constraint makes two concurrent opens end on one thread.
 */
export async function openThread({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof openThreadInput> }) {
  const me = requireUser(ctx);
  let participantIds: string[];
  let dedupeKey: string;
  let shopId: string | null = null;
  if (input.userId) {
    const [other] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.deleted, false)));
    if (!other) throw notFound('User not found');
    // Compared as stored: the same uuid may arrive in capitals.
    if (other.id === me.id) throw invalid('You cannot message yourself');
    participantIds = [me.id, other.id];
    dedupeKey = `direct:${[...participantIds].sort().join(':')}`;
  } else {
    const [shop] = await ctx.db
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.id, input.shopId ?? ''), eq(shops.deleted, false)));
    if (!shop) throw notFound('Studio not found');
    shopId = shop.id;
    participantIds = [me.id];
    dedupeKey = `shop:${shop.id}:${me.id}`;
  }
  return withTransaction(ctx, async (tx) => {
    const now = ctx.deps.clock.now();
    const [created] = await tx.db
      .insert(threads)
      .values({ shopId, kind: shopId ? 'studio' : 'direct', dedupeKey, createdAt: now, lastUpdated: now })
      .onConflictDoNothing({ target: threads.dedupeKey })
      .returning({ id: threads.id });
    if (created) {
      await tx.db.insert(threadParticipants).values(participantIds.map((userId) => ({ threadId: created.id, userId, joinedAt: now })));
      return { threadId: created.id, created: true };
    }
    const [existing] = await tx.db.select({ id: threads.id }).from(threads).where(eq(threads.dedupeKey, dedupeKey));
    return { threadId: existing.id, created: false };
  });
}

/** My conversations (and the inboxes of studios I manage), most recent first, with unread counts. */
export async function listThreads({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof listThreadsInput> }) {
  const me = requireUser(ctx);
  const now = ctx.deps.clock.now();
  const managed: string[] = [];
  for (const shopId of input.shopIds) if (await canManageShop(ctx.db, me.id, shopId, now)) managed.push(shopId);
  const mine = ctx.db.select({ id: threadParticipants.threadId }).from(threadParticipants).where(eq(threadParticipants.userId, me.id));
  const rows = await ctx.db
    .select()
    .from(threads)
    .where(
      and(
        managed.length ? or(inArray(threads.id, mine), inArray(threads.shopId, managed)) : inArray(threads.id, mine),
        olderThan(input.cursor, threads.lastUpdated, threads.id),
      ),
    )
    .orderBy(desc(threads.lastUpdated), desc(threads.id))
    .limit(THREAD_PAGE_SIZE + 1);
  const { items: page, nextCursor } = keysetPage(rows, THREAD_PAGE_SIZE, (t) => ({ at: t.lastUpdated, id: t.id }));
  const ids = page.map((t) => t.id);
  const people = ids.length
    ? await ctx.db
        .select({
          threadId: threadParticipants.threadId,
          id: users.id,
          displayName: users.displayName,
          firstName: users.firstName,
          lastName: users.lastName,
          photoUrl: users.photoUrl,
        })
        .from(threadParticipants)
        .innerJoin(users, eq(users.id, threadParticipants.userId))
        .where(inArray(threadParticipants.threadId, ids))
    : [];
  const unread = ids.length
    ? await ctx.db
        .select({ threadId: messages.threadId, n: sql<number>`count(*)::int` })
        .from(messages)
        .where(and(inArray(messages.threadId, ids), ne(messages.senderId, me.id), sql`not (${me.id}::uuid = any(${messages.readBy}))`))
        .groupBy(messages.threadId)
    : [];
  const shopNames = page.some((t) => t.shopId)
    ? await ctx.db
        .select({ id: shops.id, name: shops.name })
        .from(shops)
        .where(
          inArray(
            shops.id,
            page.flatMap((t) => (t.shopId ? [t.shopId] : [])),
          ),
        )
    : [];
  const items = page.map((t) => ({
    id: t.id,
    kind: t.kind,
    shopId: t.shopId,
    shopName: shopNames.find((s) => s.id === t.shopId)?.name ?? null,
    lastMessagePreview: t.lastMessagePreview,
    lastUpdated: t.lastUpdated,
    participants: people.filter((p) => p.threadId === t.id && p.id !== me.id),
    unread: unread.find((u) => u.threadId === t.id)?.n ?? 0,
  }));
  return { items, nextCursor };
}

export async function getThread({ ctx, input }: { ctx: ServiceCtx; input: { threadId: string } }) {
  const me = requireUser(ctx);
  const thread = await requireThreadAccess(ctx, input.threadId);
  const people = await ctx.db
    .select({
      id: users.id,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      photoUrl: users.photoUrl,
    })
    .from(threadParticipants)
    .innerJoin(users, eq(users.id, threadParticipants.userId))
    .where(eq(threadParticipants.threadId, thread.id));
  const [shop] = thread.shopId
    ? await ctx.db.select({ name: shops.name, urlSlug: shops.urlSlug }).from(shops).where(eq(shops.id, thread.shopId))
    : [];
  return { id: thread.id, kind: thread.kind, shop: shop ?? null, participants: people.filter((p) => p.id !== me.id), me: me.id };
}

/** Newest first, 20 a page (spec 2 §7). */
export async function listMessages({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof listMessagesInput> }) {
  await requireThreadAccess(ctx, input.threadId);
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.threadId, input.threadId), olderThan(input.cursor, messages.createdAt, messages.id)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_PAGE_SIZE + 1);
  const page = keysetPage(rows, MESSAGE_PAGE_SIZE, (m) => ({ at: m.createdAt, id: m.id }));
  return { ...page, items: await withPhotoSizes(ctx, page.items) };
}

/** A message's attachment as listed: a photo with its stored size when known. */
export type SizedAttachment = MessageAttachment & { width?: number; height?: number };

/**
 * The stored width and height of each photo, so the conversation can hold a photo's place before
 * it has loaded (and the newest message does not slide away as photos arrive).
 */
async function withPhotoSizes<M extends { attachments: MessageAttachment[] }>(
  ctx: ServiceCtx,
  items: M[],
): Promise<Array<Omit<M, 'attachments'> & { attachments: SizedAttachment[] }>> {
  const urls = [...new Set(items.flatMap((m) => m.attachments.flatMap((a) => (a.type === 'image' && a.url ? [a.url] : []))))];
  const sizes = urls.length
    ? await ctx.db.select({ url: images.url, width: images.width, height: images.height }).from(images).where(inArray(images.url, urls))
    : [];
  return items.map((m) => ({
    ...m,
    attachments: m.attachments.map((a): SizedAttachment => {
      const size = a.type === 'image' ? sizes.find((s) => s.url === a.url && s.width && s.height) : undefined;
      return size?.width && size.height ? { ...a, width: size.width, height: size.height } : a;
    }),
  }));
}

/**
 * Posts a message with optional photos (images the sender uploaded), moves the thread to the top,
 * and notifies every other participant (message_received) in the same transaction.
 */
export async function sendMessage({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof sendMessageInput> }) {
  const me = requireUser(ctx);
  const thread = await requireThreadAccess(ctx, input.threadId);
  let attachments: MessageAttachment[] = [];
  if (input.imageUrls.length) {
    const owned = await ctx.db
      .select({ url: images.url })
      .from(images)
      .where(and(inArray(images.url, input.imageUrls), eq(images.uploadedBy, me.id)));
    if (owned.length !== new Set(input.imageUrls).size) throw invalid('Photos must be uploaded by you before they are sent');
    attachments = input.imageUrls.map((url) => ({ type: 'image', url }));
  }
  return withTransaction(ctx, async (tx) => {
    const now = ctx.deps.clock.now();
    const [message] = await tx.db
      .insert(messages)
      .values({
        threadId: thread.id,
        senderId: me.id,
        body: input.body,
        attachments,
        hasAttachments: attachments.length > 0,
        readBy: [me.id],
        createdAt: now,
      })
      .returning();
    const preview = input.body ? input.body.slice(0, 140) : '📷 Photo';
    await tx.db.update(threads).set({ lastUpdated: now, lastMessagePreview: preview }).where(eq(threads.id, thread.id));
    const recipients = await recipientsOf(tx, thread.id, thread.shopId, me.id);
    await announce(tx.db, { topic: 'message', userIds: [me.id, ...recipients], payload: { threadId: thread.id } });
    for (const userId of recipients) {
      await createNotification(tx, {
        userId,
        type: 'message_received',
        title: `New message from ${me.displayName}`,
        body: preview,
        data: { threadId: thread.id, messageId: message.id },
      });
    }
    return message;
  });
}

/** The other participants, plus the studio's owner for a studio conversation. */
async function recipientsOf(ctx: ServiceCtx, threadId: string, shopId: string | null, senderId: string) {
  const rows = await ctx.db
    .select({ userId: threadParticipants.userId })
    .from(threadParticipants)
    .where(eq(threadParticipants.threadId, threadId));
  const ids = new Set(rows.map((r) => r.userId));
  if (shopId) {
    const [shop] = await ctx.db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId));
    if (shop?.ownerId) ids.add(shop.ownerId);
  }
  ids.delete(senderId);
  return [...ids];
}

/**
 * Read receipts: adds me to readBy of the thread's messages and marks my message_received
 * notifications for it seen, which cancels their e-mail if it has not gone out yet.
 */
export async function markThreadRead({ ctx, input }: { ctx: ServiceCtx; input: { threadId: string } }) {
  const me = requireUser(ctx);
  await requireThreadAccess(ctx, input.threadId);
  return withTransaction(ctx, async (tx) => {
    const now = ctx.deps.clock.now();
    const read = await tx.db
      .update(messages)
      .set({ readBy: sql`array_append(${messages.readBy}, ${me.id}::uuid)` })
      .where(and(eq(messages.threadId, input.threadId), sql`not (${me.id}::uuid = any(${messages.readBy}))`))
      .returning({ id: messages.id });
    await tx.db
      .update(threadParticipants)
      .set({ lastReadAt: now })
      .where(and(eq(threadParticipants.threadId, input.threadId), eq(threadParticipants.userId, me.id)));
    const seen = await tx.db
      .update(notifications)
      .set({ seen: true, seenAt: now, escalationCancelled: true })
      .where(
        and(
          eq(notifications.userId, me.id),
          eq(notifications.type, 'message_received'),
          eq(notifications.seen, false),
          sql`${notifications.data} ->> 'threadId' = ${input.threadId}`,
        ),
      )
      .returning({ id: notifications.id });
    if (seen.length) {
      await tx.db
        .update(notificationDeliveries)
        .set({ status: 'cancelled' })
        .where(
          and(
            inArray(
              notificationDeliveries.notificationId,
              seen.map((s) => s.id),
            ),
            inArray(notificationDeliveries.status, ['pending', 'scheduled']),
          ),
        );
    }
    return { read: read.length };
  });
}
