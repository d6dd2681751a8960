// Money is integer cents in the database, in rules and in every input schema; this module is the
// one edge where cents become text and typed dollars become cents, for the server (mail,
// notifications) and the client (pages, form fields) alike. Pure: no I/O, no imports.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 123456 → "$1,234.56", -500 → "-$5.00"; nothing yet → "$0.00" (the spec's default). */
export const formatCents = (cents: number | null | undefined) => usd.format((cents ?? 0) / 100);

/** A signed modifier for option labels: "+$5.00", "-$2.00"; nothing for 0. */
export const formatModifier = (cents: number) => (cents === 0 ? '' : `${cents > 0 ? '+' : '-'}${formatCents(Math.abs(cents))}`);

/** Cents as the text a dollar field starts with: 1250 → "12.50" (no symbol, no grouping, so it parses back). */
export const centsToDollarText = (cents: number) => (cents / 100).toFixed(2);

// An optional sign and dollar sign, whole dollars either plain or grouped by thousands with
// commas, then at most two decimals: "12", "$12.5", "1,234.50", "-2", ".99".
const AMOUNT = /^(-)?\$?(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d{0,2}))?$/;

/**
 * Dollars as typed ("12.5", "$0.99", "1,234.50", "-2") → integer cents; null when the text is
 * not an amount ("", "abc", "12.345": a fraction of a cent, "1,23": a misplaced comma).
 * The sign is kept: whether a negative or zero amount is allowed is the input schema's rule,
 * with the spec's message.
 */
export function parseDollarsToCents(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole.replaceAll(',', '') || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return sign && cents !== 0 ? -cents : cents;
}

/** Rounds a fractional cent amount half away from zero, as card processors do. */
export const roundCents = (value: number) => Math.sign(value) * Math.round(Math.abs(value));
