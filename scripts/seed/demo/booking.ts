import { and, eq } from 'drizzle-orm';
import { bookingRequests, images, shops, users } from '../../../server/db/schema';
import { getAvailability } from '../../../server/domains/booking/service/availability';
import { payDeposit } from '../../../server/domains/booking/service/pay-deposit';
import { pickSlot } from '../../../server/domains/booking/service/pick-slot';
import { askQuestion, createRequest, declineRequest, quoteRequest } from '../../../server/domains/booking/service/requests';
import { saveBookingSettings, saveService } from '../../../server/domains/booking/service/settings';
import type { AuthedCtx } from '../../../server/service-context';
import { DAY } from '../../../server/lib/time';
import { isLocalProvider } from '../../../server/providers/payments/local';
import type { DemoSeedContext } from './index';

const request = (idea: string, placement: string, size: string, budget: number) => ({
  idea,
  placement,
  size,
  style: 'Fine Line',
  budget,
  referenceImageIds: [],
});

/** 'YYYY-MM-DD' in a zone, some days from now. */
const localDay = (now: Date, timeZone: string, plusDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(now.getTime() + plusDays * DAY));

/**
 * Booking for the demo artist, through the real services: a $50 fixed deposit, automatic
 * confirmation, a consultation, a half-day session and a priced flash piece; and the demo client's
 * requests in every kind of state — waiting, asked a question, declined, and a quoted fern booked
 * at Iron Rose with its deposit paid (card payments need the local provider).
 */
export async function seedBooking(ctx: DemoSeedContext) {
  const { client, artist } = ctx.users;
  const as = async (id: string): Promise<AuthedCtx> => ({
    db: ctx.deps.db,
    deps: ctx.deps,
    user: (await ctx.deps.db.select().from(users).where(eq(users.id, id)))[0],
  });
  const asArtist = await as(artist.id);
  const asClient = await as(client.id);
  const [seeded] = await ctx.deps.db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.clientId, client.id), eq(bookingRequests.artistId, artist.id)))
    .limit(1);
  if (seeded) return;

  await saveBookingSettings({
    ctx: asArtist,
    input: {
      booksOpen: true,
      bufferMinutes: 15,
      depositPolicy: 'fixed',
      depositFixedCents: 5_000,
      depositPercent: 0,
      freeReschedules: 1,
      rescheduleNoticeHours: 48,
      confirmationMode: 'automatic',
    },
  });
  const [flashImage] = await ctx.deps.db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.accountId, artist.id), eq(images.imageType, 'flash')))
    .limit(1);
  const base = { price: null, flashImageId: null, active: true };
  await saveService({ ctx: asArtist, input: { ...base, kind: 'consultation', name: 'Consultation', durationMinutes: 30 } });
  await saveService({ ctx: asArtist, input: { ...base, kind: 'session', name: 'Half-day session', durationMinutes: 240 } });
  await saveService({
    ctx: asArtist,
    input: { ...base, kind: 'flash', name: 'Botanical flash', durationMinutes: 90, price: 15_000, flashImageId: flashImage?.id ?? null },
  });

  const [studio] = await ctx.deps.db
    .select({ id: shops.id, timezone: shops.timezone })
    .from(shops)
    .where(eq(shops.urlSlug, 'iron-rose-tattoo'));
  const at = { artistId: artist.id, shopId: studio?.id };
  await createRequest({ ctx: asClient, input: { ...at, ...request('A peony with a honeybee', 'right shoulder', '12 cm', 45_000) } });
  const asked = await createRequest({
    ctx: asClient,
    input: { ...at, ...request('Moon phases down the spine', 'upper back', '25 cm', 80_000) },
  });
  await askQuestion({
    ctx: asArtist,
    input: { requestId: asked.id, question: 'Would you like the moons in fine line only, or with dotwork shading?' },
  });
  const declined = await createRequest({ ctx: asClient, input: { ...at, ...request('A portrait of my cat', 'calf', '15 cm', 30_000) } });
  await declineRequest({
    ctx: asArtist,
    input: { requestId: declined.id, reason: 'I do not do portraits — Black Anchor has great realism artists.' },
  });
  const fern = await createRequest({
    ctx: asClient,
    input: { ...at, ...request('A fine-line fern along the forearm', 'left forearm', '15 cm', 40_000) },
  });
  await quoteRequest({
    ctx: asArtist,
    input: { requestId: fern.id, sessionCount: 1, sessionMinutes: 180, estimate: 40_000, note: 'One sitting.' },
  });
  ctx.log('  booking settings and 3 services for the artist; 4 requests from the client (waiting, question, declined, quoted)');

  if (!studio) return;
  const { slots } = await getAvailability({
    ctx: asClient,
    input: { requestId: fern.id, shopId: studio.id, from: localDay(ctx.deps.clock.now(), studio.timezone, 10), days: 14 },
  });
  if (!slots[0]) return;
  const booking = await pickSlot({ ctx: asClient, input: { requestId: fern.id, shopId: studio.id, startsAt: slots[0].startsAt } });
  if (!isLocalProvider(ctx.deps.payments)) {
    ctx.log('  Stripe is configured: the fern session is held until the client pays the deposit');
    return;
  }
  await payDeposit({ ctx: asClient, input: { bookingId: booking.id, paymentMethodId: 'pm_card_visa' } });
  ctx.log(`  the fern session booked at Iron Rose ${slots[0].startsAt.toISOString()} with its $50.00 deposit paid`);
}
