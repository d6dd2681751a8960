import { z } from 'zod';

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
