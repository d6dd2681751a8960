import { authedProcedure, publicProcedure, router, serviceCtx } from '../../../trpc/init';
import { deviceEndpointInput, refreshDeviceInput, registerDeviceInput } from './inputs';
import * as push from './service';

export const pushRouter = router({
  publicKey: publicProcedure.query(({ ctx }) => push.vapidPublicKey({ ctx: serviceCtx(ctx) })),
  status: authedProcedure.input(deviceEndpointInput).query(({ ctx, input }) => push.deviceStatus({ ctx: serviceCtx(ctx), input })),
  register: authedProcedure.input(registerDeviceInput).mutation(({ ctx, input }) => push.registerDevice({ ctx: serviceCtx(ctx), input })),
  refresh: authedProcedure.input(refreshDeviceInput).mutation(({ ctx, input }) => push.refreshDevice({ ctx: serviceCtx(ctx), input })),
  unregister: authedProcedure.input(deviceEndpointInput).mutation(({ ctx, input }) => push.unregisterDevice({ ctx: serviceCtx(ctx), input })),
});
