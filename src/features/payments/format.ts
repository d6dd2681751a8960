// Money and dates at the edge: cents → en-US USD, dates in the reader's locale.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatCents = (cents: number | null | undefined) => usd.format((cents ?? 0) / 100);

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
export const formatDay = (date: Date | string | null | undefined) => (date ? day.format(new Date(date)) : '—');

/** "25", "25.5", "$25.50" → 2550 cents; null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}
