import { and, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { artistTimeOff, artistWorkingHours, bookings, shops, shopUsers } from '../../../db/schema';
import type { ServiceCtx } from '../../../service-context';
import { AppError, invalid, notFound } from '../../../lib/errors';
import { DAY } from '../../../lib/time';
import { addDays, parseLocalDate, wallTimeOf, zonedInstant } from '../../../lib/timezone';
import { requireRequest } from '../access';
import { MAX_AVAILABILITY_DAYS } from '../constants';
import { BOOKING_MESSAGES } from '../inputs';
import { generateSlots, type Interval } from '../slots';
import { settingsOf } from './settings';

const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

/** A studio the artist works at (resident or guest), with the artist's hours and presence windows there. */
export async function artistAtStudio(ctx: ServiceCtx, artistId: string, shopId: string) {
  const [shop] = await ctx.db
    .select({ id: shops.id, name: shops.name, timezone: shops.timezone, openingHours: shops.openingHours })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.deleted, false)));
  if (!shop) throw notFound('Studio not found');
  const memberships = await ctx.db
    .select({ startDate: shopUsers.startDate, endDate: shopUsers.endDate })
    .from(shopUsers)
    .where(and(eq(shopUsers.userId, artistId), eq(shopUsers.shopId, shopId), eq(shopUsers.deleted, false)));
  // Guest-spot windows come from guest memberships: the artist is bookable there only within them.
  const presence: Interval[] = memberships.map((m) => ({ start: m.startDate, end: m.endDate ?? FAR_FUTURE }));
  if (!presence.length) throw invalid(BOOKING_MESSAGES.noStudio);
  const [own] = await ctx.db
    .select({ hours: artistWorkingHours.hours })
    .from(artistWorkingHours)
    .where(and(eq(artistWorkingHours.artistId, artistId), eq(artistWorkingHours.shopId, shopId)));
  return { shop, hours: own?.hours ?? shop.openingHours, presence };
}

/** The artist's live bookings (to their buffer's end) and time off overlapping a window. */
export async function busyIntervals(ctx: ServiceCtx, artistId: string, window: Interval, exceptBookingId?: string): Promise<Interval[]> {
  const now = ctx.deps.clock.now();
  const taken = await ctx.db
    .select({ start: bookings.startsAt, end: bookings.blockedUntil })
    .from(bookings)
    .where(
      and(
        eq(bookings.artistId, artistId),
        inArray(bookings.status, ['held', 'confirmed']),
        // An unpaid hold past its time no longer blocks (the sweep or the next booking releases it).
        or(isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)),
        lt(bookings.startsAt, window.end),
        gt(bookings.blockedUntil, window.start),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    );
  const off = await ctx.db
    .select({ start: artistTimeOff.startsAt, end: artistTimeOff.endsAt })
    .from(artistTimeOff)
    .where(and(eq(artistTimeOff.artistId, artistId), lt(artistTimeOff.startsAt, window.end), gt(artistTimeOff.endsAt, window.start)));
  return [...taken, ...off];
}

/** Slots for a quoted request at one studio, in the studio's timezone. */
export async function getAvailability({
  ctx,
  input,
}: {
  ctx: ServiceCtx;
  input: { requestId: string; shopId: string; from: string; days: number };
}) {
  const { request } = await requireRequest(ctx, input.requestId);
  if (!['quoted', 'scheduled'].includes(request.status) || !request.sessionMinutes) {
    throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.requestState(request.status));
  }
  const { shop, hours, presence } = await artistAtStudio(ctx, request.artistId, input.shopId);
  const settings = await settingsOf(ctx, request.artistId);
  const from = parseLocalDate(input.from);
  const now = ctx.deps.clock.now();
  const start = zonedInstant(from, 0, 0, shop.timezone) ?? new Date(Date.UTC(from.year, from.month - 1, from.day));
  if (start.getTime() > now.getTime() + MAX_AVAILABILITY_DAYS * DAY) return { timezone: shop.timezone, slots: [] };
  const window = { start, end: new Date(start.getTime() + (input.days + 1) * DAY) };
  const slots = generateSlots({
    from,
    days: input.days,
    timeZone: shop.timezone,
    hours,
    durationMinutes: request.sessionMinutes,
    bufferMinutes: settings.bufferMinutes,
    busy: await busyIntervals(ctx, request.artistId, window),
    presence,
    notBefore: now,
  });
  return { timezone: shop.timezone, slots };
}

/**
 * Whether a start time is one of the artist's slots at the studio for that session length,
 * ignoring other bookings (those are the exclusion constraint's business) but not time off.
 */
export async function isOfferedSlot(
  ctx: ServiceCtx,
  artistId: string,
  shopId: string,
  startsAt: Date,
  durationMinutes: number,
  bufferMinutes: number,
) {
  const { shop, hours, presence } = await artistAtStudio(ctx, artistId, shopId);
  const local = wallTimeOf(startsAt, shop.timezone);
  const day = { year: local.year, month: local.month, day: local.day };
  const window = { start: new Date(startsAt.getTime() - DAY), end: new Date(startsAt.getTime() + 2 * DAY) };
  const timeOff = await ctx.db
    .select({ start: artistTimeOff.startsAt, end: artistTimeOff.endsAt })
    .from(artistTimeOff)
    .where(and(eq(artistTimeOff.artistId, artistId), lt(artistTimeOff.startsAt, window.end), gt(artistTimeOff.endsAt, window.start)));
  const slots = generateSlots({
    from: addDays(day, 0),
    days: 1,
    timeZone: shop.timezone,
    hours,
    durationMinutes,
    bufferMinutes,
    busy: timeOff,
    presence,
    notBefore: ctx.deps.clock.now(),
  });
  return { shop, offered: slots.some((s) => s.startsAt.getTime() === startsAt.getTime()) };
}
