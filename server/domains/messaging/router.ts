import { authedProcedure, router } from '../../trpc/init';
import { listMessagesInput, listThreadsInput, openThreadInput, sendMessageInput, threadIdInput } from './inputs';
import * as messaging from './service';

export const threadRouter = router({
  list: authedProcedure.input(listThreadsInput).query(({ ctx, input }) => messaging.listThreads({ ctx: ctx.service, input })),
  open: authedProcedure.input(openThreadInput).mutation(({ ctx, input }) => messaging.openThread({ ctx: ctx.service, input })),
  byId: authedProcedure.input(threadIdInput).query(({ ctx, input }) => messaging.getThread({ ctx: ctx.service, input })),
  markRead: authedProcedure.input(threadIdInput).mutation(({ ctx, input }) => messaging.markThreadRead({ ctx: ctx.service, input })),
});

export const messageRouter = router({
  list: authedProcedure.input(listMessagesInput).query(({ ctx, input }) => messaging.listMessages({ ctx: ctx.service, input })),
  send: authedProcedure.input(sendMessageInput).mutation(({ ctx, input }) => messaging.sendMessage({ ctx: ctx.service, input })),
});
