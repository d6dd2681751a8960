// Date formats of the console (money is formatted by server/lib/money.ts).

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const formatDateTime = (value: Date | string | null | undefined) => (value ? dateTime.format(new Date(value)) : '—');
export const formatDate = (value: Date | string | null | undefined) => (value ? dateOnly.format(new Date(value)) : '—');
