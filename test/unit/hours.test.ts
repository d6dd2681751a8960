import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OpeningHours, WEEKDAYS } from '../../server/db/schema/studios';
import {
  formatTime,
  isMembershipActive,
  normalizeTime,
  parseHoursSummary,
  parseTime,
  slugify,
  splitAddress,
  summarizeHours,
} from '../../server/domains/studios/rules';

const weekdays = (start: string, end: string): OpeningHours =>
  Object.fromEntries(WEEKDAYS.slice(0, 5).map((d) => [d, { open: true, start, end }]));

describe('opening hours summary', () => {
  it("groups consecutive identical days: 'Mon-Fri 9am-5pm'", () => {
    expect(summarizeHours(weekdays('09:00', '17:00'))).toBe('Mon-Fri 9am-5pm');
  });
  it('lists separate groups and single days, leaving closed days out', () => {
    const hours: OpeningHours = {
      ...weekdays('09:00', '17:00'),
      wednesday: { open: false, start: '09:00', end: '17:00' },
      saturday: { open: true, start: '10:30', end: '16:00' },
    };
    expect(summarizeHours(hours)).toBe('Mon-Tue 9am-5pm, Thu-Fri 9am-5pm, Sat 10:30am-4pm');
  });
  it("says 'No hours set' when no day is open", () => {
    expect(summarizeHours({})).toBe('No hours set');
    expect(summarizeHours(null)).toBe('No hours set');
    expect(summarizeHours({ monday: { open: false, start: '09:00', end: '17:00' } })).toBe('No hours set');
  });
  it('reads a summary of the form day range followed by hour range', () => {
    expect(parseHoursSummary('Mon-Fri 9am-5pm')).toEqual(weekdays('09:00', '17:00'));
    expect(parseHoursSummary('Sat 12pm-12am')).toEqual({ saturday: { open: true, start: '12:00', end: '00:00' } });
    expect(parseHoursSummary('No hours set')).toEqual({});
    expect(parseHoursSummary('every day, all day')).toBeNull();
    expect(parseHoursSummary('Fri-Mon 9am-5pm')).toBeNull();
  });

  it('round-trips: parse(summary(hours)) gives the open days back (property)', () => {
    const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45)).map(
      ([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`,
    );
    const day = fc.record({ open: fc.boolean(), start: time, end: time });
    const hours = fc.record(Object.fromEntries(WEEKDAYS.map((d) => [d, day])) as Record<(typeof WEEKDAYS)[number], typeof day>);
    fc.assert(
      fc.property(hours, (h) => {
        const openOnly = Object.fromEntries(Object.entries(h).filter(([, v]) => v.open));
        expect(parseHoursSummary(summarizeHours(h))).toEqual(openOnly);
      }),
      { numRuns: 300 },
    );
  });
});

describe('times', () => {
  it('pads single-digit hours to HH:MM and refuses non-times', () => {
    expect(normalizeTime('9:00')).toBe('09:00');
    expect(normalizeTime('17:30')).toBe('17:30');
    expect(normalizeTime('24:00')).toBeNull();
    expect(normalizeTime('9am')).toBeNull();
  });
  it('formats and parses 12-hour times', () => {
    expect(formatTime('00:00')).toBe('12am');
    expect(formatTime('12:00')).toBe('12pm');
    expect(formatTime('17:05')).toBe('5:05pm');
    expect(parseTime('5:05pm')).toBe('17:05');
    expect(parseTime('12am')).toBe('00:00');
    expect(parseTime('13pm')).toBeNull();
  });
});

describe('membership window (spec 1 §4)', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const day = 86_400_000;
  const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * day);
  it.each([
    ['open-ended, started', { deleted: false, startDate: at(-10), endDate: null }, true],
    ['future start', { deleted: false, startDate: at(1), endDate: null }, false],
    ['past end', { deleted: false, startDate: at(-10), endDate: at(-1) }, false],
    ['ends later', { deleted: false, startDate: at(-10), endDate: at(1) }, true],
    ['starts exactly now', { deleted: false, startDate: now, endDate: null }, true],
    ['ends exactly now', { deleted: false, startDate: at(-1), endDate: now }, true],
    ['missing start counts as earliest', { deleted: false, startDate: null, endDate: null }, true],
    ['deleted', { deleted: true, startDate: at(-10), endDate: null }, false],
  ])('%s', (_name, membership, expected) => {
    expect(isMembershipActive(membership, now)).toBe(expected);
  });
});

describe('slugs and addresses', () => {
  it('makes slugs from names, dropping a leading @', () => {
    expect(slugify('@Iron Rose Tattoo')).toBe('iron-rose-tattoo');
    expect(slugify('  Café Ñandú & Co. ')).toBe('cafe-nandu-co');
  });
  it('splits the address at the first space', () => {
    expect(splitAddress('1200 SE Division St')).toEqual({ streetNumber: '1200', street: 'SE Division St' });
    expect(splitAddress('Main')).toEqual({ streetNumber: 'Main', street: '' });
  });
});
