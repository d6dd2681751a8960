import { z } from 'zod';
import {
  ESCALATION_PROFILE_VALUES,
  NOTIFICATION_CHANNEL_VALUES,
  NOTIFICATION_PRIORITY_VALUES,
  NOTIFICATION_TYPE_VALUES,
} from '../../db/schema/notification-values';
import type { UserType } from '../../db/schema/users';
import { DELIVERABLE_CHANNELS, SMS_DISABLED_MESSAGE, SMS_ENABLED } from '../notifications/rules';
import { displayNameField } from '../users/inputs';
import { PAYMENT_TYPE_VALUES, TATTOO_STYLES } from '../../db/schema/studio-values';

// Inputs of the admin console (spec 2 §2, §3, §5), shared by the procedures and the console's forms.

/** Spec 2 §9: lists 100, search 50 per field, success message 3 s, boost 0-100, quality 0-10. */
export const ADMIN_LIST_LIMIT = 100;
export const ADMIN_SEARCH_PER_FIELD = 50;
export const ADMIN_SUCCESS_MS = 3000;
export const BOOST_MAX = 100;
export const QUALITY_MAX = 10;

export { ACCESS_DENIED_MESSAGE } from './rules';

/** Every user type an admin can grant or revoke (spec 2 §3: includes Artist, AppAdmin, Owner). */
export const ADMIN_USER_TYPES = ['client', 'artist', 'studio', 'Artist', 'AppAdmin', 'Owner', 'Administrative'] as const satisfies readonly UserType[];

export const ADMIN_MESSAGES = {
  userUpdated: 'User updated successfully',
  artistUpdated: 'Artist updated successfully',
  studioUpdated: 'Studio updated successfully',
  storefrontUpdated: 'Storefront updated successfully',
  userNotFound: 'User not found',
  artistNotFound: 'Artist not found',
  studioNotFound: 'Studio not found',
  storefrontNotFound: 'Storefront not found',
  displayNameTaken: 'Display name is already taken',
  studioDisplayNameTaken: 'That display name is already taken by another studio',
  studioUrlTaken: 'That URL is already taken by another studio',
  ownAdminAccess: 'You cannot remove your own AppAdmin access',
  ownAccountDelete: 'You cannot delete your own account',
} as const;

export const searchInput = z.object({
  query: z
    .string({ error: 'Please enter a search term' })
    .trim()
    .min(1, 'Please enter a search term')
    .max(100, 'Search terms are at most 100 characters'),
});

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((v) => (v ? v : null));
const boost = z
  .number({ error: 'Boost must be between 0 and 100' })
  .int('Boost must be a whole number')
  .min(0, 'Boost must be between 0 and 100')
  .max(BOOST_MAX, 'Boost must be between 0 and 100');
const endorsements = z
  .number({ error: 'Endorsements must be 0 or more' })
  .int('Endorsements must be a whole number')
  .min(0, 'Endorsements must be 0 or more')
  .max(1_000_000_000, 'Endorsements must be at most 1,000,000,000');
const unique = <T>(items: T[]) => [...new Set(items)];

export const updateUserInput = z.object({
  id: z.uuid({ error: ADMIN_MESSAGES.userNotFound }),
  displayName: displayNameField,
  firstName: text('First name', 50),
  lastName: text('Last name', 50),
  phone: optionalText('Phone', 30),
  city: optionalText('City', 80),
  state: optionalText('State', 40),
  bio: optionalText('Bio', 1000),
  userTypes: z.array(z.enum(ADMIN_USER_TYPES, { error: 'Unknown user type' })).max(ADMIN_USER_TYPES.length).transform(unique),
  deleted: z.boolean(),
});

const requiredText = (message: string, max: number, label: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

export const updateArtistInput = z.object({
  id: z.uuid({ error: ADMIN_MESSAGES.artistNotFound }),
  name: requiredText('Artist name is required', 100, 'Artist name'),
  displayName: requiredText('Display name is required', 60, 'Display name'),
  bio: optionalText('Bio', 2000),
  city: optionalText('City', 80),
  state: optionalText('State', 40),
  isVerified: z.boolean(),
  isFeatured: z.boolean(),
  boost,
  isActive: z.boolean(),
  isBookable: z.boolean(),
  bookingStyle: requiredText('Booking style is required', 40, 'Booking style'),
  showBanner: z.boolean(),
  deleted: z.boolean(),
  endorsements,
  tattooStyles: z.array(z.enum(TATTOO_STYLES, { error: 'Unknown tattoo style' })).max(TATTOO_STYLES.length).transform(unique),
});

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Invalid email format')
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || z.email().safeParse(v).success, 'Invalid email format');

export const updateStudioInput = z.object({
  id: z.uuid({ error: ADMIN_MESSAGES.studioNotFound }),
  name: requiredText('Studio name is required', 100, 'Studio name'),
  displayName: requiredText('Display name is required', 60, 'Display name'),
  email: optionalEmail,
  phone: optionalText('Phone', 30),
  website: optionalText('Website', 200),
  description: optionalText('Description', 5000),
  street: text('Street', 200),
  city: text('City', 80),
  state: text('State', 40),
  zipCode: text('ZIP code', 20),
  isVerified: z.boolean(),
  isFeatured: z.boolean(),
  boost,
  quality: z
    .number({ error: 'Quality must be between 0 and 10' })
    .int('Quality must be a whole number')
    .min(0, 'Quality must be between 0 and 10')
    .max(QUALITY_MAX, 'Quality must be between 0 and 10'),
  endorsements,
  isActive: z.boolean(),
  isBookable: z.boolean(),
  deleted: z.boolean(),
  paymentTypes: z.array(z.enum(PAYMENT_TYPE_VALUES, { error: 'Unknown payment type' })).max(PAYMENT_TYPE_VALUES.length).transform(unique),
  tattooStyles: z.array(z.enum(TATTOO_STYLES, { error: 'Unknown tattoo style' })).max(TATTOO_STYLES.length).transform(unique),
});

export const updateStorefrontInput = z.object({
  id: z.uuid({ error: ADMIN_MESSAGES.storefrontNotFound }),
  name: requiredText('Storefront name is required', 100, 'Storefront name'),
  description: text('Description', 5000),
  isActive: z.boolean(),
  verified: z.boolean(),
  featured: z.boolean(),
  boost,
});

export const AUDIT_ENTITY_TYPES = ['user', 'artist', 'shop', 'storefront', 'blog'] as const;
export const auditInput = z.object({
  entityType: z.enum(AUDIT_ENTITY_TYPES, { error: 'Unknown record type' }),
  entityId: z.uuid({ error: 'Record not found' }),
});

export const byIdInput = z.object({ id: z.uuid({ error: 'Not found' }) });

// ---------------------------------------------------------------------------------------------
// Notification test form (spec 2 §3, §5)
// ---------------------------------------------------------------------------------------------

/** The test form offers every value the schema allows, and only the channels that can deliver. */
export {
  DELIVERABLE_CHANNELS as TEST_CHANNELS,
  ESCALATION_PROFILE_VALUES as TEST_PROFILES,
  NOTIFICATION_PRIORITY_VALUES as TEST_PRIORITIES,
  NOTIFICATION_TYPE_VALUES as TEST_NOTIFICATION_TYPES,
};

export const NOTIFICATION_FORM_MESSAGES = {
  required: 'Please fill in all required fields',
  invalidJson: 'Invalid JSON in custom data field',
} as const;

/** Parses the custom data field: empty means {}; anything but a JSON object is refused. */
export function parseCustomData(value: string): Record<string, unknown> | null {
  if (value.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const requiredField = z.string({ error: NOTIFICATION_FORM_MESSAGES.required }).trim().min(1, NOTIFICATION_FORM_MESSAGES.required);

export const testNotificationInput = z.object({
  type: z.enum(NOTIFICATION_TYPE_VALUES, { error: 'Unknown notification type' }),
  title: requiredField.max(200, 'Title must be at most 200 characters'),
  body: requiredField.max(2000, 'Body must be at most 2000 characters'),
  channels: z
    .array(z.enum(NOTIFICATION_CHANNEL_VALUES, { error: 'Unknown channel' }))
    .min(1, 'Pick at least one channel')
    .max(4)
    // Said, not dropped: a test asking for SMS would otherwise look sent on a channel that never is.
    .refine((channels) => SMS_ENABLED || !channels.includes('sms'), { error: SMS_DISABLED_MESSAGE })
    .transform(unique),
  priority: z.enum(NOTIFICATION_PRIORITY_VALUES, { error: 'Unknown priority' }),
  escalationProfile: z.enum(ESCALATION_PROFILE_VALUES, { error: 'Unknown escalation profile' }),
  targetUserId: z.string({ error: NOTIFICATION_FORM_MESSAGES.required }).trim().min(1, NOTIFICATION_FORM_MESSAGES.required).pipe(z.uuid({ error: ADMIN_MESSAGES.userNotFound })),
  customData: z
    .string()
    .max(10_000, 'Custom data must be at most 10,000 characters')
    .default('')
    .transform((value, ctx) => {
      const parsed = parseCustomData(value);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: NOTIFICATION_FORM_MESSAGES.invalidJson });
        return z.NEVER;
      }
      return parsed;
    }),
});

export const QUICK_TESTS = ['inbox', 'calendar'] as const;
export const quickTestInput = z.object({ kind: z.enum(QUICK_TESTS, { error: 'Unknown quick test' }) });

// ---------------------------------------------------------------------------------------------
// Admin Login (spec 2 §2, §5): its own messages; the credentials then go to auth.login.
// ---------------------------------------------------------------------------------------------

export const ADMIN_LOGIN_MESSAGES = {
  email: 'Please enter your email address',
  password: 'Please enter your password',
  unexpected: 'An unexpected error occurred during login',
} as const;

export const adminLoginInput = z.object({
  email: z.string({ error: ADMIN_LOGIN_MESSAGES.email }).trim().min(1, ADMIN_LOGIN_MESSAGES.email),
  password: z.string({ error: ADMIN_LOGIN_MESSAGES.password }).refine((value) => value.trim() !== '', ADMIN_LOGIN_MESSAGES.password),
});

/** The choices of the edit dialogs' style and payment lists. */
export { PAYMENT_TYPE_VALUES, TATTOO_STYLES };

// ---------------------------------------------------------------------------------------------
// Payment Testing (spec 2 §2, §9): test cards and subscription scenarios against the provider
// ---------------------------------------------------------------------------------------------

/** The test cards the local provider and Stripe's test mode both understand. */
export const TEST_CARDS = [
  { id: 'pm_card_visa', label: 'Visa (succeeds)' },
  { id: 'pm_card_mastercard', label: 'Mastercard (succeeds)' },
  { id: 'pm_card_chargeDeclined', label: 'Declined card' },
  { id: 'pm_card_chargeDeclinedInsufficientFunds', label: 'Insufficient funds' },
] as const;
export const PAYMENT_TEST_ENVIRONMENTS = ['development', 'production'] as const;
/** Spec 2 §9: trial days -1 means the plan's default, 0 none, else custom (the tool offers 7 or 3). */
export const TEST_TRIAL_CHOICES = [-1, 0, 7, 3] as const;
/** Spec 2 §9: the payment-test results log keeps 50 entries. */
export const PAYMENT_TEST_LOG_LIMIT = 50;

const testCard = z.enum(TEST_CARDS.map((c) => c.id) as [string, ...string[]], { error: 'Unknown test card' });

export const testCardChargeInput = z.object({
  card: testCard,
  amount: z.number({ error: 'Amount must be greater than 0' }).int('Amount must be in whole cents').min(100, 'Minimum amount is $1.00').max(1_000_000, 'Maximum amount is $10,000.00'),
});

export const testSubscriptionInput = z.object({
  plan: z.enum(['artist_pro', 'studio'], { error: 'Invalid plan selected' }),
  environment: z.enum(PAYMENT_TEST_ENVIRONMENTS, { error: 'Unknown environment' }),
  trialDays: z.number({ error: 'Trial days must be -1, 0 or a number of days' }).int().min(-1, 'Trial days must be -1, 0 or a number of days').max(365),
  card: testCard,
});
