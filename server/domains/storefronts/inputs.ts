import { z } from 'zod';

// Storefront forms (/account/storefront, /manage/storefront/{id}/settings) and the server share
// these schemas (spec 1 §3, §5, §9). Money crosses the API as integer cents; the tax rate as a
// percent with up to two decimals (8.25 = 8.25%).

export const STOREFRONT_MESSAGES = {
  exists: 'Storefront already exists for this owner',
  notFound: 'Storefront not found',
  nameRequired: 'Storefront name is required',
  notManager: 'Only the storefront owner or its managers can do that',
  studioNotManaged: 'Only the studio owner or its store managers can open a storefront for it',
} as const;

export const STOREFRONT_PAGE_SIZE = 20;

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be an amount in cents`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_00, `${label} must be at most $100,000.00`);

export const storefrontSettingsInput = z.object({
  acceptsPayments: z.boolean(),
  shippingEnabled: z.boolean(),
  localPickupEnabled: z.boolean(),
  customOrdersEnabled: z.boolean(),
  processingTimeBusinessDays: z
    .number({ error: 'Processing time must be a whole number of business days' })
    .int('Processing time must be a whole number of business days')
    .min(0, 'Processing time cannot be negative')
    .max(90, 'Processing time must be at most 90 business days'),
  /** Percent of the subtotal, 0 to 100, at most two decimals. */
  taxRate: z
    .number({ error: 'Tax rate must be a percentage' })
    .min(0, 'Tax rate cannot be negative')
    .max(100, 'Tax rate must be at most 100%')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Tax rate can have at most two decimals'),
  shippingRate: cents('Shipping rate'),
  /** 0 means shipping is never free. */
  freeShippingThreshold: cents('Free shipping threshold'),
});

const name = z.string({ error: STOREFRONT_MESSAGES.nameRequired }).trim().min(1, STOREFRONT_MESSAGES.nameRequired).max(100, 'Storefront name must be at most 100 characters');
const description = z.string().trim().max(2000, 'Description must be at most 2000 characters');

export const createStorefrontInput = z.object({
  /** A storefront for the signed-in user, or for a studio they may manage (ownerId = the studio id). */
  ownerType: z.enum(['user', 'shop']).default('user'),
  ownerId: z.uuid({ error: 'Studio not found' }).optional(),
  name,
  description: description.default(''),
  settings: storefrontSettingsInput.partial().default({}),
});

export const storefrontIdInput = z.object({ storefrontId: z.uuid({ error: STOREFRONT_MESSAGES.notFound }) });

/**
 * `active`: the state the seller asked for, as their screen showed the button. A page left open
 * while the store changed elsewhere then cannot undo that change by flipping it; without it the
 * call flips the current state.
 */
export const toggleStorefrontActiveInput = storefrontIdInput.extend({ active: z.boolean().optional() });

export const updateStorefrontSettingsInput = storefrontIdInput.extend({
  name: name.optional(),
  description: description.optional(),
  settings: storefrontSettingsInput.partial().default({}),
});

export const listStorefrontsInput = z
  .object({ cursor: z.number().int().min(0).max(100_000).nullish() })
  .default({});

export type CreateStorefrontInput = z.input<typeof createStorefrontInput>;
export type StorefrontSettingsInput = z.input<typeof storefrontSettingsInput>;
