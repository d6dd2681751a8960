import { describe, expect, it } from 'vitest';
import { BOOKING_REQUEST_STATUS_VALUES, BOOKING_STATUS_VALUES } from '../../server/db/schema/booking-values';
import { consentInput, quoteInput } from '../../server/domains/booking/inputs';
import {
  ageOn,
  depositAfterCancel,
  depositFor,
  directQuote,
  nextBookingStatus,
  nextRequestStatus,
  rescheduleRefusal,
  sessionAmounts,
  statusAfterDeposit,
  statusAfterPick,
  studioTimeToInstant,
} from '../../server/domains/booking/rules';

describe('request status machine: every action from every status', () => {
  const legal: Record<string, Record<string, string>> = {
    ask: { pending: 'question' },
    answer: { question: 'pending' },
    quote: { pending: 'quoted', question: 'quoted' },
    decline: { pending: 'declined', question: 'declined' },
    expire: { pending: 'expired' },
    cancel: { pending: 'cancelled', question: 'cancelled', quoted: 'cancelled' },
    schedule: { quoted: 'scheduled', scheduled: 'scheduled' },
  };
  for (const [action, moves] of Object.entries(legal)) {
    it.each(BOOKING_REQUEST_STATUS_VALUES)(`${action} from %s`, (status) => {
      expect(nextRequestStatus(status, action as never)).toBe(moves[status] ?? null);
    });
  }
});

describe('booking status machine: every action from every status', () => {
  const legal: Record<string, Record<string, string>> = {
    confirm: { held: 'confirmed' },
    cancel: { held: 'cancelled', confirmed: 'cancelled' },
    release: { held: 'cancelled' },
    complete: { confirmed: 'completed' },
    reschedule: { held: 'held', confirmed: 'confirmed' },
  };
  for (const [action, moves] of Object.entries(legal)) {
    it.each(BOOKING_STATUS_VALUES)(`${action} from %s`, (status) => {
      expect(nextBookingStatus(status, action as never)).toBe(moves[status] ?? null);
    });
  }
});

describe('services booked directly at their price', () => {
  const fixed = { depositPolicy: 'fixed' as const, depositFixedCents: 5000, depositPercent: 0 };
  const percent = { depositPolicy: 'percent' as const, depositFixedCents: 0, depositPercent: 25 };
  it('a priced flash piece is its own quote: one session of its length at its price, deposit per policy', () => {
    expect(directQuote({ kind: 'flash', durationMinutes: 90, price: 18000 }, percent)).toEqual({
      sessionCount: 1,
      sessionMinutes: 90,
      estimate: 18000,
      deposit: 4500,
    });
  });
  it('the deposit never exceeds the price, and a free consultation takes none', () => {
    expect(directQuote({ kind: 'flash', durationMinutes: 60, price: 3000 }, fixed)?.deposit).toBe(3000);
    expect(directQuote({ kind: 'consultation', durationMinutes: 30, price: null }, fixed)).toEqual({
      sessionCount: 1,
      sessionMinutes: 30,
      estimate: 0,
      deposit: 0,
    });
    expect(directQuote({ kind: 'consultation', durationMinutes: 30, price: 2500 }, percent)?.deposit).toBe(625);
  });
  it('tattoo sessions and unpriced flash wait for the artist’s quote', () => {
    expect(directQuote({ kind: 'session', durationMinutes: 180, price: 50000 }, fixed)).toBeNull();
    expect(directQuote({ kind: 'flash', durationMinutes: 60, price: null }, fixed)).toBeNull();
  });
});

describe('deposit policy outcomes', () => {
  it('none, fixed and percent of the estimate (rounded to the cent)', () => {
    expect(depositFor({ depositPolicy: 'none', depositFixedCents: 5000, depositPercent: 20 }, 40000)).toBe(0);
    expect(depositFor({ depositPolicy: 'fixed', depositFixedCents: 5000, depositPercent: 20 }, 40000)).toBe(5000);
    expect(depositFor({ depositPolicy: 'percent', depositFixedCents: 0, depositPercent: 15 }, 33333)).toBe(5000);
  });
  it('applies the deposit to the final session', () => {
    expect(sessionAmounts(100000, 3, 10000)).toEqual([33333, 33333, 23334]);
    expect(sessionAmounts(5000, 1, 8000)).toEqual([0]);
  });
  it('confirms at once, holds for payment, or holds for approval', () => {
    expect(statusAfterPick(0, 'automatic')).toEqual({ status: 'confirmed', waitsForPayment: false });
    expect(statusAfterPick(0, 'approval')).toEqual({ status: 'held', waitsForPayment: false });
    expect(statusAfterPick(5000, 'automatic')).toEqual({ status: 'held', waitsForPayment: true });
    expect(statusAfterDeposit('automatic')).toBe('confirmed');
    expect(statusAfterDeposit('approval')).toBe('held');
  });
  it('keeps the deposit inside the notice window, transferable outside it or when the artist cancels', () => {
    const policy = { rescheduleNoticeHours: 48, freeReschedules: 1 };
    const now = new Date('2025-06-01T12:00:00Z');
    const in47h = new Date('2025-06-03T11:00:00Z');
    const in49h = new Date('2025-06-03T13:00:00Z');
    expect(depositAfterCancel(in47h, now, policy, false)).toBe('forfeited');
    expect(depositAfterCancel(in49h, now, policy, false)).toBe('transferable');
    expect(depositAfterCancel(in47h, now, policy, true)).toBe('transferable');
    expect(rescheduleRefusal(in47h, now, 0, policy, false)).toBe('Sessions can be rescheduled up to 48 hours before they start');
    expect(rescheduleRefusal(in49h, now, 1, policy, false)).toBe('You have used your free reschedules for this booking');
    expect(rescheduleRefusal(in49h, now, 0, policy, false)).toBeNull();
    expect(rescheduleRefusal(in47h, now, 5, policy, true)).toBeNull();
  });
});

describe('consent and quotes', () => {
  it('counts age in whole years on the session day', () => {
    expect(ageOn('2007-06-02', { year: 2025, month: 6, day: 1 })).toBe(17);
    expect(ageOn('2007-06-02', { year: 2025, month: 6, day: 2 })).toBe(18);
  });
  it('has the form messages', () => {
    const base = { bookingId: '00000000-0000-4000-8000-000000000000', legalName: 'A', dateOfBirth: '1990-01-01', agree: true };
    expect(consentInput.safeParse({ ...base, answers: {} }).error?.issues[0].message).toBe('Answer every health question');
    expect(
      quoteInput.safeParse({ requestId: base.bookingId, sessionCount: 0, sessionMinutes: 60, estimate: 100 }).error?.issues[0].message,
    ).toBe('A quote has 1 to 10 sessions');
    expect(
      quoteInput.safeParse({ requestId: base.bookingId, sessionCount: 1, sessionMinutes: 50, estimate: 100 }).error?.issues[0].message,
    ).toBe('Session length must be a multiple of 15 minutes');
  });
});

describe('walk-in times are studio times', () => {
  it('reads the wall time in the studio’s zone, across daylight saving', () => {
    expect(studioTimeToInstant('2031-07-01T14:30', 'America/New_York')?.toISOString()).toBe('2031-07-01T18:30:00.000Z');
    expect(studioTimeToInstant('2031-01-15T14:30', 'America/New_York')?.toISOString()).toBe('2031-01-15T19:30:00.000Z');
    expect(studioTimeToInstant('2031-03-09T10:00', 'America/Los_Angeles')?.toISOString()).toBe('2031-03-09T17:00:00.000Z');
  });
  it('refuses a time the spring-forward change skips, and malformed input', () => {
    expect(studioTimeToInstant('2031-03-09T02:30', 'America/Los_Angeles')).toBeNull();
    expect(studioTimeToInstant('2031-03-09', 'America/Los_Angeles')).toBeNull();
    expect(studioTimeToInstant('', 'America/Los_Angeles')).toBeNull();
  });
});
