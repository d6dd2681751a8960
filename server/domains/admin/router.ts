import { adminProcedure, router } from '../../trpc/init';
import * as blogAdmin from '../blog/admin';
import { adminBlogListInput, blogFormInput, blogIdInput, updateBlogInput } from '../blog/inputs';
import { listRunsInput, runByIdInput, runCleanupInput, runMigrationInput } from '../maintenance/inputs';
import * as maintenance from '../maintenance/service';
import { studioActivationAdminRouter } from '../studios/activation-router';
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
  dashboard: adminProcedure.query(({ ctx }) => dashboardStats({ ctx: ctx.service })),
  audit: adminProcedure.input(auditInput).query(({ ctx, input }) => listAudit({ ctx: ctx.service, input })),

  users: router({
    recent: adminProcedure.query(({ ctx }) => users.recentUsers({ ctx: ctx.service })),
    search: adminProcedure.input(searchInput).query(({ ctx, input }) => users.searchUsers({ ctx: ctx.service, input })),
    update: adminProcedure.input(updateUserInput).mutation(({ ctx, input }) => users.updateUser({ ctx: ctx.service, input })),
  }),
  artists: router({
    recent: adminProcedure.query(({ ctx }) => artists.recentArtists({ ctx: ctx.service })),
    search: adminProcedure.input(searchInput).query(({ ctx, input }) => artists.searchArtists({ ctx: ctx.service, input })),
    update: adminProcedure.input(updateArtistInput).mutation(({ ctx, input }) => artists.updateArtist({ ctx: ctx.service, input })),
  }),
  studios: router({
    recent: adminProcedure.query(({ ctx }) => studios.recentStudios({ ctx: ctx.service })),
    search: adminProcedure.input(searchInput).query(({ ctx, input }) => studios.searchStudios({ ctx: ctx.service, input })),
    update: adminProcedure.input(updateStudioInput).mutation(({ ctx, input }) => studios.updateStudio({ ctx: ctx.service, input })),
  }),
  activations: studioActivationAdminRouter,
  storefronts: router({
    recent: adminProcedure.query(({ ctx }) => storefronts.recentStorefronts({ ctx: ctx.service })),
    search: adminProcedure.input(searchInput).query(({ ctx, input }) => storefronts.searchStorefronts({ ctx: ctx.service, input })),
    update: adminProcedure
      .input(updateStorefrontInput)
      .mutation(({ ctx, input }) => storefronts.updateStorefront({ ctx: ctx.service, input })),
  }),

  blog: router({
    list: adminProcedure.input(adminBlogListInput).query(({ ctx, input }) => blogAdmin.adminListBlogs({ ctx: ctx.service, input })),
    stats: adminProcedure.query(({ ctx }) => blogAdmin.blogStats({ ctx: ctx.service })),
    byId: adminProcedure.input(blogIdInput).query(({ ctx, input }) => blogAdmin.adminGetBlog({ ctx: ctx.service, input })),
    create: adminProcedure.input(blogFormInput).mutation(({ ctx, input }) => blogAdmin.createBlog({ ctx: ctx.service, input })),
    update: adminProcedure.input(updateBlogInput).mutation(({ ctx, input }) => blogAdmin.updateBlog({ ctx: ctx.service, input })),
    delete: adminProcedure.input(blogIdInput).mutation(({ ctx, input }) => blogAdmin.deleteBlog({ ctx: ctx.service, input })),
  }),

  notifications: router({
    sendTest: adminProcedure
      .input(testNotificationInput)
      .mutation(({ ctx, input }) => notifications.sendTestNotification({ ctx: ctx.service, input })),
    quickTest: adminProcedure.input(quickTestInput).mutation(({ ctx, input }) => notifications.sendQuickTest({ ctx: ctx.service, input })),
  }),

  payments: router({
    testCard: adminProcedure.input(testCardChargeInput).mutation(({ ctx, input }) => testCardCharge({ ctx: ctx.service, input })),
    testSubscription: adminProcedure
      .input(testSubscriptionInput)
      .mutation(({ ctx, input }) => testSubscription({ ctx: ctx.service, input })),
  }),

  maintenance: router({
    runCleanup: adminProcedure.input(runCleanupInput).mutation(({ ctx, input }) =>
      maintenance.runShopCleanup({
        ctx: ctx.service,
        input: { mode: input.mode, settings: input.settings, source: 'console', runId: input.runId },
      }),
    ),
    runMigration: adminProcedure.input(runMigrationInput).mutation(({ ctx, input }) =>
      maintenance.runMigration({
        ctx: ctx.service,
        input: { tool: input.tool, dryRun: input.dryRun, source: 'console', runId: input.runId },
      }),
    ),
    runs: adminProcedure.input(listRunsInput).query(({ ctx, input }) => maintenance.listRuns({ ctx: ctx.service, input })),
    run: adminProcedure.input(runByIdInput).query(({ ctx, input }) => maintenance.getRun({ ctx: ctx.service, input })),
  }),
});
