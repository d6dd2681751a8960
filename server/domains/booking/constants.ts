// Pure constants of booking, shared by the schema, the server and the client.

export const DEPOSIT_POLICY_VALUES = ['none', 'fixed', 'percent'] as const;
export type DepositPolicy = (typeof DEPOSIT_POLICY_VALUES)[number];

export const CONFIRMATION_MODE_VALUES = ['automatic', 'approval'] as const;
export type ConfirmationMode = (typeof CONFIRMATION_MODE_VALUES)[number];

export const SERVICE_KIND_VALUES = ['consultation', 'session', 'flash'] as const;
export type ServiceKind = (typeof SERVICE_KIND_VALUES)[number];

/**
 * pending: waiting for the artist; question: the artist asked, waiting for the client; quoted:
 * the client may pick slots; scheduled: a session is booked. declined, expired, cancelled end it.
 */
export const BOOKING_REQUEST_STATUS_VALUES = ['pending', 'question', 'quoted', 'scheduled', 'declined', 'expired', 'cancelled'] as const;
export type BookingRequestStatus = (typeof BOOKING_REQUEST_STATUS_VALUES)[number];

export const BOOKING_STATUS_VALUES = ['held', 'confirmed', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUS_VALUES)[number];

/** due: to be paid; paid; forfeited: kept after a late cancellation; transferable: kept for a new date. */
export const DEPOSIT_STATUS_VALUES = ['none', 'due', 'paid', 'forfeited', 'transferable'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUS_VALUES)[number];

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

/** The consent form as the client signed it, kept with the booking. */
export type SignedConsent = {
  legalName: string;
  dateOfBirth: string;
  answers: Record<string, boolean>;
  healthNotes: string;
  text: string;
  signedAt: string;
};
