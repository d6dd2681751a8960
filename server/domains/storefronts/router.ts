import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import { storefrontAnalytics } from './analytics';
import {
  createStorefrontInput,
  listStorefrontsInput,
  storefrontIdInput,
  toggleStorefrontActiveInput,
  updateStorefrontSettingsInput,
} from './inputs';
import * as storefronts from './service';

export const storefrontRouter = router({
  create: authedProcedure
    .input(createStorefrontInput)
    .mutation(({ ctx, input }) => storefronts.createStorefront({ ctx: ctx.service, input })),
  updateSettings: authedProcedure
    .input(updateStorefrontSettingsInput)
    .mutation(({ ctx, input }) => storefronts.updateStorefrontSettings({ ctx: ctx.service, input })),
  toggleActive: authedProcedure
    .input(toggleStorefrontActiveInput)
    .mutation(({ ctx, input }) => storefronts.toggleStorefrontActive({ ctx: ctx.service, input })),
  delete: authedProcedure.input(storefrontIdInput).mutation(({ ctx, input }) => storefronts.deleteStorefront({ ctx: ctx.service, input })),
  // Public: the /shop marketplace and the public storefront page are open to visitors.
  list: publicProcedure.input(listStorefrontsInput).query(({ ctx, input }) => storefronts.listStorefronts({ ctx: ctx.service, input })),
  byId: publicProcedure.input(storefrontIdInput).query(({ ctx, input }) => storefronts.getStorefront({ ctx: ctx.service, input })),
  mine: authedProcedure.query(({ ctx }) => storefronts.myStorefronts({ ctx: ctx.service })),
  analytics: authedProcedure.input(storefrontIdInput).query(({ ctx, input }) => storefrontAnalytics({ ctx: ctx.service, input })),
});
