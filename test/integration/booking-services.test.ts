import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, messages } from '../../server/db/schema';
import { bookableArtist, bookFirstSlot, requestInput, signedIn } from '../support/booking-fixtures';
import { trpcError } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer();

beforeAll(() => {
  server.clock.set(new Date('2031-03-03T20:00:00Z'));
});

async function flashImage(ownerId: string) {
  const [image] = await server.deps.db
    .insert(images)
    .values({ url: `/files/users/${ownerId}/flash.webp`, accountId: ownerId, accountType: 'user', imageType: 'flash', uploadedBy: ownerId })
    .returning();
  return image;
}

describe('services on the booking page', () => {
  it('a priced flash piece is booked directly at its price: quoted at once, the client picks a time and owes the deposit', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'percent', depositPercent: 20 });
    const client = await signedIn(server);
    const image = await flashImage(artist.user.id);
    const flash = await artist.client.booking.saveService.mutate({
      kind: 'flash',
      name: 'Swallow flash',
      durationMinutes: 60,
      price: 15000,
      flashImageId: image.id,
    });
    const services = await client.client.booking.services.query({ artistId: artist.user.id });
    expect(services).toEqual([expect.objectContaining({ id: flash.id, price: 15000, flashImageUrl: image.url })]);

    const request = await client.client.booking.createRequest.mutate({
      ...requestInput(artist.user.id, artist.studio.id),
      serviceId: flash.id,
    });
    expect(request).toMatchObject({ status: 'quoted', sessionCount: 1, sessionMinutes: 60, estimate: 15000, deposit: 3000 });
    const [message] = await server.deps.db
      .select()
      .from(messages)
      .where(eq(messages.threadId, request.threadId ?? ''));
    expect(message.body).toContain('Service: Swallow flash');
    expect(message.body).toContain('estimate $150.00');
    expect(message.body).toContain('Deposit $30.00');

    const booking = await bookFirstSlot(server, artist, client, request.id, 2);
    expect(booking).toMatchObject({ status: 'held', deposit: 3000, depositStatus: 'due', serviceId: flash.id });
    expect(booking.endsAt.getTime() - booking.startsAt.getTime()).toBe(60 * 60_000);
  });

  it('a consultation is booked directly and free; a tattoo session waits for the artist’s quote', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'fixed', depositFixedCents: 5000 });
    const client = await signedIn(server);
    const consultation = await artist.client.booking.saveService.mutate({
      kind: 'consultation',
      name: 'Consultation',
      durationMinutes: 30,
    });
    const session = await artist.client.booking.saveService.mutate({
      kind: 'session',
      name: 'Half day',
      durationMinutes: 240,
      price: 60000,
    });
    const consult = await client.client.booking.createRequest.mutate({
      ...requestInput(artist.user.id, artist.studio.id),
      serviceId: consultation.id,
    });
    expect(consult).toMatchObject({ status: 'quoted', sessionMinutes: 30, estimate: 0, deposit: 0 });
    const quoted = await client.client.booking.createRequest.mutate({
      ...requestInput(artist.user.id, artist.studio.id),
      serviceId: session.id,
    });
    expect(quoted).toMatchObject({ status: 'pending', serviceId: session.id, estimate: null, deposit: null });
  });

  it('refuses a flash image that is not the artist’s own, and a hidden or unknown service', async () => {
    const artist = await bookableArtist(server);
    const other = await signedIn(server);
    const client = await signedIn(server);
    const foreign = await flashImage(other.user.id);
    expect(
      await trpcError(
        artist.client.booking.saveService.mutate({
          kind: 'flash',
          name: 'Stolen',
          durationMinutes: 60,
          price: 9000,
          flashImageId: foreign.id,
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Choose one of your flash images' });
    const hidden = await artist.client.booking.saveService.mutate({
      kind: 'flash',
      name: 'Retired',
      durationMinutes: 60,
      price: 9000,
      active: false,
    });
    for (const serviceId of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      expect(
        await trpcError(client.client.booking.createRequest.mutate({ ...requestInput(artist.user.id, artist.studio.id), serviceId })),
      ).toMatchObject({ code: 'NOT_FOUND', message: 'Service not found' });
    }
  });
});
