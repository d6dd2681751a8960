import { authedProcedure, router } from '../../trpc/init';
import { calendarRangeInput } from '../booking/inputs';
import { disconnectGoogle, googleStatus } from './google-connection';
import { googleIntegrationIdInput } from './google-inputs';
import { createFeed, feedStatus, listCalendarEvents, revokeFeed } from './service';

export const calendarRouter = router({
  events: authedProcedure.input(calendarRangeInput).query(({ ctx, input }) => listCalendarEvents({ ctx: ctx.service, input })),
  feed: authedProcedure.query(({ ctx }) => feedStatus({ ctx: ctx.service })),
  createFeed: authedProcedure.mutation(({ ctx }) => createFeed({ ctx: ctx.service })),
  revokeFeed: authedProcedure.mutation(({ ctx }) => revokeFeed({ ctx: ctx.service })),
  google: authedProcedure.query(({ ctx }) => googleStatus({ ctx: ctx.service })),
  disconnectGoogle: authedProcedure
    .input(googleIntegrationIdInput)
    .mutation(({ ctx, input }) => disconnectGoogle({ ctx: ctx.service, input })),
});
