// Client-side formatting of booking times (en-US, the studio's zone and the viewer's); money is server/lib/money.ts.

import { formatInZone } from '../../../server/domains/booking/rules';

export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Sat, Mar 8, 10:00 AM PST": the server's format, so pages and e-mails say the same. */
export const formatWhen = formatInZone;

/** "Sat, Mar 8, 10:00 AM PST" in the studio's zone, plus the viewer's own when it differs. */
export function formatBothZones(date: Date, studioZone: string) {
  const studio = formatWhen(date, studioZone);
  const mine = viewerZone();
  return mine === studioZone ? studio : `${studio} (${formatWhen(date, mine)} your time)`;
}

/** 'YYYY-MM-DD' of an instant in a zone: the key slots are grouped by. */
export const dayKey = (date: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(date);

export const formatDay = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(date);

/** "10:00 AM PST", or with the weekday ("Tue 1:00 AM UTC") for the viewer's zone, whose date may differ. */
export const formatTime = (date: Date, timeZone: string, withWeekday = false) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: withWeekday ? 'short' : undefined,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
