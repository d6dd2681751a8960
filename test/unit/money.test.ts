import { describe, expect, it } from 'vitest';
import { centsToDollarText, formatCents, formatModifier, parseDollarsToCents, roundCents } from '../../server/lib/money';

describe('money at the edge', () => {
  it('formats cents as en-US dollars', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(null)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatModifier(500)).toBe('+$5.00');
    expect(formatModifier(-250)).toBe('-$2.50');
    expect(formatModifier(0)).toBe('');
  });

  it('formats the edges: undefined, 5 cents, large and negative amounts', () => {
    expect(formatCents(undefined)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(1234567)).toBe('$12,345.67');
    expect(formatCents(-500)).toBe('-$5.00');
  });

  it('reads typed dollars as cents', () => {
    expect(parseDollarsToCents('12.5')).toBe(1250);
    expect(parseDollarsToCents('$0.99')).toBe(99);
    expect(parseDollarsToCents('19.999')).toBeNull();
    expect(parseDollarsToCents('abc')).toBeNull();
    expect(parseDollarsToCents('')).toBeNull();
  });

  it('reads the edges: zero, grouping, signs, stray text', () => {
    expect(parseDollarsToCents('0')).toBe(0);
    expect(parseDollarsToCents('0.05')).toBe(5);
    expect(parseDollarsToCents('.5')).toBe(50);
    expect(parseDollarsToCents('12.')).toBe(1200);
    expect(parseDollarsToCents(' 25 ')).toBe(2500);
    expect(parseDollarsToCents('1,234.50')).toBe(123450);
    expect(parseDollarsToCents('$1,234,567.89')).toBe(123456789);
    expect(parseDollarsToCents('12345.67')).toBe(1234567);
    expect(parseDollarsToCents('-2')).toBe(-200);
    expect(parseDollarsToCents('-$2.50')).toBe(-250);
    expect(parseDollarsToCents('-0')).toBe(0);
    expect(parseDollarsToCents('12.345')).toBeNull();
    expect(parseDollarsToCents('1,23')).toBeNull();
    expect(parseDollarsToCents('1234,5')).toBeNull();
    expect(parseDollarsToCents('   ')).toBeNull();
    expect(parseDollarsToCents('.')).toBeNull();
    expect(parseDollarsToCents('$')).toBeNull();
    expect(parseDollarsToCents('1e3')).toBeNull();
    expect(parseDollarsToCents('12 50')).toBeNull();
    expect(parseDollarsToCents('--2')).toBeNull();
  });

  it('turns cents back into text the parser reads', () => {
    expect(centsToDollarText(1250)).toBe('12.50');
    expect(centsToDollarText(0)).toBe('0.00');
    for (const cents of [0, 5, 99, 1250, 123450, 1234567]) expect(parseDollarsToCents(centsToDollarText(cents))).toBe(cents);
  });

  it('rounds fractional cents half away from zero', () => {
    expect(roundCents(12.5)).toBe(13);
    expect(roundCents(-12.5)).toBe(-13);
    expect(roundCents(12.4)).toBe(12);
  });
});
