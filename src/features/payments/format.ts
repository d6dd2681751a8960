// Dates at the edge, in the reader's locale (money is formatted by server/lib/money.ts).

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
export const formatDay = (date: Date | string | null | undefined) => (date ? day.format(new Date(date)) : '—');
