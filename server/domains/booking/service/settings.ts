import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  artistBookingSettings,
  artists,
  artistTimeOff,
  artistWorkingHours,
  bookingServices,
  images,
  shops,
  shopUsers,
} from '../../../db/schema';
import { requireUser, type ServiceCtx, withTransaction } from '../../../service-context';
import { forbidden, invalid, notFound, upgradeRequired } from '../../../lib/errors';
import { depositsAllowed } from '../../plans/entitlements';
import { upgradeMessage } from '../../plans/rules';
import { activeMembershipAt } from '../../studios/access';
import type { bookingSettingsInput, serviceInput, timeOffInput, workingHoursInput } from '../inputs';

/** The defaults an artist has until they save settings. */
export const DEFAULT_SETTINGS = {
  bufferMinutes: 15,
  depositPolicy: 'none' as const,
  depositFixedCents: 0,
  depositPercent: 0,
  freeReschedules: 1,
  rescheduleNoticeHours: 48,
  confirmationMode: 'automatic' as const,
};

export async function settingsOf(ctx: ServiceCtx, artistId: string) {
  const [row] = await ctx.db.select().from(artistBookingSettings).where(eq(artistBookingSettings.artistId, artistId));
  const { artistId: _a, updatedAt: _u, ...settings } = row ?? { artistId, updatedAt: null, ...DEFAULT_SETTINGS };
  return settings;
}

/**
 * The settings a new quote follows: without the artist's or the studio's plan it asks no deposit,
 * whatever the saved policy (decision 042); quotes already made keep theirs.
 */
export async function quotingSettingsOf(ctx: ServiceCtx, artistId: string, shopId: string | null) {
  const settings = await settingsOf(ctx, artistId);
  if (settings.depositPolicy === 'none' || (await depositsAllowed(ctx.db, artistId, shopId ? [shopId] : []))) return settings;
  return { ...settings, depositPolicy: 'none' as const };
}

async function requireArtistProfile(ctx: ServiceCtx) {
  const me = requireUser(ctx);
  const [artist] = await ctx.db
    .select({ booksOpen: artists.booksOpen })
    .from(artists)
    .where(and(eq(artists.userId, me.id), eq(artists.deleted, false)));
  if (!artist) throw forbidden('Create your artist profile first (Account → Artist Profile)');
  return { me, artist };
}

/** The /account booking section: settings, working hours per studio, time off, services. */
export async function getMyBookingSettings({ ctx }: { ctx: ServiceCtx }) {
  const { me, artist } = await requireArtistProfile(ctx);
  const now = ctx.deps.clock.now();
  const hours = await ctx.db.select().from(artistWorkingHours).where(eq(artistWorkingHours.artistId, me.id));
  // The studio's name, zone and opening hours label each row and show what null (its hours) means.
  const memberships = await ctx.db
    .select({ shopId: shopUsers.shopId, shopName: shops.name, timezone: shops.timezone, openingHours: shops.openingHours })
    .from(shopUsers)
    .innerJoin(shops, eq(shops.id, shopUsers.shopId))
    .where(and(eq(shopUsers.userId, me.id), eq(shops.deleted, false), activeMembershipAt(now)))
    .orderBy(asc(shops.name));
  return {
    booksOpen: artist.booksOpen,
    ...(await settingsOf(ctx, me.id)),
    depositsAllowed: await depositsAllowed(
      ctx.db,
      me.id,
      memberships.map((m) => m.shopId),
    ),
    workingHours: memberships.map((m) => ({ ...m, hours: hours.find((h) => h.shopId === m.shopId)?.hours ?? null })),
    timeOff: await ctx.db.select().from(artistTimeOff).where(eq(artistTimeOff.artistId, me.id)).orderBy(asc(artistTimeOff.startsAt)),
    services: await ctx.db
      .select()
      .from(bookingServices)
      .where(eq(bookingServices.artistId, me.id))
      .orderBy(asc(bookingServices.createdAt)),
  };
}

export async function saveBookingSettings({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof bookingSettingsInput> }) {
  const { me } = await requireArtistProfile(ctx);
  const { booksOpen, ...settings } = input;
  await requireDepositsToChange(ctx, me.id, settings);
  await withTransaction(ctx, async (tx) => {
    await tx.db.update(artists).set({ booksOpen }).where(eq(artists.userId, me.id));
    await tx.db
      .insert(artistBookingSettings)
      .values({ artistId: me.id, ...settings })
      .onConflictDoUpdate({ target: artistBookingSettings.artistId, set: { ...settings, updatedAt: ctx.deps.clock.now() } });
  });
  return getMyBookingSettings({ ctx });
}

/**
 * Turning deposits on or changing them needs a plan (decision 042); saving them unchanged, or
 * turning them off, does not, so an artist whose plan ended can still save the rest.
 */
async function requireDepositsToChange(
  ctx: ServiceCtx,
  artistId: string,
  next: Pick<z.output<typeof bookingSettingsInput>, 'depositPolicy' | 'depositFixedCents' | 'depositPercent'>,
) {
  if (next.depositPolicy === 'none') return;
  const saved = await settingsOf(ctx, artistId);
  const unchanged =
    saved.depositPolicy === next.depositPolicy &&
    saved.depositFixedCents === next.depositFixedCents &&
    saved.depositPercent === next.depositPercent;
  if (unchanged) return;
  const now = ctx.deps.clock.now();
  const studios = await ctx.db
    .select({ shopId: shopUsers.shopId })
    .from(shopUsers)
    .where(and(eq(shopUsers.userId, artistId), activeMembershipAt(now)));
  if (
    !(await depositsAllowed(
      ctx.db,
      artistId,
      studios.map((s) => s.shopId),
    ))
  )
    throw upgradeRequired('artist_pro', upgradeMessage('deposits'));
}

/** Hours at a studio where the artist works; null goes back to the studio's opening hours. */
export async function setWorkingHours({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof workingHoursInput> }) {
  const { me } = await requireArtistProfile(ctx);
  const [member] = await ctx.db
    .select({ id: shopUsers.id })
    .from(shopUsers)
    .where(and(eq(shopUsers.userId, me.id), eq(shopUsers.shopId, input.shopId), activeMembershipAt(ctx.deps.clock.now())));
  if (!member) throw notFound('You do not work at that studio');
  const where = and(eq(artistWorkingHours.artistId, me.id), eq(artistWorkingHours.shopId, input.shopId));
  if (input.hours === null) await ctx.db.delete(artistWorkingHours).where(where);
  else
    await ctx.db
      .insert(artistWorkingHours)
      .values({ artistId: me.id, shopId: input.shopId, hours: input.hours })
      .onConflictDoUpdate({
        target: [artistWorkingHours.artistId, artistWorkingHours.shopId],
        set: { hours: input.hours, updatedAt: ctx.deps.clock.now() },
      });
  return getMyBookingSettings({ ctx });
}

export async function addTimeOff({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof timeOffInput> }) {
  const { me } = await requireArtistProfile(ctx);
  await ctx.db.insert(artistTimeOff).values({ artistId: me.id, startsAt: input.startsAt, endsAt: input.endsAt, note: input.note ?? null });
  return getMyBookingSettings({ ctx });
}

export async function removeTimeOff({ ctx, input }: { ctx: ServiceCtx; input: { id: string } }) {
  const me = requireUser(ctx);
  const removed = await ctx.db
    .delete(artistTimeOff)
    .where(and(eq(artistTimeOff.id, input.id), eq(artistTimeOff.artistId, me.id)))
    .returning({ id: artistTimeOff.id });
  if (!removed.length) throw notFound('Time off not found');
  return { removed: true };
}

/** Creates a service, or updates one of mine when an id is given. */
export async function saveService({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof serviceInput> }) {
  const { me } = await requireArtistProfile(ctx);
  const { id, ...values } = input;
  if (values.flashImageId) {
    const [image] = await ctx.db
      .select({ id: images.id })
      .from(images)
      .where(
        and(eq(images.id, values.flashImageId), eq(images.accountType, 'user'), eq(images.accountId, me.id), eq(images.imageType, 'flash')),
      );
    if (!image) throw invalid('Choose one of your flash images');
  }
  if (!id) {
    const [created] = await ctx.db
      .insert(bookingServices)
      .values({ artistId: me.id, ...values })
      .returning();
    return created;
  }
  const [updated] = await ctx.db
    .update(bookingServices)
    .set(values)
    .where(and(eq(bookingServices.id, id), eq(bookingServices.artistId, me.id)))
    .returning();
  if (!updated) throw notFound('Service not found');
  return updated;
}

/** What a client sees on the booking page: the artist's active services, flash with its picture. */
export async function listArtistServices({ ctx, input }: { ctx: ServiceCtx; input: { artistId: string } }) {
  const rows = await ctx.db
    .select({ service: bookingServices, flashImageUrl: images.url })
    .from(bookingServices)
    .leftJoin(images, eq(images.id, bookingServices.flashImageId))
    .where(and(eq(bookingServices.artistId, input.artistId), eq(bookingServices.active, true)))
    .orderBy(asc(bookingServices.createdAt));
  return rows.map((r) => ({ ...r.service, flashImageUrl: r.flashImageUrl }));
}
