import { z } from 'zod';
import { openingHoursInput } from '../studios/inputs';
import { HEALTH_QUESTIONS, MAX_AVAILABILITY_DAYS } from './constants';
import { CONFIRMATION_MODE_VALUES, DEPOSIT_POLICY_VALUES, SERVICE_KIND_VALUES } from '../../db/schema/booking-values';

// One schema per input, with the messages the forms show; the client forms import these.

const text = (required: string, max: number, label: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `${label} must be at most ${max} characters`);
const cents = (message: string) => z.number({ error: message }).int(message).min(0, message).max(100_000_000, message);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date');

export const BOOKING_MESSAGES = {
  requestNotFound: 'Booking request not found',
  bookingNotFound: 'Booking not found',
  artistNotFound: 'Artist not found',
  booksClosed: 'This artist’s books are closed right now',
  slotTaken: 'That time was just taken. Please pick another slot.',
  slotUnavailable: 'That time is not available. Please pick another slot.',
  notYourRequest: 'Only the artist can answer this request',
  onlyClient: 'Only the client can do that',
  requestState: (status: string) => `This request is ${status} and cannot be changed that way`,
  bookingState: (status: string) => `This booking is ${status} and cannot be changed that way`,
  allSessionsBooked: 'Every session of this quote is already booked',
  underage: 'You must be 18 or older to get a tattoo',
  consentAlreadySigned: 'The consent form is already signed',
  depositNotDue: 'No deposit is due for this booking',
  depositFirst: 'Pay the deposit for your first session before booking the next one',
  paymentFailed: 'Payment processing failed',
  holdExpired: 'Your hold on this time has expired. Please pick the slot again.',
  noStudio: 'This artist is not working at that studio',
  referencePhotos: 'Reference photos must be uploaded by you first',
  notStaff: 'Only the studio’s staff can do that',
};

export const bookingSettingsInput = z
  .object({
    booksOpen: z.boolean(),
    bufferMinutes: z.number().int().min(0, 'Buffer must be between 0 and 240 minutes').max(240, 'Buffer must be between 0 and 240 minutes'),
    depositPolicy: z.enum(DEPOSIT_POLICY_VALUES, { error: 'Choose a deposit policy' }),
    depositFixedCents: cents('Enter the deposit in dollars and cents'),
    depositPercent: z
      .number()
      .int()
      .min(0, 'Deposit percent must be between 0 and 100')
      .max(100, 'Deposit percent must be between 0 and 100'),
    freeReschedules: z
      .number()
      .int()
      .min(0, 'Free reschedules must be between 0 and 10')
      .max(10, 'Free reschedules must be between 0 and 10'),
    rescheduleNoticeHours: z
      .number()
      .int()
      .min(0, 'Notice must be between 0 and 720 hours')
      .max(720, 'Notice must be between 0 and 720 hours'),
    confirmationMode: z.enum(CONFIRMATION_MODE_VALUES, { error: 'Choose how bookings are confirmed' }),
  })
  .refine((s) => s.depositPolicy !== 'fixed' || s.depositFixedCents >= 100, {
    message: 'A fixed deposit must be at least $1.00',
    path: ['depositFixedCents'],
  })
  .refine((s) => s.depositPolicy !== 'percent' || s.depositPercent > 0, {
    message: 'Deposit percent must be between 0 and 100',
    path: ['depositPercent'],
  });

export const workingHoursInput = z.object({
  shopId: z.uuid({ error: 'Studio not found' }),
  /** null: back to the studio's opening hours. */
  hours: openingHoursInput.nullable(),
});

export const timeOffInput = z
  .object({
    startsAt: z.date({ error: 'Pick when your time off starts' }),
    endsAt: z.date({ error: 'Pick when your time off ends' }),
    note: z.string().trim().max(200).optional(),
  })
  .refine((t) => t.endsAt > t.startsAt, { message: 'Time off must end after it starts', path: ['endsAt'] });
export const timeOffIdInput = z.object({ id: z.uuid({ error: 'Time off not found' }) });

export const serviceInput = z.object({
  id: z.uuid({ error: 'Service not found' }).optional(),
  kind: z.enum(SERVICE_KIND_VALUES, { error: 'Choose a kind of service' }),
  name: text('Service name is required', 80, 'Service name'),
  durationMinutes: z
    .number()
    .int()
    .min(15, 'Length must be between 15 minutes and 12 hours')
    .max(720, 'Length must be between 15 minutes and 12 hours'),
  price: cents('Enter the price in dollars and cents').nullable().default(null),
  /** The flash piece's picture: one of the artist's own flash images. */
  flashImageId: z.uuid({ error: 'Choose one of your flash images' }).nullable().default(null),
  active: z.boolean().default(true),
});
export const serviceIdInput = z.object({ id: z.uuid({ error: 'Service not found' }) });
export const artistUserIdInput = z.object({ artistId: z.uuid({ error: BOOKING_MESSAGES.artistNotFound }) });

export const createRequestInput = z.object({
  artistId: z.uuid({ error: BOOKING_MESSAGES.artistNotFound }),
  shopId: z.uuid({ error: 'Studio not found' }).optional(),
  serviceId: z.uuid({ error: 'Service not found' }).optional(),
  idea: text('Describe your tattoo idea', 2000, 'Idea'),
  placement: text('Tell the artist where the tattoo goes', 120, 'Placement'),
  size: text('Give an approximate size', 60, 'Size'),
  style: z.string().trim().max(60, 'Style must be at most 60 characters').optional(),
  budget: cents('Enter your budget in dollars').optional(),
  referenceImageIds: z
    .array(z.uuid({ error: BOOKING_MESSAGES.referencePhotos }))
    .max(6, 'Attach at most 6 reference photos')
    .default([]),
});

export const listRequestsInput = z
  .object({ role: z.enum(['client', 'artist']).default('client'), cursor: z.string().max(100).nullish() })
  .default({ role: 'client' });
export const requestIdInput = z.object({ requestId: z.uuid({ error: BOOKING_MESSAGES.requestNotFound }) });
export const askInput = requestIdInput.extend({ question: text('Write your question', 2000, 'Question') });
export const answerInput = requestIdInput.extend({ answer: text('Write your answer', 2000, 'Answer') });
export const declineInput = requestIdInput.extend({ reason: text('Tell the client why you are declining', 1000, 'Reason') });
export const quoteInput = requestIdInput.extend({
  sessionCount: z.number().int().min(1, 'A quote has 1 to 10 sessions').max(10, 'A quote has 1 to 10 sessions'),
  sessionMinutes: z
    .number()
    .int()
    .min(30, 'Sessions last 30 minutes to 12 hours')
    .max(720, 'Sessions last 30 minutes to 12 hours')
    .refine((m) => m % 15 === 0, 'Session length must be a multiple of 15 minutes'),
  estimate: cents('Enter the estimate in dollars and cents').refine((c) => c >= 100, 'The estimate must be at least $1.00'),
  note: z.string().trim().max(1000, 'Note must be at most 1000 characters').optional(),
});

export const availabilityInput = requestIdInput.extend({
  shopId: z.uuid({ error: 'Studio not found' }),
  from: localDate,
  days: z.number().int().min(1).max(31).default(7),
});

export const pickSlotInput = requestIdInput.extend({
  shopId: z.uuid({ error: 'Studio not found' }),
  startsAt: z.date({ error: 'Pick a time' }),
});

export const bookingIdInput = z.object({ bookingId: z.uuid({ error: BOOKING_MESSAGES.bookingNotFound }) });
export const payDepositInput = bookingIdInput.extend({
  paymentMethodId: z.string().trim().min(3, 'Choose a card').max(100, 'Choose a card'),
});
export const cancelBookingInput = bookingIdInput.extend({
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
});
export const rescheduleInput = bookingIdInput.extend({ startsAt: z.date({ error: 'Pick a time' }) });

export const consentInput = bookingIdInput.extend({
  legalName: text('Enter your legal name', 120, 'Legal name'),
  dateOfBirth: z.string({ error: 'Enter your date of birth' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth'),
  answers: z.object(
    Object.fromEntries(HEALTH_QUESTIONS.map((q) => [q.id, z.boolean({ error: 'Answer every health question' })])) as Record<
      (typeof HEALTH_QUESTIONS)[number]['id'],
      z.ZodBoolean
    >,
    { error: 'Answer every health question' },
  ),
  healthNotes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').default(''),
  agree: z.literal(true, { error: 'You must agree to the consent form' }),
});

export const walkInInput = z.object({
  shopId: z.uuid({ error: 'Studio not found' }),
  artistId: z.uuid({ error: BOOKING_MESSAGES.artistNotFound }),
  clientName: text('Enter the client’s name', 120, 'Client name'),
  title: text('Describe the tattoo', 120, 'Description'),
  startsAt: z.date({ error: 'Pick a time' }),
  durationMinutes: z
    .number()
    .int()
    .min(15, 'Length must be between 15 minutes and 12 hours')
    .max(720, 'Length must be between 15 minutes and 12 hours'),
});

export const calendarRangeInput = z
  .object({
    from: z.date({ error: 'Pick a date' }),
    to: z.date({ error: 'Pick a date' }),
    shopId: z.uuid({ error: 'Studio not found' }).optional(),
  })
  .refine((r) => r.to > r.from && r.to.getTime() - r.from.getTime() <= MAX_AVAILABILITY_DAYS * 86_400_000, {
    message: 'Show at most two months at a time',
    path: ['to'],
  });
