// Date formats of the shop pages (money is formatted by server/lib/money.ts).

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (value: Date | string | null | undefined) => (value ? dateOnly.format(new Date(value)) : '—');
export const formatDateTime = (value: Date | string | null | undefined) => (value ? dateTime.format(new Date(value)) : '—');
