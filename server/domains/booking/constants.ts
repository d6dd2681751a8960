// Pure constants of booking, shared by the server and the client (the value lists of its tables
// are in server/db/schema/booking-values.ts).

export const REQUEST_EXPIRY_DAYS = 7;
/** A held slot waits this long for its deposit before it is released. */
export const HOLD_MINUTES = 15;
/** event_reminder goes out this long before a session (spec 1 §9: "starts in 15 minutes"). */
export const REMINDER_MINUTES = 15;
export const CONSULTATION_MINUTES = 30;
/** Slots start on this grid. */
export const SLOT_STEP_MINUTES = 30;
/** How far ahead availability is shown. */
export const MAX_AVAILABILITY_DAYS = 62;
export const MINIMUM_AGE = 18;

export const HEALTH_QUESTIONS = [
  { id: 'allergies', text: 'Do you have allergies to latex, pigments, ointments or metals?' },
  { id: 'pregnant', text: 'Are you pregnant or nursing?' },
  { id: 'bloodThinners', text: 'Do you take blood thinners or have a bleeding disorder?' },
  { id: 'conditions', text: 'Do you have diabetes, a heart condition, epilepsy or a skin condition at the site?' },
  { id: 'substances', text: 'Have you had alcohol or recreational drugs in the last 24 hours?' },
] as const;
export type HealthQuestionId = (typeof HEALTH_QUESTIONS)[number]['id'];
