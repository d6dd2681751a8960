// What each status means to the people involved; shown on the request, its list row and the session.

export const REQUEST_STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for the artist',
  question: 'The artist asked a question',
  quoted: 'Quoted: pick your time',
  scheduled: 'Scheduled',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const BOOKING_STATUS_TEXT: Record<string, string> = {
  held: 'Held',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

export const DEPOSIT_STATUS_TEXT: Record<string, string> = {
  none: 'none',
  due: 'due',
  paid: 'paid',
  forfeited: 'kept by the artist (cancelled inside the notice window)',
  transferable: 'can move to a new date',
};

/** First and last name, or the display name when the person gave none (as the server's lists do). */
export const personName = (p: { firstName?: string | null; lastName?: string | null; displayName?: string | null } | null | undefined) =>
  [p?.firstName, p?.lastName].filter(Boolean).join(' ') || p?.displayName || '';
