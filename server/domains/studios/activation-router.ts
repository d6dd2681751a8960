import { adminProcedure, router } from '../../trpc/init';
import * as activation from './activation';
import { decideActivationInput } from './inputs';

/** `admin.activations.*`: the console's Studio Activations tab (AppAdmin only, on the admin host). */
export const studioActivationAdminRouter = router({
  pending: adminProcedure.query(({ ctx }) => activation.pendingActivations({ ctx: ctx.service })),
  decide: adminProcedure
    .input(decideActivationInput)
    .mutation(({ ctx, input }) => activation.decideActivation({ ctx: ctx.service, input })),
});
