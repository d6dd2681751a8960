import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import {
  answerInput,
  artistUserIdInput,
  askInput,
  availabilityInput,
  bookingIdInput,
  bookingSettingsInput,
  cancelBookingInput,
  consentInput,
  createRequestInput,
  declineInput,
  listRequestsInput,
  payDepositInput,
  pickSlotInput,
  quoteInput,
  requestIdInput,
  rescheduleInput,
  serviceInput,
  timeOffIdInput,
  timeOffInput,
  walkInInput,
  workingHoursInput,
} from './inputs';
import { getAvailability } from './service/availability';
import { approveBooking, cancelBooking, completeBooking, confirmClientId, rescheduleBooking } from './service/changes';
import { signConsent } from './service/consent';
import { getBooking } from './service/get-booking';
import { payDeposit } from './service/pay-deposit';
import { pickSlot } from './service/pick-slot';
import {
  answerQuestion,
  askQuestion,
  cancelRequest,
  countRequests,
  createRequest,
  declineRequest,
  getRequest,
  listRequests,
  quoteRequest,
} from './service/requests';
import {
  addTimeOff,
  getMyBookingSettings,
  listArtistServices,
  removeTimeOff,
  saveBookingSettings,
  saveService,
  setWorkingHours,
} from './service/settings';
import { addWalkIn } from './service/walk-in';

export const bookingRouter = router({
  // The artist's own settings (/account booking section).
  settings: authedProcedure.query(({ ctx }) => getMyBookingSettings({ ctx: ctx.service })),
  saveSettings: authedProcedure.input(bookingSettingsInput).mutation(({ ctx, input }) => saveBookingSettings({ ctx: ctx.service, input })),
  setWorkingHours: authedProcedure.input(workingHoursInput).mutation(({ ctx, input }) => setWorkingHours({ ctx: ctx.service, input })),
  addTimeOff: authedProcedure.input(timeOffInput).mutation(({ ctx, input }) => addTimeOff({ ctx: ctx.service, input })),
  removeTimeOff: authedProcedure.input(timeOffIdInput).mutation(({ ctx, input }) => removeTimeOff({ ctx: ctx.service, input })),
  saveService: authedProcedure.input(serviceInput).mutation(({ ctx, input }) => saveService({ ctx: ctx.service, input })),
  // Public (decision 034): the profile's "Flash you can book" and the services on offer.
  services: publicProcedure.input(artistUserIdInput).query(({ ctx, input }) => listArtistServices({ ctx: ctx.service, input })),

  // Requests.
  createRequest: authedProcedure.input(createRequestInput).mutation(({ ctx, input }) => createRequest({ ctx: ctx.service, input })),
  request: authedProcedure.input(requestIdInput).query(({ ctx, input }) => getRequest({ ctx: ctx.service, input })),
  requests: authedProcedure.input(listRequestsInput).query(({ ctx, input }) => listRequests({ ctx: ctx.service, input })),
  requestCounts: authedProcedure.query(({ ctx }) => countRequests({ ctx: ctx.service })),
  ask: authedProcedure.input(askInput).mutation(({ ctx, input }) => askQuestion({ ctx: ctx.service, input })),
  answer: authedProcedure.input(answerInput).mutation(({ ctx, input }) => answerQuestion({ ctx: ctx.service, input })),
  quote: authedProcedure.input(quoteInput).mutation(({ ctx, input }) => quoteRequest({ ctx: ctx.service, input })),
  decline: authedProcedure.input(declineInput).mutation(({ ctx, input }) => declineRequest({ ctx: ctx.service, input })),
  cancelRequest: authedProcedure.input(requestIdInput).mutation(({ ctx, input }) => cancelRequest({ ctx: ctx.service, input })),

  // Scheduling and the sessions.
  availability: authedProcedure.input(availabilityInput).query(({ ctx, input }) => getAvailability({ ctx: ctx.service, input })),
  pickSlot: authedProcedure.input(pickSlotInput).mutation(({ ctx, input }) => pickSlot({ ctx: ctx.service, input })),
  payDeposit: authedProcedure.input(payDepositInput).mutation(({ ctx, input }) => payDeposit({ ctx: ctx.service, input })),
  byId: authedProcedure.input(bookingIdInput).query(({ ctx, input }) => getBooking({ ctx: ctx.service, input })),
  approve: authedProcedure.input(bookingIdInput).mutation(({ ctx, input }) => approveBooking({ ctx: ctx.service, input })),
  cancel: authedProcedure.input(cancelBookingInput).mutation(({ ctx, input }) => cancelBooking({ ctx: ctx.service, input })),
  complete: authedProcedure.input(bookingIdInput).mutation(({ ctx, input }) => completeBooking({ ctx: ctx.service, input })),
  reschedule: authedProcedure.input(rescheduleInput).mutation(({ ctx, input }) => rescheduleBooking({ ctx: ctx.service, input })),
  confirmId: authedProcedure.input(bookingIdInput).mutation(({ ctx, input }) => confirmClientId({ ctx: ctx.service, input })),
  signConsent: authedProcedure.input(consentInput).mutation(({ ctx, input }) => signConsent({ ctx: ctx.service, input })),
  addWalkIn: authedProcedure.input(walkInInput).mutation(({ ctx, input }) => addWalkIn({ ctx: ctx.service, input })),
});
