import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from './rules';

export const NOTIFICATION_PAGE_SIZE = 20;
/** Spec 1 §9: the user's in-app list reads up to 100. */
export const NOTIFICATION_LIST_MAX = 100;

export const listNotificationsInput = z
  .object({
    limit: z.number().int().min(1).max(NOTIFICATION_LIST_MAX).default(NOTIFICATION_PAGE_SIZE),
    cursor: z.string().max(100).nullish(),
  })
  .default({ limit: NOTIFICATION_PAGE_SIZE });

export const markSeenInput = z.object({ id: z.uuid({ error: 'Notification not found' }) });

/** One or more cells of the type × channel preferences grid (all 28 at most). */
export const updatePreferencesInput = z.object({
  changes: z
    .array(
      z.object({
        type: z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type' }),
        channel: z.enum(NOTIFICATION_CHANNELS, { error: 'Unknown notification channel' }),
        enabled: z.boolean({ error: 'Choose on or off' }),
      }),
    )
    .min(1, { error: 'Nothing to save' })
    .max(NOTIFICATION_TYPES.length * NOTIFICATION_CHANNELS.length, { error: 'Too many changes at once' }),
});
