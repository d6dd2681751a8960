import { authedProcedure, publicProcedure, router, serviceCtx } from '../../trpc/init';
import { storefrontAnalytics } from './analytics';
import { createStorefrontInput, listStorefrontsInput, storefrontIdInput, updateStorefrontSettingsInput } from './inputs';
import * as storefronts from './service';

export const storefrontRouter = router({
  create: authedProcedure.input(createStorefrontInput).mutation(({ ctx, input }) => storefronts.createStorefront({ ctx: serviceCtx(ctx), input })),
  updateSettings: authedProcedure
    .input(updateStorefrontSettingsInput)
    .mutation(({ ctx, input }) => storefronts.updateStorefrontSettings({ ctx: serviceCtx(ctx), input })),
  toggleActive: authedProcedure.input(storefrontIdInput).mutation(({ ctx, input }) => storefronts.toggleStorefrontActive({ ctx: serviceCtx(ctx), input })),
  delete: authedProcedure.input(storefrontIdInput).mutation(({ ctx, input }) => storefronts.deleteStorefront({ ctx: serviceCtx(ctx), input })),
  // Public: the /shop marketplace and the public storefront page are open to visitors.
  list: publicProcedure.input(listStorefrontsInput).query(({ ctx, input }) => storefronts.listStorefronts({ ctx: serviceCtx(ctx), input })),
  byId: publicProcedure.input(storefrontIdInput).query(({ ctx, input }) => storefronts.getStorefront({ ctx: serviceCtx(ctx), input })),
  mine: authedProcedure.query(({ ctx }) => storefronts.myStorefronts({ ctx: serviceCtx(ctx) })),
  analytics: authedProcedure.input(storefrontIdInput).query(({ ctx, input }) => storefrontAnalytics({ ctx: serviceCtx(ctx), input })),
});
