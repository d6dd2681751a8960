import { type DayHours, type OpeningHours, WEEKDAYS, type Weekday } from '../../db/schema/studio-values';

/** US state codes for addresses (studio address, shipping address). */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

export * from '../../db/schema/studio-values';

// Pure rules of studios (spec 1 §2, §4, §5): opening hours and their summary, membership windows,
// slugs and addresses. The client imports this file for the hours editor.

export const DEFAULT_HOURS: DayHours = { open: true, start: '09:00', end: '17:00' };
export const NO_HOURS_TEXT = 'No hours set';
export const CLOSED_TEXT = 'Closed';
const SHORT: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** 'H:MM' or 'HH:MM' → zero-padded 'HH:MM' (single-digit hours padded); null when not a time. */
export function normalizeTime(value: string): string | null {
  const match = value.trim().match(/^(\d{1,2}):(\d{2})$/);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** '09:00' → '9am', '17:30' → '5:30pm', '00:00' → '12am', '12:00' → '12pm'. */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour12}${suffix}` : `${hour12}:${String(m).padStart(2, '0')}${suffix}`;
}

/** '9am' / '5:30pm' / '12am' → 'HH:MM'; null when not such a time. */
export function parseTime(text: string): string | null {
  const match = text
    .trim()
    .toLowerCase()
    .match(/^(\d{1,2})(?::(\d{2}))?\s*(am|pm)$/);
  if (!match) return null;
  const hour12 = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hour12 < 1 || hour12 > 12 || minutes > 59) return null;
  const hours = (hour12 % 12) + (match[3] === 'pm' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

const sameHours = (a: DayHours, b: DayHours) => a.start === b.start && a.end === b.end;

/**
 * Groups consecutive open days with identical hours: 'Mon-Fri 9am-5pm, Sat 10am-4pm'. Closed days
 * are left out; with no open day at all the text is 'No hours set'.
 */
export function summarizeHours(hours: OpeningHours | null | undefined): string {
  const groups: Array<{ from: Weekday; to: Weekday; hours: DayHours }> = [];
  for (const day of WEEKDAYS) {
    const today = hours?.[day];
    if (!today?.open) continue;
    const last = groups[groups.length - 1];
    const previousDay = WEEKDAYS[WEEKDAYS.indexOf(day) - 1];
    if (last && last.to === previousDay && sameHours(last.hours, today)) last.to = day;
    else groups.push({ from: day, to: day, hours: today });
  }
  if (groups.length === 0) return NO_HOURS_TEXT;
  return groups
    .map(
      (g) =>
        `${g.from === g.to ? SHORT[g.from] : `${SHORT[g.from]}-${SHORT[g.to]}`} ${formatTime(g.hours.start)}-${formatTime(g.hours.end)}`,
    )
    .join(', ');
}

const dayByShort = (text: string): Weekday | undefined =>
  WEEKDAYS.find((d) => SHORT[d].toLowerCase() === text.trim().slice(0, 3).toLowerCase());

/** Reads a summary ('Mon-Fri 9am-5pm, Sat 10am-4pm') back into hours; null when it is not one. */
export function parseHoursSummary(summary: string): OpeningHours | null {
  const text = summary.trim();
  if (text === '' || text === NO_HOURS_TEXT) return {};
  const result: OpeningHours = {};
  for (const part of text.split(',')) {
    const match = part.trim().match(/^([A-Za-z]+)(?:\s*-\s*([A-Za-z]+))?\s+(\S+)\s*-\s*(\S+)$/);
    if (!match) return null;
    const from = dayByShort(match[1]);
    const to = match[2] ? dayByShort(match[2]) : from;
    const start = parseTime(match[3]);
    const end = parseTime(match[4]);
    if (!from || !to || !start || !end) return null;
    const [i, j] = [WEEKDAYS.indexOf(from), WEEKDAYS.indexOf(to)];
    if (j < i) return null;
    for (const day of WEEKDAYS.slice(i, j + 1)) result[day] = { open: true, start, end };
  }
  return result;
}

/** The text of one day in the editor: its hours, or 'Closed'. */
export const dayText = (hours: DayHours | undefined) => (hours?.open ? `${formatTime(hours.start)}-${formatTime(hours.end)}` : CLOSED_TEXT);

/**
 * Spec 1 §4: a membership is active when not deleted, startDate is not after now, and endDate is
 * null or not before now. A missing startDate counts as the earliest time (spec 2 §4).
 */
export function isMembershipActive(membership: { deleted: boolean; startDate: Date | null; endDate: Date | null }, now: Date): boolean {
  if (membership.deleted) return false;
  if (membership.startDate && membership.startDate.getTime() > now.getTime()) return false;
  return membership.endDate === null || membership.endDate.getTime() >= now.getTime();
}

/** A URL slug from a studio name: lowercase words joined by hyphens; a leading @ is dropped. */
export function slugify(name: string): string {
  return name
    .trim()
    .replace(/^@/, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** Spec 1 §5: the address is split at its first space into street number and street. */
export function splitAddress(address: string): { streetNumber: string; street: string } {
  const trimmed = address.trim();
  const space = trimmed.indexOf(' ');
  return space === -1
    ? { streetNumber: trimmed, street: '' }
    : { streetNumber: trimmed.slice(0, space), street: trimmed.slice(space + 1).trim() };
}

/** A studio's pages (spec 1 route table): its page, its booking page, its management page. */
export type StudioSection = 'booking' | 'manage';

/**
 * The one way to build a link to a studio: /studio/{urlSlug}/… when it has a slug, else
 * /studio/id/{id}/… (imported studios have none, and the slug route never matches an id).
 */
export function studioPath(studio: { id: string; urlSlug?: string | null }, section?: StudioSection): string {
  const base = studio.urlSlug ? `/studio/${encodeURIComponent(studio.urlSlug)}` : `/studio/id/${studio.id}`;
  return section ? `${base}/${section}` : base;
}
