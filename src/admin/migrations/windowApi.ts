import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '../../../server/router';
import { type CleanupMode, type DeletionSettings, type MigrationTool, UI_DELETION_DEFAULTS } from '../../../server/domains/maintenance/rules';

type Client = Pick<TRPCClient<AppRouter>, 'admin'>;

/**
 * Spec 2 §2: the migration functions on the browser window for console use. Run and preview
 * functions default to a dry run; pass { dryRun: false } to change data. The server still checks
 * AppAdmin on every call.
 */
export function exposeMigrationFunctions(client: Client) {
  const cleanup = (mode: CleanupMode, settings: Partial<DeletionSettings> = {}) =>
    client.admin.maintenance.runCleanup.mutate({ mode, settings: { ...UI_DELETION_DEFAULTS, dryRun: true, ...settings } });
  const migrate = (tool: MigrationTool, { dryRun = true }: { dryRun?: boolean } = {}) => client.admin.maintenance.runMigration.mutate({ tool, dryRun });
  Object.assign(window, {
    inklinkMigrations: {
      previewShopCleanup: (settings?: Partial<DeletionSettings>) => cleanup('preview', settings),
      runSoftDelete: (settings?: Partial<DeletionSettings>) => cleanup('soft', settings),
      runHardDelete: (settings?: Partial<DeletionSettings>) => cleanup('hard', { enableHardDelete: true, ...settings }),
      runBothPhases: (settings?: Partial<DeletionSettings>) => cleanup('both', { enableHardDelete: true, ...settings }),
      runShopUserEndDateMigration: (options?: { dryRun?: boolean }) => migrate('shop-user-end-date', options),
      runShopUserPermissionsMigration: (options?: { dryRun?: boolean }) => migrate('shop-user-permissions', options),
      runShopRecordsMigration: (options?: { dryRun?: boolean }) => migrate('shop-records', options),
      listRuns: () => client.admin.maintenance.runs.query({ limit: 20 }),
    },
  });
}
