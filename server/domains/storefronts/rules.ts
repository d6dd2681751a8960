import type { StorefrontSettings } from '../../db/schema/storefronts';
import { formatCents } from '../../lib/money';
import { wallTimeOf } from '../../lib/timezone';

// Pure rules of storefronts (spec 1 §2 analytics panel, §3 settings). The client imports these.

/** The API speaks percent (8.25); the database keeps basis points (825) so rates stay integers. */
export const percentToBps = (percent: number) => Math.round(percent * 100);
export const bpsToPercent = (bps: number) => bps / 100;

export type StorefrontSettingsView = Omit<StorefrontSettings, 'taxRateBps'> & { taxRate: number };

export function settingsView(settings: StorefrontSettings): StorefrontSettingsView {
  const { taxRateBps, ...rest } = settings;
  return { ...rest, taxRate: bpsToPercent(taxRateBps) };
}

/** Stored settings with a partial update applied (the tax rate converted to basis points). */
export function mergeSettings(current: StorefrontSettings, changes: Partial<StorefrontSettingsView>): StorefrontSettings {
  const { taxRate, ...rest } = changes;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return { ...current, ...defined, ...(taxRate === undefined ? {} : { taxRateBps: percentToBps(taxRate) }) };
}

/**
 * "This Week with percent change against a quarter of the month's sales": how far the last 7
 * days are above (or below) an average week of this month. Null when the month has no sales yet.
 */
export function weekChangePercent(weekSales: number, monthSales: number): number | null {
  if (monthSales <= 0) return null;
  const quarter = monthSales / 4;
  return Math.round(((weekSales - quarter) / quarter) * 1000) / 10;
}

/**
 * The This Week card's comparison in words an artist reads at a glance, naming what the percent is
 * measured against: "+300% vs. $50.00, a quarter of this month's sales ($200.00)". The number is
 * weekChangePercent of the same two sums; the amount it names is the quarter it divides by.
 */
export function weekChangeText(weekSales: number, monthSales: number): string {
  const percent = weekChangePercent(weekSales, monthSales);
  if (percent === null) return 'No sales this month yet';
  return `${percent > 0 ? '+' : ''}${percent}% vs. ${formatCents(Math.round(monthSales / 4))}, a quarter of this month's sales (${formatCents(monthSales)})`;
}

/** Wall-clock parts of an instant in a timezone, read back as if they were UTC (ms). */
function wallClockAsUtc(at: Date, timezone: string): number {
  const wall = wallTimeOf(at, timezone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/**
 * The instant local midnight began today (`day`) or on the 1st of this month (`month`) in a
 * timezone: the analytics windows "today since midnight" and "month since day 1" (spec 1 §9).
 */
export function startOfLocal(at: Date, timezone: string, unit: 'day' | 'month'): Date {
  const wall = new Date(wallClockAsUtc(at, timezone));
  const target = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), unit === 'month' ? 1 : wall.getUTCDate());
  // The UTC offset at `at` may differ from the one at that midnight (a DST change in between):
  // guess with the first, then settle with the offset at the guess.
  const offsetAt = (instant: number) => wallClockAsUtc(new Date(instant), timezone) - Math.floor(instant / 1000) * 1000;
  let guess = target - offsetAt(at.getTime());
  guess = target - offsetAt(guess);
  return new Date(guess);
}

/**
 * Decision 038: the platform's application fee on a storefront card sale, in basis points of the
 * order total plus a fixed part. On a destination charge the provider bills its card processing
 * (2.9% + 30¢) to the platform, so the fee passes that on and adds the platform's 1% (the same
 * rate as payment requests): 3.9% + 30¢. The seller sees it before switching card payments on.
 */
export const STOREFRONT_APPLICATION_FEE = { rateBps: 390, fixedCents: 30 } as const;

/** The application fee of a card order of `totalCents`, rounded half up, never more than the total. */
export function storefrontApplicationFee(totalCents: number): number {
  const { rateBps, fixedCents } = STOREFRONT_APPLICATION_FEE;
  return Math.min(totalCents, Math.floor((totalCents * rateBps + 5_000) / 10_000) + fixedCents);
}

/** The fee in words for the seller: "3.9% + $0.30 per card sale". */
export const STOREFRONT_FEE_TEXT = `${STOREFRONT_APPLICATION_FEE.rateBps / 100}% + ${formatCents(STOREFRONT_APPLICATION_FEE.fixedCents)} per card sale`;
