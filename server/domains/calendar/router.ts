import { authedProcedure, router, serviceCtx } from '../../trpc/init';
import { calendarRangeInput } from '../booking/inputs';
import { disconnectGoogle, googleStatus } from './google-connection';
import { googleIntegrationIdInput } from './google-inputs';
import { createFeed, feedStatus, listCalendarEvents, revokeFeed } from './service';

export const calendarRouter = router({
  events: authedProcedure.input(calendarRangeInput).query(({ ctx, input }) => listCalendarEvents({ ctx: serviceCtx(ctx), input })),
  feed: authedProcedure.query(({ ctx }) => feedStatus({ ctx: serviceCtx(ctx) })),
  createFeed: authedProcedure.mutation(({ ctx }) => createFeed({ ctx: serviceCtx(ctx) })),
  revokeFeed: authedProcedure.mutation(({ ctx }) => revokeFeed({ ctx: serviceCtx(ctx) })),
  google: authedProcedure.query(({ ctx }) => googleStatus({ ctx: serviceCtx(ctx) })),
  disconnectGoogle: authedProcedure
    .input(googleIntegrationIdInput)
    .mutation(({ ctx, input }) => disconnectGoogle({ ctx: serviceCtx(ctx), input })),
});
