import { authedProcedure, publicProcedure, router } from '../../../trpc/init';
import { deviceEndpointInput, refreshDeviceInput, registerDeviceInput } from './inputs';
import * as push from './service';

export const pushRouter = router({
  publicKey: publicProcedure.query(({ ctx }) => push.vapidPublicKey({ ctx: ctx.service })),
  status: authedProcedure.input(deviceEndpointInput).query(({ ctx, input }) => push.deviceStatus({ ctx: ctx.service, input })),
  register: authedProcedure.input(registerDeviceInput).mutation(({ ctx, input }) => push.registerDevice({ ctx: ctx.service, input })),
  refresh: authedProcedure.input(refreshDeviceInput).mutation(({ ctx, input }) => push.refreshDevice({ ctx: ctx.service, input })),
  unregister: authedProcedure.input(deviceEndpointInput).mutation(({ ctx, input }) => push.unregisterDevice({ ctx: ctx.service, input })),
});
