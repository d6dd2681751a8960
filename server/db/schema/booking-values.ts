// The value lists and JSON types of the booking tables. Pure, no ORM: domains and the client
// import them without the database.

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

/** The consent form as the client signed it, kept with the booking. */
export type SignedConsent = {
  legalName: string;
  dateOfBirth: string;
  answers: Record<string, boolean>;
  healthNotes: string;
  text: string;
  signedAt: string;
};
