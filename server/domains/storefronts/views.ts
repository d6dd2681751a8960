import type { StorefrontRow } from './access';
import { settingsView } from './rules';

/**
 * What anyone may see of a storefront (settings with the tax rate as a percent). Not the admin's
 * ranking `boost` (the answer is public): `toManagedStorefront` adds it for its managers.
 */
export function toStorefront(row: StorefrontRow) {
  return {
    id: row.id,
    ownerId: row.ownerId,
    ownerType: row.ownerType,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    verified: row.verified,
    featured: row.featured,
    settings: settingsView(row.settings),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type Storefront = ReturnType<typeof toStorefront>;

/** A storefront as its managers see it: with the ranking boost the admin gave it. */
export const toManagedStorefront = (row: StorefrontRow) => ({ ...toStorefront(row), boost: row.boost });
