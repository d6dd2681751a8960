import { authedProcedure, router, serviceCtx } from '../../trpc/init';
import { listNotificationsInput, markSeenInput, updatePreferencesInput } from './inputs';
import * as preferences from './preferences';
import * as notifications from './service';

export const notificationRouter = router({
  list: authedProcedure.input(listNotificationsInput).query(({ ctx, input }) => notifications.listNotifications({ ctx: serviceCtx(ctx), input })),
  unseenCounts: authedProcedure.query(({ ctx }) => notifications.unseenCounts({ ctx: serviceCtx(ctx) })),
  markSeen: authedProcedure.input(markSeenInput).mutation(({ ctx, input }) => notifications.markSeen({ ctx: serviceCtx(ctx), input })),
  markAllSeen: authedProcedure.mutation(({ ctx }) => notifications.markAllSeen({ ctx: serviceCtx(ctx) })),
  preferences: authedProcedure.query(({ ctx }) => preferences.getPreferences({ ctx: serviceCtx(ctx) })),
  updatePreferences: authedProcedure.input(updatePreferencesInput).mutation(({ ctx, input }) => preferences.updatePreferences({ ctx: serviceCtx(ctx), input })),
});
