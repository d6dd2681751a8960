import { publicProcedure, router } from '../../trpc/init';
import { contactInput } from './inputs';
import { sendContactMessage } from './service';

export const contactRouter = router({
  send: publicProcedure.input(contactInput).mutation(({ ctx, input }) => sendContactMessage({ ctx: ctx.service, input, ip: ctx.ip })),
});
