// The maintenance service: the four tools of the Migrations tab, used by the admin procedures and by
// the `npm run shop-cleanup` and `npm run migrate-data` commands alike.
export { ANALYSIS_TABLE_LIMIT, type CleanupRequest, type CleanupRunResult, runShopCleanup } from './cleanup';
export { drainFileDeletions } from './shop-deletes';
export { type MigrationRequest, type MigrationRunResult, missingShopFields, runMigration } from './migrations';
export { getRun, listRuns, type RunHooks } from './runs';
