import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shops } from '../../db/schema';
import { slugify } from './rules';

export type HandleConflict = 'displayName' | 'urlSlug' | null;

/**
 * Spec 1 §5: a leading @ is stripped for the slug check; a conflict is reported as displayName or
 * urlSlug unless it belongs to the same shop.
 */
export async function findHandleConflict(db: Db, handle: string, exceptShopId?: string): Promise<HandleConflict> {
  const slug = slugify(handle);
  const displayName = `@${handle.trim().replace(/^@/, '')}`.toLowerCase();
  const [row] = await db
    .select({ displayName: shops.displayName, urlSlug: shops.urlSlug })
    .from(shops)
    .where(
      and(
        eq(shops.deleted, false),
        exceptShopId ? ne(shops.id, exceptShopId) : undefined,
        or(sql`lower(${shops.displayName}) = ${displayName}`, eq(shops.urlSlug, slug)),
      ),
    )
    .limit(1);
  if (!row) return null;
  return row.urlSlug === slug ? 'urlSlug' : 'displayName';
}

/** The first free slug for a name: 'iron-rose', then 'iron-rose-2', 'iron-rose-3', … */
export async function freeSlugFor(db: Db, name: string): Promise<string> {
  const base = slugify(name) || 'studio';
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await findHandleConflict(db, candidate))) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}
