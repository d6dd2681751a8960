// Wall-clock time in an IANA timezone, with the platform's Intl data only (no date library):
// availability is defined in the studio's local hours, bookings are stored as instants.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'long',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: string };

/** The local calendar date and time of an instant in a timezone (weekday in lowercase English). */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: (parts.weekday ?? '').toLowerCase(),
  };
}

/** Minutes the zone is ahead of UTC at an instant (-420 for Los Angeles in summer). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallTimeOf(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant at which the zone's clocks show this local date and time, or null when that time
 * does not exist there (skipped by a spring-forward change). A time that occurs twice (fall back)
 * resolves to its first occurrence.
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  hour: number,
  minute: number,
  timeZone: string,
): Date | null {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // Try the offsets in force a day either side; the earlier valid candidate is the first occurrence.
  const candidates = [offsetMinutes(new Date(asUtc - 86_400_000), timeZone), offsetMinutes(new Date(asUtc + 86_400_000), timeZone)]
    .map((offset) => new Date(asUtc - offset * 60_000))
    .sort((a, b) => a.getTime() - b.getTime());
  for (const candidate of candidates) {
    const w = wallTimeOf(candidate, timeZone);
    if (w.year === date.year && w.month === date.month && w.day === date.day && w.hour === hour && w.minute === minute) return candidate;
  }
  return null;
}

/** 'YYYY-MM-DD' → its parts; the next calendar day of a date. */
export function parseLocalDate(iso: string) {
  const [year, month, day] = iso.split('-').map(Number);
  return { year, month, day };
}
export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
export function weekdayOf(date: { year: number; month: number; day: number }) {
  return ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][
    new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
  ];
}

/** "Sat, Mar 8, 10:00 AM PST": an instant as people in a zone read it. */
export function formatInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}
