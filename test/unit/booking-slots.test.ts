import { describe, expect, it } from 'vitest';
import { generateSlots, type SlotQuery } from '../../server/domains/booking/slots';
import { offsetMinutes, zonedInstant } from '../../server/lib/timezone';

// Slot generation across daylight-saving changes: the same wall-clock hours give instants one
// hour apart in UTC on either side of a change, and no slot falls in a skipped hour.

const open = { open: true, start: '10:00', end: '14:00' };
const everyDay = { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: open, sunday: open };
const always = [{ start: new Date('2000-01-01T00:00:00Z'), end: new Date('2100-01-01T00:00:00Z') }];

function query(timeZone: string, from: string, days: number, overrides: Partial<SlotQuery> = {}): SlotQuery {
  const [year, month, day] = from.split('-').map(Number);
  return { from: { year, month, day }, days, timeZone, hours: everyDay, durationMinutes: 60, bufferMinutes: 0, busy: [], presence: always, notBefore: new Date('2000-01-01T00:00:00Z'), ...overrides };
}
const local = (d: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(d);

describe.each([
  // March (spring forward) and November (fall back) changes of 2025.
  { zone: 'America/Los_Angeles', springDay: '2025-03-09', fallDay: '2025-11-02', standard: 8 },
  { zone: 'America/New_York', springDay: '2025-03-09', fallDay: '2025-11-02', standard: 5 },
])('$zone', ({ zone, springDay, fallDay, standard }) => {
  it('keeps 10:00 local across the March change (UTC moves by an hour)', () => {
    const [before, , after] = ['2025-03-08', springDay, '2025-03-10'].map((d) => generateSlots(query(zone, d, 1))[0].startsAt);
    expect(before.toISOString()).toBe(`2025-03-08T${String(10 + standard).padStart(2, '0')}:00:00.000Z`);
    expect(after.toISOString()).toBe(`2025-03-10T${String(10 + standard - 1).padStart(2, '0')}:00:00.000Z`);
    const onTheDay = generateSlots(query(zone, springDay, 1));
    expect(onTheDay.map((s) => local(s.startsAt, zone).split(', ')[1])).toEqual(['10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '12:00 PM', '12:30 PM', '1:00 PM']);
  });

  it('keeps 10:00 local across the November change', () => {
    const before = generateSlots(query(zone, '2025-11-01', 1))[0].startsAt;
    const after = generateSlots(query(zone, '2025-11-03', 1))[0].startsAt;
    expect(before.toISOString()).toBe(`2025-11-01T${String(10 + standard - 1).padStart(2, '0')}:00:00.000Z`);
    expect(after.toISOString()).toBe(`2025-11-03T${String(10 + standard).padStart(2, '0')}:00:00.000Z`);
    expect(generateSlots(query(zone, fallDay, 1))).toHaveLength(7);
  });

  it('offers no slot in the skipped hour, and one slot for each real hour of the repeated one', () => {
    const night = { open: true, start: '01:00', end: '04:00' };
    const hours = { sunday: night };
    const spring = generateSlots(query(zone, springDay, 1, { hours, durationMinutes: 30 })).map((s) => local(s.startsAt, zone).split(', ')[1]);
    expect(spring).not.toContain('2:00 AM');
    expect(spring).not.toContain('2:30 AM');
    expect(spring).toContain('3:00 AM');
    const fall = generateSlots(query(zone, fallDay, 1, { hours, durationMinutes: 30 }));
    // 01:00 and 01:30 are taken at their first occurrence; slots never repeat.
    expect(new Set(fall.map((s) => s.startsAt.getTime())).size).toBe(fall.length);
    expect(offsetMinutes(fall[0].startsAt, zone)).toBe(-(standard - 1) * 60);
  });

  it('converts wall time to an instant and back', () => {
    expect(zonedInstant({ year: 2025, month: 3, day: 9 }, 2, 30, zone)).toBeNull();
    expect(zonedInstant({ year: 2025, month: 7, day: 1 }, 9, 0, zone)?.toISOString()).toBe(`2025-07-01T${String(9 + standard - 1).padStart(2, '0')}:00:00.000Z`);
  });
});

describe('busy time, buffer and presence', () => {
  const zone = 'America/Los_Angeles';
  it('leaves out slots overlapping a booking or its buffer, and days outside a guest spot', () => {
    const busy = [{ start: new Date('2025-06-02T18:00:00Z'), end: new Date('2025-06-02T19:30:00Z') }]; // 11:00–12:30 local incl. buffer
    const starts = generateSlots(query(zone, '2025-06-02', 1, { busy, bufferMinutes: 30 })).map((s) => local(s.startsAt, zone).split(', ')[1]);
    // 10:00 + 60 min + 30 min buffer reaches 11:30 > 11:00: refused too.
    expect(starts).toEqual(['12:30 PM', '1:00 PM']);
    const guestSpot = [{ start: new Date('2025-06-03T00:00:00Z'), end: new Date('2025-06-05T00:00:00Z') }];
    const days = new Set(generateSlots(query(zone, '2025-06-01', 7, { presence: guestSpot })).map((s) => local(s.startsAt, zone).split(',')[0]));
    expect([...days]).toEqual(['6/3/25', '6/4/25']);
  });
});
