import { authedProcedure, publicProcedure, router, serviceCtx } from '../../trpc/init';
import * as calendar from './calendar';
import {
  addCalendarIntegrationInput,
  calendarIntegrationIdInput,
  calendarProviderInput,
  displayNameAvailableInput,
  updateCalendarIntegrationInput,
  updateProfileInput,
  userByIdInput,
} from './inputs';
import * as users from './service';

export const userRouter = router({
  byId: publicProcedure.input(userByIdInput).query(({ ctx, input }) => users.getUserById({ ctx: serviceCtx(ctx), input })),
  update: authedProcedure.input(updateProfileInput).mutation(({ ctx, input }) => users.updateProfile({ ctx: serviceCtx(ctx), input })),
  isDisplayNameAvailable: publicProcedure
    .input(displayNameAvailableInput)
    .query(({ ctx, input }) => users.checkDisplayNameAvailable({ ctx: serviceCtx(ctx), input })),
  addCalendarIntegration: authedProcedure
    .input(addCalendarIntegrationInput)
    .mutation(({ ctx, input }) => calendar.addCalendarIntegration({ ctx: serviceCtx(ctx), input })),
  updateCalendarIntegration: authedProcedure
    .input(updateCalendarIntegrationInput)
    .mutation(({ ctx, input }) => calendar.updateCalendarIntegration({ ctx: serviceCtx(ctx), input })),
  removeCalendarIntegration: authedProcedure
    .input(calendarIntegrationIdInput)
    .mutation(({ ctx, input }) => calendar.removeCalendarIntegration({ ctx: serviceCtx(ctx), input })),
  hasActiveCalendarIntegration: authedProcedure
    .input(calendarProviderInput)
    .query(({ ctx, input }) => calendar.hasActiveCalendarIntegration({ ctx: serviceCtx(ctx), input })),
});
