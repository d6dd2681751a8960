// Dollar fields of the booking settings forms: the server takes integer cents.

/** '' stays NaN so the server schema's own message answers an empty field. */
export const centsFromDollars = (dollars: string) => (dollars.trim() === '' ? Number.NaN : Math.round(Number(dollars) * 100));

export const dollarsFromCents = (cents: number | null | undefined) => (cents ? (cents / 100).toFixed(2) : '');
