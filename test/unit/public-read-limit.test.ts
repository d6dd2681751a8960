import { describe, expect, it } from 'vitest';
import { createPublicReadLimiter } from '../../server/http/public-read-limit';

const clockAt = (at: number) => {
  const clock = { at, now: () => new Date(clock.at) };
  return clock;
};

describe('the public read limiter (decision 037)', () => {
  it('lets a burst of a minute’s worth through, refills at that rate, and says how long to wait', () => {
    const clock = clockAt(0);
    const limiter = createPublicReadLimiter(120, clock);
    expect(Array.from({ length: 120 }, () => limiter.take('198.51.100.1')).every((wait) => wait === 0)).toBe(true);
    expect(limiter.take('198.51.100.1')).toBe(1);
    // Another address has its own bucket.
    expect(limiter.take('198.51.100.2')).toBe(0);
    clock.at += 500;
    expect(limiter.take('198.51.100.1')).toBe(0);
    expect(limiter.take('198.51.100.1')).toBe(1);
    // Never more than a burst's worth, however long the address was away.
    clock.at += 3_600_000;
    expect(Array.from({ length: 121 }, () => limiter.take('198.51.100.1')).filter((wait) => wait > 0)).toHaveLength(1);
  });

  it('with a limit of 0, refuses nothing', () => {
    const limiter = createPublicReadLimiter(0, clockAt(0));
    expect(Array.from({ length: 1000 }, () => limiter.take('198.51.100.1')).every((wait) => wait === 0)).toBe(true);
  });
});
