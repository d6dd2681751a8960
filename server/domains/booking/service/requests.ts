import { and, arrayContains, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { keysetPage, olderThan } from '../../../lib/pages';
import type { z } from 'zod';
import { artists, bookingRequests, bookingServices, bookings, images, shops, shopUsers, users } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { requireUser, type ServiceCtx, withTransaction } from '../../../service-context';
import { AppError, invalid, notFound } from '../../../lib/errors';
import { formatCents } from '../../../lib/money';
import { DAY } from '../../../lib/time';
import { openThread, sendMessage } from '../../messaging/service';
import { createNotification } from '../../notifications/create';
import { activeMembershipAt } from '../../studios/access';
import { requireArtistSide, requireClientSide, requireRequest } from '../access';
import { REQUEST_EXPIRY_DAYS } from '../constants';
import type { BookingRequestStatus } from '../../../db/schema/booking-values';
import { type answerInput, type askInput, BOOKING_MESSAGES, type createRequestInput, type declineInput, type quoteInput } from '../inputs';
import { personName } from '../person-name';
import { depositFor, directQuote, nextRequestStatus, type RequestAction } from '../rules';
import { quotingSettingsOf } from './settings';

export const REQUEST_PAGE_SIZE = 20;

/** A live artist profile of a user whose books are open, and the studios they work at now. */
async function requireBookableArtist(ctx: ServiceCtx, artistId: string) {
  const [artist] = await ctx.db
    .select({ userId: artists.userId, name: artists.name, booksOpen: artists.booksOpen, tattooStyles: artists.tattooStyles })
    .from(artists)
    .innerJoin(users, eq(users.id, artists.userId))
    .where(and(eq(artists.userId, artistId), eq(artists.deleted, false), eq(users.deleted, false)));
  if (!artist) throw notFound(BOOKING_MESSAGES.artistNotFound);
  if (!artist.booksOpen) throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.booksClosed);
  return artist;
}

export async function worksAt(ctx: ServiceCtx, artistId: string, shopId: string) {
  const [row] = await ctx.db
    .select({ id: shopUsers.id })
    .from(shopUsers)
    .innerJoin(shops, eq(shops.id, shopUsers.shopId))
    .where(
      and(eq(shopUsers.userId, artistId), eq(shopUsers.shopId, shopId), eq(shops.deleted, false), activeMembershipAt(ctx.deps.clock.now())),
    );
  return Boolean(row);
}

function requestSummary(input: z.output<typeof createRequestInput>, serviceName: string | null) {
  return [
    'Booking request',
    serviceName ? `Service: ${serviceName}` : null,
    `Idea: ${input.idea}`,
    `Placement: ${input.placement}`,
    `Size: ${input.size}`,
    input.style ? `Style: ${input.style}` : null,
    input.budget !== undefined ? `Budget: ${formatCents(input.budget)}` : null,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Request-first intake: the request, and a conversation with the artist that carries it. */
export async function createRequest({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof createRequestInput> }) {
  const me = requireUser(ctx);
  if (input.artistId.toLowerCase() === me.id) throw invalid('You cannot send a booking request to yourself');
  await requireBookableArtist(ctx, input.artistId);
  if (input.shopId && !(await worksAt(ctx, input.artistId, input.shopId))) throw invalid(BOOKING_MESSAGES.noStudio);
  const [service] = input.serviceId
    ? await ctx.db
        .select()
        .from(bookingServices)
        .where(and(eq(bookingServices.id, input.serviceId), eq(bookingServices.artistId, input.artistId), eq(bookingServices.active, true)))
    : [];
  if (input.serviceId && !service) throw notFound('Service not found');
  // A priced flash piece or a consultation is its own quote: the client picks a time right away.
  const quote = service ? directQuote(service, await quotingSettingsOf(ctx, input.artistId, input.shopId ?? null)) : null;
  const photoIds = [...new Set(input.referenceImageIds)];
  const photos = photoIds.length
    ? await ctx.db
        .select({ id: images.id, url: images.url })
        .from(images)
        .where(and(inArray(images.id, photoIds), eq(images.uploadedBy, me.id), eq(images.imageType, 'reference')))
    : [];
  if (photos.length !== photoIds.length) throw invalid(BOOKING_MESSAGES.referencePhotos);

  return withTransaction(ctx, async (tx) => {
    const now = ctx.deps.clock.now();
    const { threadId } = await openThread({ ctx: tx, input: { userId: input.artistId } });
    const [request] = await tx.db
      .insert(bookingRequests)
      .values({
        clientId: me.id,
        artistId: input.artistId,
        shopId: input.shopId ?? null,
        serviceId: input.serviceId ?? null,
        threadId,
        idea: input.idea,
        placement: input.placement,
        size: input.size,
        style: input.style ?? null,
        budget: input.budget ?? null,
        referenceImageIds: photoIds,
        ...(quote ? { ...quote, status: 'quoted' as const } : {}),
        expiresAt: new Date(now.getTime() + REQUEST_EXPIRY_DAYS * DAY),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const body = [requestSummary(input, service?.name ?? null), quote ? quoteMessage(request) : null].filter(Boolean).join('\n\n');
    await sendMessage({ ctx: tx, input: { threadId, body, imageUrls: photos.map((p) => p.url) } });
    return request;
  });
}

/** One request as its client or artist sees it, with its bookings (and suggestions once expired). */
export async function getRequest({ ctx, input }: { ctx: ServiceCtx; input: { requestId: string } }) {
  const { request, isArtist } = await requireRequest(ctx, input.requestId);
  const people = await ctx.db
    .select({ id: users.id, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [request.clientId, request.artistId]));
  const [artist] = await ctx.db
    .select({ name: artists.name, urlSlug: artists.urlSlug })
    .from(artists)
    .where(eq(artists.userId, request.artistId));
  const [shop] = request.shopId
    ? await ctx.db.select({ id: shops.id, name: shops.name, timezone: shops.timezone }).from(shops).where(eq(shops.id, request.shopId))
    : [];
  const photos = request.referenceImageIds.length
    ? await ctx.db.select({ id: images.id, url: images.url }).from(images).where(inArray(images.id, request.referenceImageIds))
    : [];
  const sessions = await ctx.db.select().from(bookings).where(eq(bookings.requestId, request.id)).orderBy(bookings.sessionNumber);
  const studios = await ctx.db
    .select({ id: shops.id, name: shops.name, timezone: shops.timezone })
    .from(shopUsers)
    .innerJoin(shops, eq(shops.id, shopUsers.shopId))
    .where(and(eq(shopUsers.userId, request.artistId), eq(shops.deleted, false), activeMembershipAt(ctx.deps.clock.now())));
  return {
    ...request,
    role: isArtist ? ('artist' as const) : ('client' as const),
    client: people.find((p) => p.id === request.clientId) ?? null,
    artist: { ...(people.find((p) => p.id === request.artistId) ?? null), name: artist?.name ?? '', urlSlug: artist?.urlSlug ?? null },
    shop: shop ?? null,
    studios,
    referencePhotos: photos,
    bookings: sessions,
    suggestions: request.status === 'expired' ? await similarOpenArtists(ctx, request.artistId, request.style) : [],
  };
}

/** Similar artists with books open: same style first when the request named one. */
export async function similarOpenArtists(ctx: ServiceCtx, excludeUserId: string, style: string | null) {
  const query = (sameStyle: boolean) =>
    ctx.db
      .select({ userId: artists.userId, name: artists.name, urlSlug: artists.urlSlug, city: artists.city })
      .from(artists)
      .where(
        and(
          eq(artists.booksOpen, true),
          eq(artists.deleted, false),
          ne(artists.userId, excludeUserId),
          sameStyle && style ? arrayContains(artists.tattooStyles, [style]) : undefined,
        ),
      )
      .orderBy(desc(artists.isFeatured), desc(artists.boost))
      .limit(3);
  const matches = style ? await query(true) : [];
  return matches.length ? matches : query(false);
}

/** My requests as a client or as the artist, newest first, 20 a page. */
export async function listRequests({ ctx, input }: { ctx: ServiceCtx; input: { role: 'client' | 'artist'; cursor?: string | null } }) {
  const me = requireUser(ctx);
  const mine = input.role === 'client' ? eq(bookingRequests.clientId, me.id) : eq(bookingRequests.artistId, me.id);
  const rows = await ctx.db
    .select({ request: bookingRequests, clientName: personName(users), artistName: artists.name })
    .from(bookingRequests)
    .innerJoin(users, eq(users.id, bookingRequests.clientId))
    .leftJoin(artists, eq(artists.userId, bookingRequests.artistId))
    .where(and(mine, olderThan(input.cursor, bookingRequests.createdAt, bookingRequests.id)))
    .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
    .limit(REQUEST_PAGE_SIZE + 1);
  const page = keysetPage(rows, REQUEST_PAGE_SIZE, (r) => ({ at: r.request.createdAt, id: r.request.id }));
  return {
    items: page.items.map((r) => ({ ...r.request, clientName: r.clientName, artistName: r.artistName ?? '' })),
    nextCursor: page.nextCursor,
  };
}

/** The request statuses that wait on each side: the artist answers a pending one; the client answers a question or picks a time. */
export const AWAITING: Record<'client' | 'artist', BookingRequestStatus[]> = { artist: ['pending'], client: ['question', 'quoted'] };

/**
 * How many requests I sent and received, and how many of each wait on me (what /calendar opens on
 * and its tabs show). Counted in SQL over all my requests.
 */
export async function countRequests({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  const side = (role: 'client' | 'artist') => {
    const mine = role === 'client' ? bookingRequests.clientId : bookingRequests.artistId;
    return ctx.db
      .select({
        total: count(),
        awaiting: sql<number>`count(*) filter (where ${inArray(bookingRequests.status, AWAITING[role])})`.mapWith(Number),
      })
      .from(bookingRequests)
      .where(eq(mine, me.id));
  };
  const [[client], [artist]] = await Promise.all([side('client'), side('artist')]);
  return { client, artist };
}

/**
 * One step of the request's status machine, by the side allowed to take it: the row is locked,
 * the move checked against the machine, and the step said in the request's conversation.
 */
async function transition(
  ctx: ServiceCtx,
  requestId: string,
  action: RequestAction,
  side: 'artist' | 'client',
  change: (
    request: typeof bookingRequests.$inferSelect,
    tx: ServiceCtx,
  ) => Promise<Partial<typeof bookingRequests.$inferInsert>> | Partial<typeof bookingRequests.$inferInsert>,
  message: (request: typeof bookingRequests.$inferSelect) => string,
) {
  return withTransaction(ctx, async (tx) => {
    const access = await requireRequest(tx, requestId, { forUpdate: true });
    if (side === 'artist') requireArtistSide(access);
    else requireClientSide(access);
    const to = nextRequestStatus(access.request.status, action);
    if (!to) throw new AppError('PRECONDITION_FAILED', BOOKING_MESSAGES.requestState(access.request.status));
    const now = ctx.deps.clock.now();
    const [updated] = await tx.db
      .update(bookingRequests)
      .set({ ...(await change(access.request, tx)), status: to, updatedAt: now })
      .where(eq(bookingRequests.id, requestId))
      .returning();
    if (updated.threadId) await sendMessage({ ctx: tx, input: { threadId: updated.threadId, body: message(updated), imageUrls: [] } });
    return updated;
  });
}

export const askQuestion = ({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof askInput> }) =>
  transition(
    ctx,
    input.requestId,
    'ask',
    'artist',
    () => ({ question: input.question }),
    () => `Question about your booking request: ${input.question}`,
  );

/** The client's answer puts the request back with the artist, with a fresh 7 days. */
export const answerQuestion = ({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof answerInput> }) =>
  transition(
    ctx,
    input.requestId,
    'answer',
    'client',
    () => ({ question: null, expiresAt: new Date(ctx.deps.clock.now().getTime() + REQUEST_EXPIRY_DAYS * DAY) }),
    () => `Answer: ${input.answer}`,
  );

export const declineRequest = ({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof declineInput> }) =>
  transition(
    ctx,
    input.requestId,
    'decline',
    'artist',
    () => ({ declineReason: input.reason }),
    () => `Booking request declined: ${input.reason}`,
  );

export const cancelRequest = ({ ctx, input }: { ctx: ServiceCtx; input: { requestId: string } }) =>
  transition(
    ctx,
    input.requestId,
    'cancel',
    'client',
    () => ({}),
    () => 'Booking request cancelled by the client',
  );

/** A quote of one or more sessions; the deposit follows the artist's policy at the time of quoting. */
export const quoteRequest = ({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof quoteInput> }) =>
  transition(
    ctx,
    input.requestId,
    'quote',
    'artist',
    async (request, tx) => {
      const settings = await quotingSettingsOf(tx, request.artistId, request.shopId);
      return {
        sessionCount: input.sessionCount,
        sessionMinutes: input.sessionMinutes,
        estimate: input.estimate,
        deposit: depositFor(settings, input.estimate),
        quoteNote: input.note ?? null,
        question: null,
      };
    },
    quoteMessage,
  );

/** The quote as the conversation shows it, from the artist or from a service booked directly. */
function quoteMessage(r: typeof bookingRequests.$inferSelect) {
  return [
    `Quote: ${r.sessionCount === 1 ? '1 session' : `${r.sessionCount} sessions`} of ${r.sessionMinutes} minutes, ${r.estimate ? `estimate ${formatCents(r.estimate)}` : 'free'}.`,
    r.deposit ? `Deposit ${formatCents(r.deposit)} (non-refundable, applied to the final session).` : 'No deposit needed.',
    r.quoteNote ?? '',
    'Pick your time on the request page.',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Expires requests the artist left unanswered for 7 days and tells the client, with similar
 * artists whose books are open. Guarded in SQL (status still pending), so concurrent runs and a
 * late answer cannot both win. Returns how many expired.
 */
export async function expireStaleRequests(deps: AppDeps): Promise<number> {
  return withTransaction({ db: deps.db, user: null, deps }, async (tx) => {
    const now = deps.clock.now();
    const expired = await tx.db
      .update(bookingRequests)
      .set({ status: 'expired' satisfies BookingRequestStatus, updatedAt: now })
      .where(and(eq(bookingRequests.status, 'pending'), lte(bookingRequests.expiresAt, now)))
      .returning();
    for (const request of expired) {
      const suggestions = await similarOpenArtists(tx, request.artistId, request.style);
      await createNotification(tx, {
        userId: request.clientId,
        type: 'general_alert',
        title: 'Your booking request expired',
        body: suggestions.length
          ? `The artist did not answer within ${REQUEST_EXPIRY_DAYS} days. Artists with open books you might like: ${suggestions.map((s) => s.name).join(', ')}.`
          : `The artist did not answer within ${REQUEST_EXPIRY_DAYS} days.`,
        data: { link: `/calendar?request=${request.id}`, requestId: request.id },
      });
    }
    return expired.length;
  });
}
