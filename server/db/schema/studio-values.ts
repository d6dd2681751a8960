// The value lists and JSON types of the studio tables (spec 1 §3, spec 2 §3 and §9). Pure, no ORM:
// the client reaches them through server/domains/studios/rules.ts.

/** The tattoo styles of spec 1 §3 (the spec says 33 but lists these 34; all are kept). */
export const TATTOO_STYLES = [
  'American Traditional',
  'Neo-Traditional',
  'Japanese',
  'Tribal',
  'Blackwork',
  'Realism (Black & Grey)',
  'Realism (Color)',
  'Portrait',
  'Micro-Realism',
  'Illustrative',
  'Watercolor',
  'Trash Polka',
  'Sketch Style',
  'Graffiti',
  'Etching',
  'Fine Line',
  'Geometric',
  'Dotwork',
  'Abstract',
  'Single Line',
  'Surrealism',
  'Biomechanical',
  'Cyberpunk',
  'Dark Art',
  'Gothic/Occult',
  'Calligraphy',
  'Chicano',
  'Kanji/Asian Script',
  'Rune/Viking',
  'White Ink',
  'Anime',
  'Comic Book/New School',
  'Pixel Art',
  'Sticker Style',
] as const;
export type TattooStyle = (typeof TATTOO_STYLES)[number];

export const PAYMENT_TYPE_VALUES = [
  'cash',
  'credit cards',
  'apple pay',
  'venmo',
  'zelle',
  'cash app',
  'unknown',
  'paypal',
  'crypto',
] as const;
export type PaymentType = (typeof PAYMENT_TYPE_VALUES)[number];

/** Shop source status (stored as integers in `shops.statuses`). */
export const SHOP_SOURCE_STATUS = { Imported: 0, UserUpdated: 1, Unknown: 2, Closed: 3, Active: 4 } as const;
export type ShopSourceStatus = (typeof SHOP_SOURCE_STATUS)[keyof typeof SHOP_SOURCE_STATUS];

/** Shop membership type (`shop_users.shop_user_type`). */
export const SHOP_USER_TYPE = { Resident: 0, Guest: 1 } as const;
export type ShopUserType = (typeof SHOP_USER_TYPE)[keyof typeof SHOP_USER_TYPE];

export const DEFAULT_SHOP_TIMEZONE = 'America/Los_Angeles';
/** Marker written to `shops.deleted_by` by the inactive-shops cleanup. */
export const AUTOMATED_CLEANUP_MARKER = 'automated_cleanup';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** One day of opening hours; start and end are 'HH:MM' (24 h, zero padded). */
export type DayHours = { open: boolean; start: string; end: string };
export type OpeningHours = { [day in Weekday]?: DayHours };
