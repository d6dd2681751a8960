import { describe, expect, it } from 'vitest';
import { calibratedCpuMultiplier } from '../../bench/cpu-calibration';

describe('calibratedCpuMultiplier (the Lighthouse CPU slowdown calculator)', () => {
  it('gives the calculator’s anchor points', () => {
    expect(calibratedCpuMultiplier(150)).toBe(1);
    expect(calibratedCpuMultiplier(800)).toBe(2);
    expect(calibratedCpuMultiplier(1300)).toBe(3);
    expect(calibratedCpuMultiplier(1533)).toBeCloseTo(4, 2);
    expect(calibratedCpuMultiplier(2000)).toBeCloseTo(6, 2);
  });

  it('interpolates linearly inside a bracket', () => {
    expect(calibratedCpuMultiplier(475)).toBeCloseTo(1.5, 5);
    expect(calibratedCpuMultiplier(1050)).toBeCloseTo(2.5, 5);
  });

  it('gives no multiplier for a host below the calculator’s range or without a benchmark', () => {
    expect(calibratedCpuMultiplier(149)).toBeNull();
    expect(calibratedCpuMultiplier(Number.NaN)).toBeNull();
  });
});
