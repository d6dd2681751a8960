import { createHash } from 'node:crypto';
import { and, asc, eq, gt, gte, lt, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { artists, bookings, calendarFeeds, shops, users } from '../../db/schema';
import { requireUser, type ServiceCtx } from '../../service-context';
import { forbidden } from '../../lib/errors';
import { randomToken } from '../../lib/ids';
import { DAY } from '../../lib/time';
import { isStaffOf } from '../booking/access';
import { personName } from '../booking/person-name';
import type { calendarRangeInput } from '../booking/inputs';
import { BOOKING_MESSAGES } from '../booking/inputs';
import { bookingEvent } from '../booking/service/confirmation';
import { buildCalendar } from '../../lib/ics';
import { requireFeature } from '../plans/entitlements';

const clients = alias(users, 'clients');
export const FEED_PATH = '/api/calendar';
/** The feed shows the last month and everything ahead, at most this many sessions. */
const FEED_LIMIT = 500;

/** Bookings with what their calendar events show (artist, studio and address, client). */
export function eventRows(ctx: ServiceCtx) {
  return ctx.db
    .select({
      booking: bookings,
      artistName: artists.name,
      shopName: shops.name,
      shopAddress: shops.address,
      shopCity: shops.city,
      shopState: shops.state,
      clientPersonName: personName(clients),
    })
    .from(bookings)
    .innerJoin(shops, eq(shops.id, bookings.shopId))
    .leftJoin(artists, eq(artists.userId, bookings.artistId))
    .leftJoin(clients, eq(clients.id, bookings.clientId));
}

/**
 * /calendar: my sessions as artist (across studios) and as client; with a studio id, the whole
 * shop schedule for its staff. Cancelled sessions are left out.
 */
export async function listCalendarEvents({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof calendarRangeInput> }) {
  const me = requireUser(ctx);
  if (input.shopId && !(await isStaffOf(ctx.db, me.id, input.shopId, ctx.deps.clock.now()))) throw forbidden(BOOKING_MESSAGES.notStaff);
  // The whole shop's schedule is the Studio plan's shared calendar; each person's own sessions stay visible.
  if (input.shopId) await requireFeature(ctx, { studioId: input.shopId }, 'shared_calendar');
  const rows = await eventRows(ctx)
    .where(
      and(
        input.shopId ? eq(bookings.shopId, input.shopId) : or(eq(bookings.artistId, me.id), eq(bookings.clientId, me.id)),
        ne(bookings.status, 'cancelled'),
        lt(bookings.startsAt, input.to),
        gt(bookings.endsAt, input.from),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(FEED_LIMIT);
  return rows.map((r) => ({
    ...r.booking,
    consentSigned: Boolean(r.booking.consent),
    consent: undefined,
    artistName: r.artistName ?? '',
    shopName: r.shopName,
    clientName: r.booking.clientName ?? r.clientPersonName ?? '',
    role: r.booking.artistId === me.id ? ('artist' as const) : r.booking.clientId === me.id ? ('client' as const) : ('staff' as const),
  }));
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function feedStatus({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  const [feed] = await ctx.db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, me.id));
  return { active: Boolean(feed), createdAt: feed?.createdAt ?? null };
}

/** A new private feed URL; any earlier URL stops working. The secret is shown only now. */
export async function createFeed({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  await requireFeature(ctx, { userId: me.id }, 'calendar_sync');
  const token = randomToken(32);
  await ctx.db
    .insert(calendarFeeds)
    .values({ userId: me.id, tokenHash: hashToken(token), createdAt: ctx.deps.clock.now() })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), createdAt: ctx.deps.clock.now() } });
  return { url: `${ctx.deps.config.appOrigin}${FEED_PATH}/${token}.ics` };
}

export async function revokeFeed({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, me.id));
  return { active: false };
}

/** The feed's iCalendar text for a token, or null when no feed has it (revoked or never made). */
export async function feedForToken(ctx: ServiceCtx, token: string): Promise<string | null> {
  const [feed] = await ctx.db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  if (!feed) return null;
  const now = ctx.deps.clock.now();
  const rows = await eventRows(ctx)
    .where(
      and(
        or(eq(bookings.artistId, feed.userId), eq(bookings.clientId, feed.userId)),
        ne(bookings.status, 'cancelled'),
        gte(bookings.startsAt, new Date(now.getTime() - 30 * DAY)),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(FEED_LIMIT);
  const events = rows.map((r) =>
    bookingEvent(r.booking, {
      artistName: r.artistName ?? 'Artist',
      shopName: r.shopName,
      address: [r.shopAddress, r.shopCity, r.shopState].filter(Boolean).join(', '),
    }),
  );
  return buildCalendar('InkLink', events, now);
}
