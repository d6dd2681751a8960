// Display formats of the shop pages: money is integer cents until here (en-US USD, $0.00 default).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatCents = (cents: number | null | undefined) => usd.format((cents ?? 0) / 100);

/** A signed modifier for option labels: "+$5.00", "-$2.00"; nothing for 0. */
export const formatModifier = (cents: number) => (cents === 0 ? '' : `${cents > 0 ? '+' : '-'}${formatCents(Math.abs(cents))}`);

/** Dollars typed in a form ("12.5") to cents (1250); null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^-?\d+(\.\d{0,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

export const formatDate = (value: Date | string | null | undefined) => (value ? dateOnly.format(new Date(value)) : '—');
export const formatDateTime = (value: Date | string | null | undefined) => (value ? dateTime.format(new Date(value)) : '—');
