import { artistBookingSettings, artists } from '../../server/db/schema';
import type { DepositPolicy } from '../../server/db/schema/booking-values';
import type { TestClient } from './client';
import { createUser, type FactoryPlan, signIn } from './factories';
import type { TestServer } from './server';

// A bookable artist (profile with books open, owning a studio in Los Angeles open every day
// 10:00–18:00) and signed-in clients, for the booking and calendar tests.

const EVERY_DAY = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
    d,
    { open: true, start: '10:00', end: '18:00' },
  ]),
);

export type Person = { client: TestClient; user: Awaited<ReturnType<typeof createUser>> };

export async function signedIn(server: TestServer, overrides: Parameters<typeof createUser>[0] = {}): Promise<Person> {
  const user = await createUser(overrides, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

export async function bookableArtist(
  server: TestServer,
  options: {
    timezone?: string;
    depositPolicy?: DepositPolicy;
    depositFixedCents?: number;
    depositPercent?: number;
    confirmationMode?: 'automatic' | 'approval';
    bufferMinutes?: number;
    /** The artist's plan (decision 042); they also own the studio, so 'free' means no deposits anywhere. */
    plan?: FactoryPlan;
  } = {},
) {
  const artist = await signedIn(server, { userTypes: ['client', 'artist'], plan: options.plan });
  const slug = `artist-${artist.user.id.slice(0, 8)}`;
  await server.deps.db.insert(artists).values({
    userId: artist.user.id,
    name: `Ink ${slug}`,
    displayName: artist.user.displayName,
    urlSlug: slug,
    booksOpen: true,
    tattooStyles: ['Fine Line'],
  });
  await server.deps.db.insert(artistBookingSettings).values({
    artistId: artist.user.id,
    bufferMinutes: options.bufferMinutes ?? 15,
    depositPolicy: options.depositPolicy ?? 'fixed',
    depositFixedCents: options.depositFixedCents ?? 5000,
    depositPercent: options.depositPercent ?? 0,
    confirmationMode: options.confirmationMode ?? 'automatic',
  });
  const studio = await artist.client.studio.create.mutate({
    name: `Studio ${slug}`,
    address: '1 Main St',
    city: 'Los Angeles',
    state: 'CA',
    zipCode: '90001',
    timezone: options.timezone ?? 'America/Los_Angeles',
    phone: '213-555-0100',
    email: 'studio@example.com',
    openingHours: EVERY_DAY,
  });
  return { ...artist, slug, studio };
}

export const requestInput = (artistId: string, shopId: string) => ({
  artistId,
  shopId,
  idea: 'A fine-line swallow',
  placement: 'left forearm',
  size: '10 cm',
  style: 'Fine Line',
  budget: 40000,
});

/** A request quoted by the artist: one session of 2 hours, $400 estimate. */
export async function quotedRequest(
  artist: Awaited<ReturnType<typeof bookableArtist>>,
  client: Person,
  quote: { sessionCount?: number; sessionMinutes?: number; estimate?: number } = {},
) {
  const request = await client.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));
  await artist.client.booking.quote.mutate({
    requestId: request.id,
    sessionCount: quote.sessionCount ?? 1,
    sessionMinutes: quote.sessionMinutes ?? 120,
    estimate: quote.estimate ?? 40000,
  });
  return request;
}

/** Tomorrow's date in a zone ('YYYY-MM-DD') plus n days. */
export function localDate(now: Date, timeZone: string, plusDays = 1) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(now.getTime() + plusDays * 86_400_000),
  );
}

/** Saves the default booking settings with the books open or closed. */
export function setBooksOpen(client: TestClient, booksOpen: boolean) {
  return client.booking.saveSettings.mutate({
    booksOpen,
    bufferMinutes: 15,
    depositPolicy: 'none',
    depositFixedCents: 0,
    depositPercent: 0,
    freeReschedules: 1,
    rescheduleNoticeHours: 48,
    confirmationMode: 'automatic',
  });
}

/** The client takes the first slot offered `plusDays` from now (in the studio's zone) for a quoted request. */
export async function bookFirstSlot(
  server: TestServer,
  artist: Awaited<ReturnType<typeof bookableArtist>>,
  client: Person,
  requestId: string,
  plusDays = 1,
) {
  const { slots, timezone } = await client.client.booking.availability.query({
    requestId,
    shopId: artist.studio.id,
    from: localDate(server.clock.now(), artist.studio.timezone, plusDays),
    days: 1,
  });
  if (!slots[0]) throw new Error(`No slot offered ${plusDays} days ahead in ${timezone}`);
  return client.client.booking.pickSlot.mutate({ requestId, shopId: artist.studio.id, startsAt: slots[0].startsAt });
}
