import { zonedInstant } from '../../lib/timezone';
import type { BookingRequestStatus, BookingStatus, ConfirmationMode, DepositPolicy, ServiceKind } from '../../db/schema/booking-values';
import { HEALTH_QUESTIONS, MINIMUM_AGE } from './constants';

// The booking rules as pure functions: status machines, deposit policy outcomes, the
// cancellation and reschedule policy, the 18+ check and the consent text.

/** Times read as people in the studio's zone read them, in the e-mails and on the pages alike. */
export { formatInZone } from '../../lib/timezone';
export type { ServiceKind } from '../../db/schema/booking-values';
/** The length a consultation service starts with (client forms read constants through this file). */
export { CONSULTATION_MINUTES } from './constants';

export type RequestAction = 'ask' | 'answer' | 'quote' | 'decline' | 'expire' | 'cancel' | 'schedule';

/** Which request status each action moves to, from which statuses. */
const REQUEST_TRANSITIONS: Record<RequestAction, { from: readonly BookingRequestStatus[]; to: BookingRequestStatus }> = {
  ask: { from: ['pending'], to: 'question' },
  answer: { from: ['question'], to: 'pending' },
  quote: { from: ['pending', 'question'], to: 'quoted' },
  decline: { from: ['pending', 'question'], to: 'declined' },
  expire: { from: ['pending'], to: 'expired' },
  cancel: { from: ['pending', 'question', 'quoted'], to: 'cancelled' },
  schedule: { from: ['quoted', 'scheduled'], to: 'scheduled' },
};

/** The status after an action, or null when the action is not allowed from that status. */
export function nextRequestStatus(status: BookingRequestStatus, action: RequestAction): BookingRequestStatus | null {
  const t = REQUEST_TRANSITIONS[action];
  return t.from.includes(status) ? t.to : null;
}
export const requestStatusesAllowing = (action: RequestAction) => REQUEST_TRANSITIONS[action].from;

export type BookingAction = 'confirm' | 'cancel' | 'complete' | 'reschedule' | 'release';

const BOOKING_TRANSITIONS: Record<BookingAction, { from: readonly BookingStatus[]; to: BookingStatus }> = {
  confirm: { from: ['held'], to: 'confirmed' },
  cancel: { from: ['held', 'confirmed'], to: 'cancelled' },
  /** A hold that was not paid in time. */
  release: { from: ['held'], to: 'cancelled' },
  complete: { from: ['confirmed'], to: 'completed' },
  reschedule: { from: ['held', 'confirmed'], to: 'confirmed' },
};

export function nextBookingStatus(status: BookingStatus, action: BookingAction): BookingStatus | null {
  const t = BOOKING_TRANSITIONS[action];
  if (!t.from.includes(status)) return null;
  // Rescheduling keeps a held booking held (it still waits for its deposit or approval).
  return action === 'reschedule' ? status : t.to;
}
export const bookingStatusesAllowing = (action: BookingAction) => BOOKING_TRANSITIONS[action].from;

export type DepositSettings = { depositPolicy: DepositPolicy; depositFixedCents: number; depositPercent: number };

/** The deposit for a quote, in cents: none, a fixed amount, or a percent of the estimate (rounded). */
export function depositFor(settings: DepositSettings, estimateCents: number): number {
  switch (settings.depositPolicy) {
    case 'none':
      return 0;
    case 'fixed':
      return settings.depositFixedCents;
    case 'percent':
      return Math.round((estimateCents * settings.depositPercent) / 100);
  }
}

/**
 * What the final session costs once the non-refundable deposit is applied to it: the estimate
 * spread over the sessions, the last one less the deposit (never below 0).
 */
export function sessionAmounts(estimateCents: number, sessions: number, depositCents: number): number[] {
  const base = Math.floor(estimateCents / sessions);
  const amounts = Array.from({ length: sessions }, (_, i) => (i === sessions - 1 ? estimateCents - base * (sessions - 1) : base));
  amounts[sessions - 1] = Math.max(0, amounts[sessions - 1] - depositCents);
  return amounts;
}

export type DirectQuote = { sessionCount: 1; sessionMinutes: number; estimate: number; deposit: number };

/**
 * Services a client books straight away, without waiting for a quote: a flash piece the artist
 * priced (the price is the quote) and a consultation (free unless priced). Tattoo sessions and
 * unpriced flash are quoted per request. The deposit follows the artist's policy but never
 * exceeds the price, and a free consultation takes none.
 */
export function directQuote(
  service: { kind: ServiceKind; durationMinutes: number; price: number | null },
  settings: DepositSettings,
): DirectQuote | null {
  if (!isBookedDirectly(service)) return null;
  const estimate = service.price ?? 0;
  const deposit = estimate > 0 ? Math.min(depositFor(settings, estimate), estimate) : 0;
  return { sessionCount: 1, sessionMinutes: service.durationMinutes, estimate, deposit };
}

/** See directQuote: the booking page tells the client which services skip the quote. */
export const isBookedDirectly = (service: { kind: ServiceKind; price: number | null }) =>
  service.kind === 'consultation' || (service.kind === 'flash' && service.price !== null);

/** Confirmed right away, or held: waiting for the deposit, or for the artist's approval. */
export function statusAfterPick(depositCents: number, mode: ConfirmationMode): { status: BookingStatus; waitsForPayment: boolean } {
  if (depositCents > 0) return { status: 'held', waitsForPayment: true };
  return { status: mode === 'automatic' ? 'confirmed' : 'held', waitsForPayment: false };
}
/** After the deposit is paid: confirmed in automatic mode, still held until approval otherwise. */
export const statusAfterDeposit = (mode: ConfirmationMode): BookingStatus => (mode === 'automatic' ? 'confirmed' : 'held');

export type CancellationPolicy = { rescheduleNoticeHours: number; freeReschedules: number };

/**
 * The deposit when a session is cancelled: kept (forfeited) inside the notice window, transferable
 * to a new date outside it. An artist's cancellation always leaves it transferable.
 */
export function depositAfterCancel(startsAt: Date, now: Date, policy: CancellationPolicy, byArtist: boolean): 'forfeited' | 'transferable' {
  if (byArtist) return 'transferable';
  return startsAt.getTime() - now.getTime() < policy.rescheduleNoticeHours * 3_600_000 ? 'forfeited' : 'transferable';
}

export const RESCHEDULE_MESSAGES = {
  insideNotice: (hours: number) => `Sessions can be rescheduled up to ${hours} hours before they start`,
  noneLeft: 'You have used your free reschedules for this booking',
};

/** Null when the client may move the session, else the reason (the artist may always move it). */
export function rescheduleRefusal(startsAt: Date, now: Date, used: number, policy: CancellationPolicy, byArtist: boolean): string | null {
  if (byArtist) return null;
  if (startsAt.getTime() - now.getTime() < policy.rescheduleNoticeHours * 3_600_000)
    return RESCHEDULE_MESSAGES.insideNotice(policy.rescheduleNoticeHours);
  if (used >= policy.freeReschedules) return RESCHEDULE_MESSAGES.noneLeft;
  return null;
}

/** Whole years between a 'YYYY-MM-DD' birth date and a day. */
export function ageOn(dateOfBirth: string, on: { year: number; month: number; day: number }): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const hadBirthday = on.month > m || (on.month === m && on.day >= d);
  return on.year - y - (hadBirthday ? 0 : 1);
}
export const isOfAge = (dateOfBirth: string, on: { year: number; month: number; day: number }) => ageOn(dateOfBirth, on) >= MINIMUM_AGE;

/** The consent text the client signs; it is stored with the booking exactly as shown. */
export function consentText(input: { legalName: string; artistName: string; studioName: string; sessionStart: string }): string {
  return [
    `I, ${input.legalName}, consent to be tattooed by ${input.artistName} at ${input.studioName} on ${input.sessionStart}.`,
    'I am at least 18 years old and will show a government-issued photo ID to the artist.',
    'I have answered the health questions truthfully and told the artist about anything that could affect the tattoo or its healing.',
    'I understand a tattoo is permanent, that results vary with skin and aftercare, and that I must follow the aftercare instructions.',
    'I understand the deposit is non-refundable and is applied to the final session.',
    `Health questions: ${HEALTH_QUESTIONS.map((q) => q.text).join(' ')}`,
  ].join('\n');
}

/**
 * A 'YYYY-MM-DDTHH:mm' wall time (a datetime-local field) read in the studio's zone, so staff
 * enter studio time wherever their browser is; null for bad input or a time the clock skips.
 */
export function studioTimeToInstant(local: string, timeZone: string): Date | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number);
  return zonedInstant({ year, month, day }, hour, minute, timeZone);
}
