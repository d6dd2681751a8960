import { z } from 'zod';

/** Display names are shown with a leading @; users may type it or not. */
export const DISPLAY_NAME_PATTERN = /^@?[A-Za-z0-9_.]{3,30}$/;
export const displayNameField = z
  .string({ error: 'Display name is required' })
  .trim()
  .min(1, 'Display name is required')
  .regex(DISPLAY_NAME_PATTERN, 'Display name must be 3 to 30 letters, numbers, dots or underscores')
  .transform((name) => (name.startsWith('@') ? name : `@${name}`));

const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

const socialUrl = (label: string) => optionalText(label, 200);

export const updateProfileInput = z.object({
  displayName: displayNameField.optional(),
  firstName: z.string().trim().min(1, 'First name is required').max(50, 'First name must be at most 50 characters').optional(),
  lastName: z.string().trim().min(1, 'Last name is required').max(50, 'Last name must be at most 50 characters').optional(),
  phone: optionalText('Phone', 30),
  city: optionalText('City', 80),
  state: optionalText('State', 40),
  bio: optionalText('Bio', 1000),
  socials: z
    .object({
      website: socialUrl('Website'),
      instagram: socialUrl('Instagram'),
      facebook: socialUrl('Facebook'),
      tiktok: socialUrl('TikTok'),
    })
    .optional(),
});

export const userByIdInput = z.object({ id: z.uuid({ error: 'User not found' }) });

export const displayNameAvailableInput = z.object({
  displayName: z.string().trim().max(31, 'Display name must be 3 to 30 letters, numbers, dots or underscores'),
});

export type UpdateProfileInput = z.input<typeof updateProfileInput>;

const integrationSettings = z
  .record(z.string().max(50), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((r) => Object.keys(r).length <= 20, 'Too many settings')
  .default({});
const provider = z.string({ error: 'Provider is required' }).trim().min(1, 'Provider is required').max(40, 'Provider is required');

export const addCalendarIntegrationInput = z.object({ provider, isActive: z.boolean().default(true), settings: integrationSettings });
export const updateCalendarIntegrationInput = z.object({
  id: z.string().min(1, 'Calendar integration not found').max(40),
  isActive: z.boolean().optional(),
  settings: integrationSettings,
});
export const calendarIntegrationIdInput = z.object({ id: z.string().min(1, 'Calendar integration not found').max(40) });
export const calendarProviderInput = z.object({ provider });
