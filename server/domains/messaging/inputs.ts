import { z } from 'zod';

export const THREAD_PAGE_SIZE = 20;
export const MESSAGE_PAGE_SIZE = 20;
export const MESSAGE_MAX_LENGTH = 5000;

export const openThreadInput = z
  .object({ userId: z.uuid({ error: 'User not found' }).optional(), shopId: z.uuid({ error: 'Studio not found' }).optional() })
  .refine((v) => Boolean(v.userId) !== Boolean(v.shopId), { message: 'Choose a person or a studio to message' });

export const listThreadsInput = z
  .object({
    cursor: z.string().max(100).nullish(),
    /** Studio inboxes to include (spec 2 §7: at most 10 shop ids). */
    shopIds: z.array(z.uuid()).max(10, 'At most 10 studios at a time').default([]),
  })
  .default({ shopIds: [] });

export const threadIdInput = z.object({ threadId: z.uuid({ error: 'Conversation not found' }) });
export const listMessagesInput = threadIdInput.extend({ cursor: z.string().max(100).nullish() });

export const sendMessageInput = z
  .object({
    threadId: z.uuid({ error: 'Conversation not found' }),
    body: z.string().trim().max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`).default(''),
    imageUrls: z.array(z.string().max(500)).max(6, 'Attach at most 6 photos').default([]),
  })
  .refine((m) => m.body.length > 0 || m.imageUrls.length > 0, { message: 'Write a message or attach a photo', path: ['body'] });
