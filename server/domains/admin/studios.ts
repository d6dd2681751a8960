import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { shops } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { findHandleConflict } from '../studios/handles';
import { splitAddress } from '../studios/rules';
import { auditedEdit } from '../../lib/audit';
import { ADMIN_LIST_LIMIT, ADMIN_MESSAGES, ADMIN_SEARCH_PER_FIELD, type searchInput, type updateStudioInput } from './inputs';
import { lowerPrefix, mergeById, prefixPattern, uuidPrefixCondition } from './search';

// Studio Management (spec 2 §2, §3 Studio/Shop admin view, §5, §6 admin controls on a studio).

const adminStudioColumns = {
  id: shops.id,
  name: shops.name,
  displayName: shops.displayName,
  urlSlug: shops.urlSlug,
  ownerId: shops.ownerId,
  email: shops.email,
  phone: shops.phone,
  website: shops.website,
  description: shops.description,
  street: shops.address,
  city: shops.city,
  state: shops.state,
  zipCode: shops.zipCode,
  isVerified: shops.isVerified,
  isFeatured: shops.isFeatured,
  boost: shops.boost,
  quality: shops.quality,
  endorsements: shops.endorsements,
  isActive: shops.isActive,
  isBookable: shops.isBookable,
  deleted: shops.deleted,
  deletedBy: shops.deletedBy,
  hasStorefront: shops.hasStorefront,
  statuses: shops.statuses,
  paymentTypes: shops.paymentTypes,
  tattooStyles: shops.tattooStyles,
  searchName: shops.searchName,
  searchCity: shops.searchCity,
  useArtistsPortfolios: shops.useArtistsPortfolios,
  useArtistsFlashes: shops.useArtistsFlashes,
  timezone: shops.timezone,
  sources: shops.sources,
  dateAdded: shops.dateAdded,
  lastUpdated: shops.lastUpdated,
  deletedAt: shops.deletedAt,
};

/** Load Recent: the 100 newest studios (spec 2 §9), deleted ones included. */
export async function recentStudios({ ctx }: { ctx: ServiceCtx }) {
  return ctx.db.select(adminStudioColumns).from(shops).orderBy(desc(shops.dateAdded), desc(shops.id)).limit(ADMIN_LIST_LIMIT);
}

/**
 * Prefix search on name, displayName, city and email (50 per field) and on the id. Live shops use
 * the lowercase search copies and their indexes; deleted ones (few) are matched on the same fields.
 */
export async function searchStudios({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof searchInput> }) {
  const q = input.query;
  const pattern = prefixPattern(q);
  const handle = q.startsWith('@') ? q : `@${q}`;
  const select = (condition: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
    ctx.db.select(adminStudioColumns).from(shops).where(condition).orderBy(asc(order)).limit(ADMIN_SEARCH_PER_FIELD);
  const idRange = uuidPrefixCondition(shops.id, q);
  const lists = await Promise.all([
    select(sql`${shops.deleted} = false and ${shops.searchName} like ${pattern}`, sql`${shops.searchName}`),
    select(lowerPrefix(shops.displayName, handle), sql`lower(${shops.displayName})`),
    select(sql`${shops.deleted} = false and ${shops.searchCity} like ${pattern}`, sql`${shops.searchCity}`),
    select(lowerPrefix(shops.email, q), sql`lower(${shops.email})`),
    select(
      sql`${shops.deleted} = true and (lower(${shops.name}) like ${pattern} or lower(${shops.city}) like ${pattern})`,
      sql`lower(${shops.name})`,
    ),
    idRange ? select(idRange as ReturnType<typeof sql>, sql`${shops.id}`) : Promise.resolve([]),
  ]);
  return mergeById(lists);
}

export async function updateStudio({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateStudioInput> }) {
  const admin = requireUser(ctx);
  try {
    return await withTransaction(ctx, async (tx) => {
      const [current] = await tx.db.select().from(shops).where(eq(shops.id, input.id)).for('update');
      if (!current) throw notFound(ADMIN_MESSAGES.studioNotFound);
      const now = tx.deps.clock.now();
      const { id, street, ...fields } = input;
      const live = !input.deleted;
      if (live && (input.displayName !== current.displayName || current.deleted)) {
        const taken = await findHandleConflict(tx.db, input.displayName, id);
        if (taken === 'displayName') throw conflict(ADMIN_MESSAGES.studioDisplayNameTaken);
      }
      if (live && current.deleted && current.urlSlug) {
        const [other] = await tx.db
          .select({ id: shops.id })
          .from(shops)
          .where(and(eq(shops.urlSlug, current.urlSlug), eq(shops.deleted, false)))
          .limit(1);
        if (other) throw conflict(ADMIN_MESSAGES.studioUrlTaken);
      }
      const next = {
        ...fields,
        address: street,
        deletedAt: input.deleted ? (current.deleted ? current.deletedAt : now) : null,
        deletedBy: input.deleted ? (current.deleted ? current.deletedBy : admin.id) : null,
      };
      await auditedEdit(
        tx.db,
        { actorId: admin.id, action: 'shop.update', entityType: 'shop', entityId: id, current, next, at: now },
        async (changed) => {
          const addressChanged = ['address', 'city', 'state', 'zipCode'].some((k) => k in changed);
          const location = addressChanged
            ? await tx.deps.geocoder.geocode({ street, city: input.city, state: input.state, zipCode: input.zipCode })
            : {};
          await tx.db
            .update(shops)
            .set({
              ...next,
              ...(addressChanged ? splitAddress(street) : {}),
              ...location,
              searchName: input.name.toLowerCase(),
              searchCity: input.city.toLowerCase(),
              lastUpdated: now,
            })
            .where(eq(shops.id, id));
        },
      );
      const [row] = await tx.db.select(adminStudioColumns).from(shops).where(eq(shops.id, id));
      return { studio: row, message: ADMIN_MESSAGES.studioUpdated };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ADMIN_MESSAGES.studioUrlTaken);
    throw error;
  }
}
