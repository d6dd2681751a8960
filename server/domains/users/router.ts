import { authedProcedure, publicProcedure, router } from '../../trpc/init';
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
  byId: publicProcedure.input(userByIdInput).query(({ ctx, input }) => users.getUserById({ ctx: ctx.service, input })),
  update: authedProcedure.input(updateProfileInput).mutation(({ ctx, input }) => users.updateProfile({ ctx: ctx.service, input })),
  isDisplayNameAvailable: publicProcedure
    .input(displayNameAvailableInput)
    .query(({ ctx, input }) => users.checkDisplayNameAvailable({ ctx: ctx.service, input })),
  addCalendarIntegration: authedProcedure
    .input(addCalendarIntegrationInput)
    .mutation(({ ctx, input }) => calendar.addCalendarIntegration({ ctx: ctx.service, input })),
  updateCalendarIntegration: authedProcedure
    .input(updateCalendarIntegrationInput)
    .mutation(({ ctx, input }) => calendar.updateCalendarIntegration({ ctx: ctx.service, input })),
  removeCalendarIntegration: authedProcedure
    .input(calendarIntegrationIdInput)
    .mutation(({ ctx, input }) => calendar.removeCalendarIntegration({ ctx: ctx.service, input })),
  hasActiveCalendarIntegration: authedProcedure
    .input(calendarProviderInput)
    .query(({ ctx, input }) => calendar.hasActiveCalendarIntegration({ ctx: ctx.service, input })),
});
