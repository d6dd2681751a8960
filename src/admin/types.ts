import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/router';

type Outputs = inferRouterOutputs<AppRouter>['admin'];

export type AdminUserRow = Outputs['users']['recent'][number];
export type AdminArtistRow = Outputs['artists']['recent'][number];
export type AdminStudioRow = Outputs['studios']['recent'][number];
export type AdminStorefrontRow = Outputs['storefronts']['recent'][number];
export type AdminBlogRow = Outputs['blog']['list'][number];
export type MaintenanceRunRow = Outputs['maintenance']['runs'][number];
export type CleanupRunResult = Outputs['maintenance']['runCleanup'];
export type MigrationRunResult = Outputs['maintenance']['runMigration'];
