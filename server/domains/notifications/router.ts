import { authedProcedure, router } from '../../trpc/init';
import { listNotificationsInput, markSeenInput, updatePreferencesInput } from './inputs';
import * as preferences from './preferences';
import * as notifications from './service';

export const notificationRouter = router({
  list: authedProcedure.input(listNotificationsInput).query(({ ctx, input }) => notifications.listNotifications({ ctx: ctx.service, input })),
  unseenCounts: authedProcedure.query(({ ctx }) => notifications.unseenCounts({ ctx: ctx.service })),
  markSeen: authedProcedure.input(markSeenInput).mutation(({ ctx, input }) => notifications.markSeen({ ctx: ctx.service, input })),
  markAllSeen: authedProcedure.mutation(({ ctx }) => notifications.markAllSeen({ ctx: ctx.service })),
  preferences: authedProcedure.query(({ ctx }) => preferences.getPreferences({ ctx: ctx.service })),
  updatePreferences: authedProcedure.input(updatePreferencesInput).mutation(({ ctx, input }) => preferences.updatePreferences({ ctx: ctx.service, input })),
});
