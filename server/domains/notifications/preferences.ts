import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type NotificationChannel, type NotificationType, notificationPreferences } from '../../db/schema/notifications';
import { type ServiceCtx, requireUser } from '../../service-context';
import { invalid } from '../../lib/errors';
import type { updatePreferencesInput } from './inputs';
import { defaultChannels, NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from './rules';

export const SMS_UNAVAILABLE = 'SMS notifications are not available';

/**
 * The caller's type × channel grid: their saved choices over the spec's defaults (spec 1 §9).
 * createNotification filters every new notification's channels by the same rows.
 */
export async function getPreferences({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  const saved = await ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, me.id));
  const choice = new Map(saved.map((row) => [`${row.type}:${row.channel}`, row.enabled]));
  const smsAvailable = ctx.deps.config.smsEnabled;
  return {
    smsAvailable,
    types: NOTIFICATION_TYPES.map((type) => ({
      type,
      channels: Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => [channel, (channel !== 'sms' || smsAvailable) && (choice.get(`${type}:${channel}`) ?? defaultChannels(type).includes(channel))]),
      ) as Record<NotificationChannel, boolean>,
    })),
  };
}

/** Saves grid cells (one statement, so a partial save cannot happen); answers the whole grid. */
export async function updatePreferences({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updatePreferencesInput> }) {
  const me = requireUser(ctx);
  if (!ctx.deps.config.smsEnabled && input.changes.some((c) => c.channel === 'sms' && c.enabled)) throw invalid(SMS_UNAVAILABLE);
  // The last change of a cell wins when one request names it twice.
  const cells = new Map<string, { type: NotificationType; channel: NotificationChannel; enabled: boolean }>();
  for (const change of input.changes) cells.set(`${change.type}:${change.channel}`, change);
  await ctx.db
    .insert(notificationPreferences)
    .values([...cells.values()].map((cell) => ({ userId: me.id, ...cell })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type, notificationPreferences.channel],
      set: { enabled: sql`excluded.enabled` },
    });
  return getPreferences({ ctx });
}
