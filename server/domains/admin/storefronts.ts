import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { shops, storefronts, users } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { notFound } from '../../lib/errors';
import { auditedEdit } from '../../lib/audit';
import { ADMIN_LIST_LIMIT, ADMIN_MESSAGES, ADMIN_SEARCH_PER_FIELD, type searchInput, type updateStorefrontInput } from './inputs';
import { lowerPrefix, mergeById } from './search';

// Storefront Management (spec 2 §2, §3 Storefront admin view, §5). The owner id is read-only.

const ownerUser = alias(users, 'owner_user');
const ownerShop = alias(shops, 'owner_shop');

const adminStorefrontColumns = {
  id: storefronts.id,
  name: storefronts.name,
  description: storefronts.description,
  ownerId: storefronts.ownerId,
  ownerType: storefronts.ownerType,
  ownerName: sql<string | null>`coalesce(${ownerUser.displayName}, ${ownerShop.name})`,
  isActive: storefronts.isActive,
  verified: storefronts.verified,
  featured: storefronts.featured,
  boost: storefronts.boost,
  deleted: storefronts.deleted,
  createdAt: storefronts.createdAt,
  updatedAt: storefronts.updatedAt,
};

const selectStorefronts = (ctx: ServiceCtx) =>
  ctx.db
    .select(adminStorefrontColumns)
    .from(storefronts)
    .leftJoin(ownerUser, and(eq(storefronts.ownerType, 'user'), eq(ownerUser.id, storefronts.ownerId)))
    .leftJoin(ownerShop, and(eq(storefronts.ownerType, 'shop'), eq(ownerShop.id, storefronts.ownerId)));

/** Newest first, limit 100 (spec 2 §7). */
export async function recentStorefronts({ ctx }: { ctx: ServiceCtx }) {
  return selectStorefronts(ctx).orderBy(desc(storefronts.createdAt), desc(storefronts.id)).limit(ADMIN_LIST_LIMIT);
}

/** Prefix search on name and on description, 50 each (spec 2 §5). */
export async function searchStorefronts({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof searchInput> }) {
  const lists = await Promise.all([
    selectStorefronts(ctx).where(lowerPrefix(storefronts.name, input.query)).orderBy(asc(sql`lower(${storefronts.name})`)).limit(ADMIN_SEARCH_PER_FIELD),
    selectStorefronts(ctx)
      .where(lowerPrefix(storefronts.description, input.query))
      .orderBy(desc(storefronts.createdAt))
      .limit(ADMIN_SEARCH_PER_FIELD),
  ]);
  return mergeById(lists);
}

export async function updateStorefront({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateStorefrontInput> }) {
  const admin = requireUser(ctx);
  return withTransaction(ctx, async (tx) => {
    const [current] = await tx.db.select().from(storefronts).where(eq(storefronts.id, input.id)).for('update');
    if (!current) throw notFound(ADMIN_MESSAGES.storefrontNotFound);
    const now = tx.deps.clock.now();
    const { id, ...next } = input;
    await auditedEdit(tx.db, { actorId: admin.id, action: 'storefront.update', entityType: 'storefront', entityId: id, current, next, at: now }, () =>
      tx.db
        .update(storefronts)
        .set({ ...next, updatedAt: now })
        .where(eq(storefronts.id, id)),
    );
    const [row] = await selectStorefronts({ ...tx }).where(eq(storefronts.id, id));
    return { storefront: row, message: ADMIN_MESSAGES.storefrontUpdated };
  });
}
