import { z } from 'zod';
import { PAYMENT_TYPE_VALUES, SHOP_USER_TYPE, TATTOO_STYLES, WEEKDAYS } from '../../db/schema/studio-values';
import { normalizeTime, US_STATES } from './rules';

// The Create New Studio dialog and the manage page share these schemas (spec 1 §2, §5).

export const TIMEZONE_OPTIONS = [
  { label: 'New York', value: 'America/New_York' },
  { label: 'Chicago', value: 'America/Chicago' },
  { label: 'Denver', value: 'America/Denver' },
  { label: 'Los Angeles', value: 'America/Los_Angeles' },
  { label: 'Anchorage', value: 'America/Anchorage' },
  { label: 'Honolulu', value: 'Pacific/Honolulu' },
] as const;
const TIMEZONES = TIMEZONE_OPTIONS.map((t) => t.value) as [string, ...string[]];

const required = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const time = z.string({ error: 'Times must be HH:MM' }).transform((value, ctx) => {
  const normalized = normalizeTime(value);
  if (!normalized) ctx.addIssue({ code: 'custom', message: 'Times must be HH:MM' });
  return normalized ?? value;
});
const dayHours = z.object({ open: z.boolean(), start: time, end: time });
export const openingHoursInput = z
  .object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours.optional()])) as Record<(typeof WEEKDAYS)[number], z.ZodOptional<typeof dayHours>>,
  )
  .strict();

/** The switches both studio forms show (the Create New Studio dialog's toggles, spec 1 §2). */
export const studioToggles = {
  lookingForResident: z.boolean(),
  lookingForGuest: z.boolean(),
  isBookable: z.boolean(),
  useArtistsPortfolios: z.boolean(),
  useArtistsFlashes: z.boolean(),
};
type Toggles = typeof studioToggles;
/** A new studio starts with every switch off unless the dialog turned it on. */
const togglesOffByDefault = Object.fromEntries(Object.entries(studioToggles).map(([name, toggle]) => [name, toggle.default(false)])) as {
  [K in keyof Toggles]: z.ZodDefault<Toggles[K]>;
};

const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

export const createStudioInput = z.object({
  name: required('Studio name', 80),
  address: required('Address', 160),
  city: required('City', 80),
  state: z.enum(US_STATES, { error: 'State is required' }),
  zipCode: required('Zip code', 10).regex(/^\d{5}(-\d{4})?$/, 'Zip code must be 5 digits'),
  timezone: z.enum(TIMEZONES, { error: 'Timezone is required' }),
  phone: required('Phone', 30),
  email: required('Email', 254).pipe(z.email({ error: 'Invalid email format' })),
  website: optionalText('Website', 200),
  description: optionalText('Description', 2000),
  openingHours: openingHoursInput.default({}),
  ...togglesOffByDefault,
});

/**
 * An update changes only the fields it names: the creation defaults are left out (with them, an
 * update naming one switch turned every other switch off and emptied the opening hours).
 */
export const updateStudioInput = createStudioInput
  .extend({ openingHours: openingHoursInput, ...studioToggles })
  .partial()
  .extend({
    id: z.uuid({ error: 'Studio not found' }),
    /** The studio page shows its galleries as carousels; set on the manage page only (not a dialog toggle). */
    useCarousel: z.boolean().optional(),
    urlSlug: z
      .string()
      .trim()
      .transform((s) => s.replace(/^@/, '').toLowerCase())
      .pipe(z.string().regex(/^[a-z0-9][a-z0-9-]{1,59}$/, 'URL must be 2 to 60 letters, numbers or hyphens'))
      .optional(),
    paymentTypes: z
      .array(z.enum(PAYMENT_TYPE_VALUES, { error: 'Unknown payment type' }))
      .max(20)
      .optional(),
    tattooStyles: z
      .array(z.enum(TATTOO_STYLES, { error: 'Unknown tattoo style' }))
      .max(40)
      .optional(),
  });

export const studioIdInput = z.object({ id: z.uuid({ error: 'Studio not found' }) });
export const studioSlugInput = z.object({ slug: z.string().trim().min(1, 'Studio not found').max(100, 'Studio not found') });

export const STUDIO_PAGE_SIZE = 10;
export const studioSearchInput = z
  .object({
    query: z.string().trim().max(80, 'Search must be at most 80 characters').default(''),
    state: z.enum(US_STATES, { error: 'Choose a US state' }).optional(),
    lookingForResident: z.boolean().optional(),
    lookingForGuest: z.boolean().optional(),
    near: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
    cursor: z.number().int().min(0).max(10_000).nullish(),
  })
  .default({ query: '' });

export const handleAvailableInput = z.object({
  handle: z.string().trim().max(80, 'Studio not found'),
  studioId: z.uuid().optional(),
});

export const inviteMemberInput = z.object({
  studioId: z.uuid({ error: 'Studio not found' }),
  /** A display name (with or without @) or an e-mail address. */
  invitee: z.string({ error: 'Enter a display name or an email' }).trim().min(1, 'Enter a display name or an email').max(254),
  shopUserType: z.union([z.literal(SHOP_USER_TYPE.Resident), z.literal(SHOP_USER_TYPE.Guest)]).default(SHOP_USER_TYPE.Resident),
  startDate: z.date().optional(),
  endDate: z.date().nullable().optional(),
  permissions: z.object({ calendar: z.boolean(), manage: z.boolean() }).default({ calendar: true, manage: false }),
  canManageStore: z.boolean().default(false),
});

export const updateMemberInput = z.object({
  memberId: z.uuid({ error: 'Member not found' }),
  shopUserType: z.union([z.literal(SHOP_USER_TYPE.Resident), z.literal(SHOP_USER_TYPE.Guest)]).optional(),
  startDate: z.date().optional(),
  endDate: z.date().nullable().optional(),
  permissions: z.object({ calendar: z.boolean(), manage: z.boolean() }).optional(),
  canManageStore: z.boolean().optional(),
});

export const memberIdInput = z.object({ memberId: z.uuid({ error: 'Member not found' }) });
export const invitationCodeInput = z.object({ code: z.string().trim().min(1, 'Invitation not found').max(100, 'Invitation not found') });
export const respondInvitationInput = invitationCodeInput.extend({ accept: z.boolean() });
export const invitationIdInput = z.object({ invitationId: z.uuid({ error: 'Invitation not found' }) });

export type CreateStudioInput = z.input<typeof createStudioInput>;

/** An admin's answer to a studio's activation request (the console's Studio Activations tab). */
export const decideActivationInput = z.object({
  requestId: z.uuid({ error: 'Activation request not found' }),
  decision: z.enum(['approve', 'decline'], { error: 'Choose approve or decline' }),
});
