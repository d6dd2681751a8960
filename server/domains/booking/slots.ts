import { addDays, weekdayOf, zonedInstant } from '../../lib/timezone';
import type { OpeningHours, Weekday } from '../../db/schema/studio-values';
import { SLOT_STEP_MINUTES } from './constants';

// Slot generation: pure, so daylight-saving changes are tested without a database. Working hours
// are wall-clock times in the studio's timezone; every slot is converted to an instant on its own
// day, so a 10:00 slot stays at 10:00 local on both sides of a change (and 23- or 25-hour days
// simply have fewer or more hours between the same wall times).

export type Interval = { start: Date; end: Date };
export type Slot = { startsAt: Date; endsAt: Date };

export type SlotQuery = {
  /** Local dates 'YYYY-MM-DD', inclusive. */
  from: { year: number; month: number; day: number };
  days: number;
  timeZone: string;
  hours: OpeningHours;
  durationMinutes: number;
  bufferMinutes: number;
  /** Held and confirmed bookings (to their blockedUntil) and time off. */
  busy: Interval[];
  /** Windows when the artist works at this studio (resident: open-ended; guest spot: its dates). */
  presence: Interval[];
  /** No slot starts before this instant. */
  notBefore: Date;
};

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

export function generateSlots(q: SlotQuery): Slot[] {
  const slots: Slot[] = [];
  for (let i = 0; i < q.days; i++) {
    const date = addDays(q.from, i);
    const day = q.hours[weekdayOf(date) as Weekday];
    if (!day?.open) continue;
    const open = toMinutes(day.start);
    const close = toMinutes(day.end);
    for (let minute = open; minute + q.durationMinutes <= close; minute += SLOT_STEP_MINUTES) {
      const startsAt = zonedInstant(date, Math.floor(minute / 60), minute % 60, q.timeZone);
      if (!startsAt) continue; // skipped by a spring-forward change
      const endsAt = new Date(startsAt.getTime() + q.durationMinutes * 60_000);
      if (startsAt < q.notBefore) continue;
      const session = { start: startsAt, end: endsAt };
      if (!q.presence.some((p) => p.start <= startsAt && endsAt <= p.end)) continue;
      const blocked = { start: startsAt, end: new Date(endsAt.getTime() + q.bufferMinutes * 60_000) };
      if (q.busy.some((b) => overlaps(blocked, b) || overlaps(session, b))) continue;
      slots.push({ startsAt, endsAt });
    }
  }
  return slots;
}
