// Display formats of the console (money is integer cents everywhere else; en-US USD at the edge).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const formatUsd = (cents: number) => usd.format(cents / 100);
export const formatDateTime = (value: Date | string | null | undefined) => (value ? dateTime.format(new Date(value)) : '—');
export const formatDate = (value: Date | string | null | undefined) => (value ? dateOnly.format(new Date(value)) : '—');
