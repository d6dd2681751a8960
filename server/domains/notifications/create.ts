import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  type EscalationProfile,
  type NotificationChannel,
  type NotificationData,
  type NotificationPriority,
  type NotificationType,
  notificationPreferences,
} from '../../db/schema/notifications';
import { executeRows, sqlTime } from '../../db/sql';
import type { ServiceCtx } from '../../service-context';
import { EVENTS_CHANNEL, type LiveEvent } from '../../lib/events';
import { MINUTE } from '../../lib/time';
import { DEFAULT_PRIORITY, DEFAULT_PROFILE, MAX_ATTEMPTS, NOTIFICATION_CHANNELS, channelDelayMinutes, defaultChannels } from './rules';

export type NewNotification = Notice & { userId: string };

/** What a notification says and how it escalates, whoever receives it. */
export type Notice = {
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

/** One column `user_id`: who gets the notice (a query, so a caller can choose them in SQL). */
export type Recipients = SQL;

type QueueOptions = {
  answer?: SQL;
  /**
   * 'after-commit': the statement does not NOTIFY; `queued` returns each row's `channels` and the
   * caller announces the in-app ones once its transaction has committed (liveNotificationEvent),
   * so a hot transaction's commit is not held up by a NOTIFY (see server/lib/announcer.ts).
   */
  live?: 'in-statement' | 'after-commit';
};

/** Announced as the row is written (PostgreSQL delivers a NOTIFY only when the transaction commits). */
const announcedAsWritten = sql`case when 'in_app' = any(channels) then pg_notify(${EVENTS_CHANNEL}, json_build_object('topic', 'notification', 'userIds', json_build_array(user_id), 'payload', json_build_object('type', type))::text) end as announced`;

/** The live event that tells open pages of these users about a new in-app notification of `type`. */
export const liveNotificationEvent = (userIds: string[], type: NotificationType): LiveEvent => ({ topic: 'notification', userIds, payload: { type } });

/**
 * The statement that queues `notice` for every recipient: a notification row per user with the
 * channels that user accepts (stored preferences over the spec's defaults), one delivery row per
 * channel scheduled per the escalation table, and a live announcement for in-app ones. One
 * statement, so a fan-out is one round trip; run it on the caller's transaction (ctx.db) to commit
 * or roll back with the action it reports. `answer` replaces the final `select id, user_id from queued`.
 */
export function queueNotificationsSql(ctx: ServiceCtx, recipients: Recipients, notice: Notice, options: QueueOptions = {}): SQL {
  const { config } = ctx.deps;
  const profile = notice.escalationProfile ?? DEFAULT_PROFILE[notice.type];
  const onByDefault = new Set(defaultChannels(notice.type));
  const requested = notice.channels ?? NOTIFICATION_CHANNELS;
  // SMS needs a provider; without one it is never scheduled.
  const plan = NOTIFICATION_CHANNELS.flatMap((channel, position) => {
    const minutes = channelDelayMinutes(notice.type, channel, profile);
    if (minutes === null || !requested.includes(channel) || (channel === 'sms' && !config.smsEnabled)) return [];
    // in_app is delivered by being stored; the live bus tells open pages.
    const status = channel === 'in_app' ? 'sent' : minutes === 0 ? 'pending' : 'scheduled';
    return [sql`(${channel}::notification_channel, ${position}::int, ${onByDefault.has(channel)}::boolean, ${status}::notification_delivery_status, ${minutes * MINUTE}::bigint)`];
  });
  const at = sqlTime(ctx.deps.clock.now());
  const data = JSON.stringify(notice.data ?? {});
  const planRows = plan.length > 0 ? sql.join(plan, sql`, `) : sql`(null::notification_channel, 0, false, null::notification_delivery_status, 0::bigint)`;
  return sql`with recipients (user_id) as (${recipients}),
    plan (channel, position, on_by_default, status, delay_ms) as (values ${planRows}),
    accepted as (
      select r.user_id, p.channel, p.position, p.status, ${at} + p.delay_ms * interval '1 millisecond' as scheduled_for from recipients r cross join plan p
      where p.channel is not null and coalesce((select np.enabled from notification_preferences np
        where np.user_id = r.user_id and np.type = ${notice.type}::notification_type and np.channel = p.channel), p.on_by_default)),
    queued as (
      insert into notifications (user_id, type, channels, title, body, data, priority, escalation_profile, max_attempts, scheduled_for, created_at, expires_at)
      select r.user_id, ${notice.type}::notification_type,
        array(select a.channel::text from accepted a where a.user_id = r.user_id order by a.position),
        ${notice.title}::text, ${notice.body}::text, ${data}::jsonb, ${notice.priority ?? DEFAULT_PRIORITY[notice.type]}::notification_priority,
        ${profile}::escalation_profile, ${MAX_ATTEMPTS}::int, ${at}, ${at}, ${notice.expiresAt ? sqlTime(notice.expiresAt) : sql`null::timestamptz`}
      from recipients r
      returning id, user_id, ${options.live === 'after-commit' ? sql`channels` : announcedAsWritten}),
    delivered as (
      insert into notification_deliveries (notification_id, user_id, channel, status, scheduled_for, sent_at, created_at)
      select q.id, q.user_id, a.channel, a.status, a.scheduled_for, case when a.channel = 'in_app' then ${at} end, ${at}
      from queued q join accepted a on a.user_id = q.user_id)
    ${options.answer ?? sql`select id, user_id from queued`}`;
}

/** Queues a notification for one user (see queueNotificationsSql). Returns the notification id. */
export async function createNotification(ctx: ServiceCtx, input: NewNotification): Promise<string> {
  const { userId, ...notice } = input;
  const [row] = await executeRows<{ id: string }>(ctx.db, queueNotificationsSql(ctx, sql`select ${userId}::uuid`, notice));
  return row.id;
}
