import { publicProcedure, router, serviceCtx } from '../../trpc/init';
import { contactInput } from './inputs';
import { sendContactMessage } from './service';

export const contactRouter = router({
  send: publicProcedure.input(contactInput).mutation(({ ctx, input }) => sendContactMessage({ ctx: serviceCtx(ctx), input, ip: ctx.ip })),
});
