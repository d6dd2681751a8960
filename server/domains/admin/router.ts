import { adminProcedure, router, serviceCtx } from '../../trpc/init';
import * as blogAdmin from '../blog/admin';
import { adminBlogListInput, blogFormInput, blogIdInput, updateBlogInput } from '../blog/inputs';
import { listRunsInput, runByIdInput, runCleanupInput, runMigrationInput } from '../maintenance/inputs';
import * as maintenance from '../maintenance/service';
import * as artists from './artists';
import { listAudit } from './audit';
import { dashboardStats } from './dashboard';
import {
  auditInput,
  quickTestInput,
  searchInput,
  testCardChargeInput,
  testNotificationInput,
  testSubscriptionInput,
  updateArtistInput,
  updateStorefrontInput,
  updateStudioInput,
  updateUserInput,
} from './inputs';
import * as notifications from './notifications';
import { testCardCharge, testSubscription } from './payment-tests';
import * as storefronts from './storefronts';
import * as studios from './studios';
import * as users from './users';

// `admin.*`: every procedure is AppAdmin-only (adminProcedure); the console's gate is only UX.
export const adminRouter = router({
  dashboard: adminProcedure.query(({ ctx }) => dashboardStats({ ctx: serviceCtx(ctx) })),
  audit: adminProcedure.input(auditInput).query(({ ctx, input }) => listAudit({ ctx: serviceCtx(ctx), input })),

  users: router({
    recent: adminProcedure.query(({ ctx }) => users.recentUsers({ ctx: serviceCtx(ctx) })),
    search: adminProcedure.input(searchInput).query(({ ctx, input }) => users.searchUsers({ ctx: serviceCtx(ctx), input })),
    update: adminProcedure.input(updateUserInput).mutation(({ ctx, input }) => users.updateUser({ ctx: serviceCtx(ctx), input })),
  }),
  artists: router({
    recent: adminProcedure.query(({ ctx }) => artists.recentArtists({ ctx: serviceCtx(ctx) })),
    search: adminProcedure.input(searchInput).query(({ ctx, input }) => artists.searchArtists({ ctx: serviceCtx(ctx), input })),
    update: adminProcedure.input(updateArtistInput).mutation(({ ctx, input }) => artists.updateArtist({ ctx: serviceCtx(ctx), input })),
  }),
  studios: router({
    recent: adminProcedure.query(({ ctx }) => studios.recentStudios({ ctx: serviceCtx(ctx) })),
    search: adminProcedure.input(searchInput).query(({ ctx, input }) => studios.searchStudios({ ctx: serviceCtx(ctx), input })),
    update: adminProcedure.input(updateStudioInput).mutation(({ ctx, input }) => studios.updateStudio({ ctx: serviceCtx(ctx), input })),
  }),
  storefronts: router({
    recent: adminProcedure.query(({ ctx }) => storefronts.recentStorefronts({ ctx: serviceCtx(ctx) })),
    search: adminProcedure.input(searchInput).query(({ ctx, input }) => storefronts.searchStorefronts({ ctx: serviceCtx(ctx), input })),
    update: adminProcedure.input(updateStorefrontInput).mutation(({ ctx, input }) => storefronts.updateStorefront({ ctx: serviceCtx(ctx), input })),
  }),

  blog: router({
    list: adminProcedure.input(adminBlogListInput).query(({ ctx, input }) => blogAdmin.adminListBlogs({ ctx: serviceCtx(ctx), input })),
    stats: adminProcedure.query(({ ctx }) => blogAdmin.blogStats({ ctx: serviceCtx(ctx) })),
    byId: adminProcedure.input(blogIdInput).query(({ ctx, input }) => blogAdmin.adminGetBlog({ ctx: serviceCtx(ctx), input })),
    create: adminProcedure.input(blogFormInput).mutation(({ ctx, input }) => blogAdmin.createBlog({ ctx: serviceCtx(ctx), input })),
    update: adminProcedure.input(updateBlogInput).mutation(({ ctx, input }) => blogAdmin.updateBlog({ ctx: serviceCtx(ctx), input })),
    delete: adminProcedure.input(blogIdInput).mutation(({ ctx, input }) => blogAdmin.deleteBlog({ ctx: serviceCtx(ctx), input })),
  }),

  notifications: router({
    sendTest: adminProcedure
      .input(testNotificationInput)
      .mutation(({ ctx, input }) => notifications.sendTestNotification({ ctx: serviceCtx(ctx), input })),
    quickTest: adminProcedure.input(quickTestInput).mutation(({ ctx, input }) => notifications.sendQuickTest({ ctx: serviceCtx(ctx), input })),
  }),

  payments: router({
    testCard: adminProcedure.input(testCardChargeInput).mutation(({ ctx, input }) => testCardCharge({ ctx: serviceCtx(ctx), input })),
    testSubscription: adminProcedure.input(testSubscriptionInput).mutation(({ ctx, input }) => testSubscription({ ctx: serviceCtx(ctx), input })),
  }),

  maintenance: router({
    runCleanup: adminProcedure.input(runCleanupInput).mutation(({ ctx, input }) =>
      maintenance.runShopCleanup({
        ctx: serviceCtx(ctx),
        input: { mode: input.mode, settings: input.settings, source: 'console', runId: input.runId },
      }),
    ),
    runMigration: adminProcedure.input(runMigrationInput).mutation(({ ctx, input }) =>
      maintenance.runMigration({ ctx: serviceCtx(ctx), input: { tool: input.tool, dryRun: input.dryRun, source: 'console', runId: input.runId } }),
    ),
    runs: adminProcedure.input(listRunsInput).query(({ ctx, input }) => maintenance.listRuns({ ctx: serviceCtx(ctx), input })),
    run: adminProcedure.input(runByIdInput).query(({ ctx, input }) => maintenance.getRun({ ctx: serviceCtx(ctx), input })),
  }),
});
