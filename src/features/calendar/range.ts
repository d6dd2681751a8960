// The visible range of a day, week (Monday first) or month view, in the viewer's local time.

export type CalendarView = 'day' | 'week' | 'month';

/** The view /calendar opens with: its route's loader loads that range's events. */
export const FIRST_CALENDAR_VIEW: CalendarView = 'week';

export function rangeOf(view: CalendarView, anchor: Date) {
  const start = new Date(anchor.getFullYear(), anchor.getMonth(), anchor.getDate());
  if (view === 'week') start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  if (view === 'month') start.setDate(1);
  const end = new Date(start);
  if (view === 'day') end.setDate(end.getDate() + 1);
  if (view === 'week') end.setDate(end.getDate() + 7);
  if (view === 'month') end.setMonth(end.getMonth() + 1);
  return { from: start, to: end };
}

export function shift(view: CalendarView, anchor: Date, direction: 1 | -1) {
  const next = new Date(anchor);
  if (view === 'day') next.setDate(next.getDate() + direction);
  if (view === 'week') next.setDate(next.getDate() + 7 * direction);
  if (view === 'month') next.setMonth(next.getMonth() + direction);
  return next;
}

/** Each local day of a range. */
export function daysOf(range: { from: Date; to: Date }) {
  const days: Date[] = [];
  for (const d = new Date(range.from); d < range.to; d.setDate(d.getDate() + 1)) days.push(new Date(d));
  return days;
}

export const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
