import type { StorefrontSettings } from '../../db/schema/storefronts';

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
