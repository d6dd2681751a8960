import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { notFound } from '../../lib/errors';
import { createNotification } from '../notifications/create';
import { writeAudit } from '../../lib/audit';
import { ADMIN_MESSAGES, type quickTestInput, type testNotificationInput } from './inputs';

// Notification Management (spec 2 §2, §3 test form, §5): test notifications go through the real
// notification service, so they land in the inbox or calendar and are delivered per channel.

export const TEST_SENT_MESSAGE = 'Test notification sent';

async function send(
  ctx: ServiceCtx,
  adminId: string,
  input: Omit<z.output<typeof testNotificationInput>, 'customData'> & { customData: Record<string, unknown> },
) {
  return withTransaction(ctx, async (tx) => {
    const [target] = await tx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.targetUserId), eq(users.deleted, false)))
      .limit(1);
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    const id = await createNotification(tx, {
      userId: target.id,
      type: input.type,
      title: input.title,
      body: input.body,
      channels: input.channels,
      priority: input.priority,
      escalationProfile: input.escalationProfile,
      data: { ...input.customData, test: true, sentBy: adminId },
    });
    await writeAudit(tx.db, {
      actorId: adminId,
      action: 'notification.test',
      entityType: 'notification',
      entityId: id,
      before: {},
      after: { type: input.type, targetUserId: target.id, channels: input.channels, priority: input.priority, escalationProfile: input.escalationProfile },
      at: tx.deps.clock.now(),
    });
    return { id, message: TEST_SENT_MESSAGE };
  });
}

/** The test-notification form. */
export async function sendTestNotification({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof testNotificationInput> }) {
  const admin = requireUser(ctx);
  return send(ctx, admin.id, input);
}

/** Test Inbox Notification / Test Calendar Notification: to the signed-in admin. */
export async function sendQuickTest({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof quickTestInput> }) {
  const admin = requireUser(ctx);
  const inbox = input.kind === 'inbox';
  return send(ctx, admin.id, {
    type: inbox ? 'message_received' : 'event_reminder',
    title: inbox ? 'Test Inbox Notification' : 'Test Calendar Notification',
    body: inbox ? 'This is a test message notification from the admin console.' : 'This is a test calendar reminder from the admin console.',
    channels: ['in_app', 'push'],
    priority: inbox ? 'normal' : 'high',
    escalationProfile: inbox ? 'normal' : 'urgent',
    targetUserId: admin.id,
    customData: { quickTest: input.kind },
  });
}
