import { authedProcedure, router, serviceCtx } from '../../trpc/init';
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
  settings: authedProcedure.query(({ ctx }) => getMyBookingSettings({ ctx: serviceCtx(ctx) })),
  saveSettings: authedProcedure
    .input(bookingSettingsInput)
    .mutation(({ ctx, input }) => saveBookingSettings({ ctx: serviceCtx(ctx), input })),
  setWorkingHours: authedProcedure.input(workingHoursInput).mutation(({ ctx, input }) => setWorkingHours({ ctx: serviceCtx(ctx), input })),
  addTimeOff: authedProcedure.input(timeOffInput).mutation(({ ctx, input }) => addTimeOff({ ctx: serviceCtx(ctx), input })),
  removeTimeOff: authedProcedure.input(timeOffIdInput).mutation(({ ctx, input }) => removeTimeOff({ ctx: serviceCtx(ctx), input })),
  saveService: authedProcedure.input(serviceInput).mutation(({ ctx, input }) => saveService({ ctx: serviceCtx(ctx), input })),
  services: authedProcedure.input(artistUserIdInput).query(({ ctx, input }) => listArtistServices({ ctx: serviceCtx(ctx), input })),

  // Requests.
  createRequest: authedProcedure.input(createRequestInput).mutation(({ ctx, input }) => createRequest({ ctx: serviceCtx(ctx), input })),
  request: authedProcedure.input(requestIdInput).query(({ ctx, input }) => getRequest({ ctx: serviceCtx(ctx), input })),
  requests: authedProcedure.input(listRequestsInput).query(({ ctx, input }) => listRequests({ ctx: serviceCtx(ctx), input })),
  ask: authedProcedure.input(askInput).mutation(({ ctx, input }) => askQuestion({ ctx: serviceCtx(ctx), input })),
  answer: authedProcedure.input(answerInput).mutation(({ ctx, input }) => answerQuestion({ ctx: serviceCtx(ctx), input })),
  quote: authedProcedure.input(quoteInput).mutation(({ ctx, input }) => quoteRequest({ ctx: serviceCtx(ctx), input })),
  decline: authedProcedure.input(declineInput).mutation(({ ctx, input }) => declineRequest({ ctx: serviceCtx(ctx), input })),
  cancelRequest: authedProcedure.input(requestIdInput).mutation(({ ctx, input }) => cancelRequest({ ctx: serviceCtx(ctx), input })),

  // Scheduling and the sessions.
  availability: authedProcedure.input(availabilityInput).query(({ ctx, input }) => getAvailability({ ctx: serviceCtx(ctx), input })),
  pickSlot: authedProcedure.input(pickSlotInput).mutation(({ ctx, input }) => pickSlot({ ctx: serviceCtx(ctx), input })),
  payDeposit: authedProcedure.input(payDepositInput).mutation(({ ctx, input }) => payDeposit({ ctx: serviceCtx(ctx), input })),
  byId: authedProcedure.input(bookingIdInput).query(({ ctx, input }) => getBooking({ ctx: serviceCtx(ctx), input })),
  approve: authedProcedure.input(bookingIdInput).mutation(({ ctx, input }) => approveBooking({ ctx: serviceCtx(ctx), input })),
  cancel: authedProcedure.input(cancelBookingInput).mutation(({ ctx, input }) => cancelBooking({ ctx: serviceCtx(ctx), input })),
  complete: authedProcedure.input(bookingIdInput).mutation(({ ctx, input }) => completeBooking({ ctx: serviceCtx(ctx), input })),
  reschedule: authedProcedure.input(rescheduleInput).mutation(({ ctx, input }) => rescheduleBooking({ ctx: serviceCtx(ctx), input })),
  confirmId: authedProcedure.input(bookingIdInput).mutation(({ ctx, input }) => confirmClientId({ ctx: serviceCtx(ctx), input })),
  signConsent: authedProcedure.input(consentInput).mutation(({ ctx, input }) => signConsent({ ctx: serviceCtx(ctx), input })),
  addWalkIn: authedProcedure.input(walkInInput).mutation(({ ctx, input }) => addWalkIn({ ctx: serviceCtx(ctx), input })),
});
