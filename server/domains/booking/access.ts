import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingRequests, bookings, shops, shopUsers } from '../../db/schema';
import { requireUser, type ServiceCtx } from '../../service-context';
import { forbidden, notFound } from '../../lib/errors';
import { activeMembershipAt } from '../studios/access';
import { BOOKING_MESSAGES } from './inputs';

// Who may see and act on requests and bookings. Anyone else gets NOT_FOUND (existence is not revealed).

/** A request seen by its client or its artist; `forUpdate` locks the row for a transition. */
export async function requireRequest(ctx: ServiceCtx, requestId: string, options: { forUpdate?: boolean } = {}) {
  const me = requireUser(ctx);
  const query = ctx.db
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.id, requestId), or(eq(bookingRequests.clientId, me.id), eq(bookingRequests.artistId, me.id))));
  const [request] = options.forUpdate ? await query.for('update') : await query;
  if (!request) throw notFound(BOOKING_MESSAGES.requestNotFound);
  return { request, isArtist: request.artistId === me.id, isClient: request.clientId === me.id };
}

/** Whether the photo is attached to a booking request the user is the client or the artist of. */
export async function isRequestPhotoOf(ctx: ServiceCtx, imageId: string) {
  const me = requireUser(ctx);
  const [request] = await ctx.db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(
      and(
        or(eq(bookingRequests.clientId, me.id), eq(bookingRequests.artistId, me.id)),
        sql`${imageId}::uuid = any(${bookingRequests.referenceImageIds})`,
      ),
    )
    .limit(1);
  return Boolean(request);
}

/** SQL: the user is staff of the studio with the calendar or manage permission, or owns it. */
export const isStudioStaff = (userId: string, shopIdColumn: unknown, now: Date) =>
  sql`(exists (select 1 from ${shops} where ${shops.id} = ${shopIdColumn} and ${shops.ownerId} = ${userId})
    or exists (select 1 from ${shopUsers} where ${shopUsers.shopId} = ${shopIdColumn} and ${shopUsers.userId} = ${userId}
      and ${activeMembershipAt(now)}
      and ((${shopUsers.permissions} ->> 'calendar')::boolean or (${shopUsers.permissions} ->> 'manage')::boolean)))`;

export async function isStaffOf(db: Db, userId: string, shopId: string, now: Date) {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.deleted, false), isStudioStaff(userId, shops.id, now)));
  return Boolean(row);
}

/** A booking seen by its client, its artist, or the studio's staff. */
export async function requireBooking(ctx: ServiceCtx, bookingId: string, options: { forUpdate?: boolean } = {}) {
  const me = requireUser(ctx);
  const now = ctx.deps.clock.now();
  const query = ctx.db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        or(eq(bookings.clientId, me.id), eq(bookings.artistId, me.id), isStudioStaff(me.id, bookings.shopId, now)),
      ),
    );
  const [booking] = options.forUpdate ? await query.for('update') : await query;
  if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
  const isStaff = booking.artistId !== me.id && booking.clientId !== me.id;
  return { booking, isArtist: booking.artistId === me.id, isClient: booking.clientId === me.id, isStaff };
}

export function requireArtistSide(access: { isArtist: boolean; isStaff?: boolean }) {
  if (!access.isArtist && !access.isStaff) throw forbidden(BOOKING_MESSAGES.notYourRequest);
}
export function requireClientSide(access: { isClient: boolean }) {
  if (!access.isClient) throw forbidden(BOOKING_MESSAGES.onlyClient);
}
