import { and, eq } from 'drizzle-orm';
import {
  type EscalationProfile,
  type NotificationChannel,
  type NotificationData,
  type NotificationPriority,
  type NotificationType,
  notificationDeliveries,
  notificationPreferences,
  notifications,
} from '../../db/schema/notifications';
import type { ServiceCtx } from '../../lib/context';
import { announce } from '../../lib/live';
import { MINUTE } from '../../lib/time';
import { DEFAULT_PRIORITY, DEFAULT_PROFILE, MAX_ATTEMPTS, NOTIFICATION_CHANNELS, channelDelayMinutes, defaultChannels } from './rules';

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  data?: NotificationData;
  priority?: NotificationPriority;
  escalationProfile?: EscalationProfile;
  /** Channels asked for (default: every channel); filtered by the user's preferences. */
  channels?: NotificationChannel[];
  expiresAt?: Date | null;
};

/** The channels a user accepts for a type: stored preferences over the spec's defaults. */
export async function enabledChannels(ctx: ServiceCtx, userId: string, type: NotificationType): Promise<Set<NotificationChannel>> {
  const enabled = new Set(defaultChannels(type));
  const rows = await ctx.db
    .select({ channel: notificationPreferences.channel, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
  for (const row of rows) {
    if (row.enabled) enabled.add(row.channel);
    else enabled.delete(row.channel);
  }
  return enabled;
}

/**
 * Queues a notification and one delivery row per accepted channel, scheduled per the escalation
 * table. Call it with the caller's transaction (ctx.db) so it commits or rolls back with the
 * action it reports; the dispatcher job sends what is due. Returns the notification id.
 */
export async function createNotification(ctx: ServiceCtx, input: NewNotification): Promise<string> {
  const now = ctx.deps.clock.now();
  const profile = input.escalationProfile ?? DEFAULT_PROFILE[input.type];
  const accepted = await enabledChannels(ctx, input.userId, input.type);
  const requested = input.channels ?? NOTIFICATION_CHANNELS;
  const channels = requested.filter((c) => accepted.has(c) && channelDelayMinutes(input.type, c, profile) !== null);
  // SMS needs a provider; without one it is never scheduled.
  const deliverable = channels.filter((c) => c !== 'sms' || ctx.deps.config.smsEnabled);

  const [row] = await ctx.db
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      channels: deliverable,
      title: input.title,
      body: input.body,
      data: input.data ?? {},
      priority: input.priority ?? DEFAULT_PRIORITY[input.type],
      escalationProfile: profile,
      maxAttempts: MAX_ATTEMPTS,
      scheduledFor: now,
      createdAt: now,
      expiresAt: input.expiresAt ?? null,
    })
    .returning({ id: notifications.id });

  if (deliverable.length > 0) {
    await ctx.db.insert(notificationDeliveries).values(
      deliverable.map((channel) => {
        const minutes = channelDelayMinutes(input.type, channel, profile) ?? 0;
        return {
          notificationId: row.id,
          userId: input.userId,
          channel,
          // in_app is delivered by being stored; the live bus tells open pages.
          status: channel === 'in_app' ? ('sent' as const) : minutes === 0 ? ('pending' as const) : ('scheduled' as const),
          sentAt: channel === 'in_app' ? now : null,
          scheduledFor: new Date(now.getTime() + minutes * MINUTE),
          createdAt: now,
        };
      }),
    );
  }
  if (deliverable.includes('in_app')) await announce(ctx.db, { topic: 'notification', userIds: [input.userId], payload: { type: input.type } });
  return row.id;
}
