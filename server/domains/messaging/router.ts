import { authedProcedure, router, serviceCtx } from '../../trpc/init';
import { listMessagesInput, listThreadsInput, openThreadInput, sendMessageInput, threadIdInput } from './inputs';
import * as messaging from './service';

export const threadRouter = router({
  list: authedProcedure.input(listThreadsInput).query(({ ctx, input }) => messaging.listThreads({ ctx: serviceCtx(ctx), input })),
  open: authedProcedure.input(openThreadInput).mutation(({ ctx, input }) => messaging.openThread({ ctx: serviceCtx(ctx), input })),
  byId: authedProcedure.input(threadIdInput).query(({ ctx, input }) => messaging.getThread({ ctx: serviceCtx(ctx), input })),
  markRead: authedProcedure.input(threadIdInput).mutation(({ ctx, input }) => messaging.markThreadRead({ ctx: serviceCtx(ctx), input })),
});

export const messageRouter = router({
  list: authedProcedure.input(listMessagesInput).query(({ ctx, input }) => messaging.listMessages({ ctx: serviceCtx(ctx), input })),
  send: authedProcedure.input(sendMessageInput).mutation(({ ctx, input }) => messaging.sendMessage({ ctx: serviceCtx(ctx), input })),
});
