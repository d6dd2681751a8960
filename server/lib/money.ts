/** Money is integer cents everywhere; these format it at the edge (en-US USD, default $0.00). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatCents = (cents: number | null | undefined) => usd.format((cents ?? 0) / 100);

/** Rounds a fractional cent amount half away from zero, as card processors do. */
export const roundCents = (value: number) => Math.sign(value) * Math.round(Math.abs(value));
