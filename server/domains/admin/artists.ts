import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { artists, users } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { notFound } from '../../lib/errors';
import { auditedEdit } from '../../lib/audit';
import { ADMIN_LIST_LIMIT, ADMIN_MESSAGES, ADMIN_SEARCH_PER_FIELD, type searchInput, type updateArtistInput } from './inputs';
import { lowerPrefix, mergeById, uuidPrefixCondition } from './search';

// Artist Management (spec 2 §2, §3 Artist admin view, §5).

const adminArtistColumns = {
  id: artists.id,
  userId: artists.userId,
  name: artists.name,
  displayName: artists.displayName,
  bio: artists.bio,
  city: artists.city,
  state: artists.state,
  isVerified: artists.isVerified,
  isFeatured: artists.isFeatured,
  boost: artists.boost,
  isActive: artists.isActive,
  isBookable: artists.isBookable,
  bookingStyle: artists.bookingStyle,
  showBanner: artists.showBanner,
  deleted: artists.deleted,
  deletedAt: artists.deletedAt,
  endorsements: artists.endorsements,
  tattooStyles: artists.tattooStyles,
  createdAt: artists.createdAt,
  updatedAt: artists.updatedAt,
  email: users.email,
};

export async function recentArtists({ ctx }: { ctx: ServiceCtx }) {
  return ctx.db
    .select(adminArtistColumns)
    .from(artists)
    .innerJoin(users, eq(users.id, artists.userId))
    .orderBy(desc(artists.createdAt), desc(artists.id))
    .limit(ADMIN_LIST_LIMIT);
}

/** Prefix search on name, displayName, city and userId; 50 per field. */
export async function searchArtists({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof searchInput> }) {
  const q = input.query;
  const byField = (condition: ReturnType<typeof lowerPrefix>, order: ReturnType<typeof sql>) =>
    ctx.db
      .select(adminArtistColumns)
      .from(artists)
      .innerJoin(users, eq(users.id, artists.userId))
      .where(condition)
      .orderBy(asc(order))
      .limit(ADMIN_SEARCH_PER_FIELD);
  const userRange = uuidPrefixCondition(artists.userId, q);
  const lists = await Promise.all([
    byField(lowerPrefix(artists.name, q), sql`lower(${artists.name})`),
    byField(lowerPrefix(artists.displayName, q), sql`lower(${artists.displayName})`),
    byField(lowerPrefix(artists.city, q), sql`lower(${artists.city})`),
    userRange ? byField(userRange, sql`${artists.userId}`) : Promise.resolve([]),
  ]);
  return mergeById(lists);
}

export async function updateArtist({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateArtistInput> }) {
  const admin = requireUser(ctx);
  return withTransaction(ctx, async (tx) => {
    const [current] = await tx.db.select().from(artists).where(eq(artists.id, input.id)).for('update');
    if (!current) throw notFound(ADMIN_MESSAGES.artistNotFound);
    const now = tx.deps.clock.now();
    const { id, ...fields } = input;
    const next = { ...fields, deletedAt: input.deleted ? (current.deleted ? current.deletedAt : now) : null };
    await auditedEdit(tx.db, { actorId: admin.id, action: 'artist.update', entityType: 'artist', entityId: id, current, next, at: now }, () =>
      tx.db
        .update(artists)
        .set({ ...next, updatedAt: now })
        .where(eq(artists.id, id)),
    );
    const [row] = await tx.db.select(adminArtistColumns).from(artists).innerJoin(users, eq(users.id, artists.userId)).where(eq(artists.id, id));
    return { artist: row, message: ADMIN_MESSAGES.artistUpdated };
  });
}
