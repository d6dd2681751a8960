import type { StorefrontRow } from './access';
import { settingsView } from './rules';

/** What anyone may see of a storefront (settings with the tax rate as a percent). */
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
    boost: row.boost,
    settings: settingsView(row.settings),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type Storefront = ReturnType<typeof toStorefront>;
