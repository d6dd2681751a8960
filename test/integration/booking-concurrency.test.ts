import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../server/db/schema';
import { bookableArtist, localDate, quotedRequest, signedIn } from '../support/booking-fixtures';
import { trpcError } from '../support/client';
import { useTestServer } from '../support/server';

// The exclusion constraint, not timing, prevents double booking: 50 clients with quoted requests
// take the same slot at once and exactly one gets it. (Meaningful on PostgreSQL, where the calls
// really run in parallel; PGlite serializes them.)

const server = useTestServer();
const CLIENTS = 50;

describe('no double booking', () => {
  it(`${CLIENTS} concurrent picks of one slot make exactly 1 booking`, async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'fixed', depositFixedCents: 5000 });
    // Signed in one after another: fifty logins at once from one address would meet the login
    // throttle, which counts attempts in flight. The race under test is the pick, below.
    const clients: Array<Awaited<ReturnType<typeof signedIn>>> = [];
    for (let i = 0; i < CLIENTS; i++) clients.push(await signedIn(server));
    const requests: Array<{ id: string }> = [];
    for (const client of clients) requests.push(await quotedRequest(artist, client));
    const from = localDate(server.clock.now(), 'America/Los_Angeles', 2);
    const { slots } = await clients[0].client.booking.availability.query({
      requestId: requests[0].id,
      shopId: artist.studio.id,
      from,
      days: 1,
    });
    const startsAt = slots[0].startsAt;

    const outcomes = await Promise.allSettled(
      clients.map((c, i) => c.client.booking.pickSlot.mutate({ requestId: requests[i].id, shopId: artist.studio.id, startsAt })),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const errors = await Promise.all(
      outcomes.filter((o) => o.status === 'rejected').map((o) => trpcError(Promise.reject((o as PromiseRejectedResult).reason))),
    );
    expect(errors).toHaveLength(CLIENTS - 1);
    for (const error of errors)
      expect(error).toMatchObject({ code: 'CONFLICT', message: 'That time was just taken. Please pick another slot.' });

    const live = await server.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.artistId, artist.user.id), inArray(bookings.status, ['held', 'confirmed'])));
    expect(live).toHaveLength(1);
    expect(live[0].startsAt.getTime()).toBe(startsAt.getTime());
  });

  it('the database refuses an overlapping insert whatever the code does', async () => {
    const artist = await bookableArtist(server);
    const base = {
      artistId: artist.user.id,
      shopId: artist.studio.id,
      clientName: 'Direct',
      title: 'Direct insert',
      timezone: 'America/Los_Angeles',
    };
    const start = new Date('2035-05-01T17:00:00Z');
    const end = new Date('2035-05-01T19:00:00Z');
    await server.deps.db.insert(bookings).values({ ...base, startsAt: start, endsAt: end, blockedUntil: end, status: 'confirmed' });
    const overlap = server.deps.db
      .insert(bookings)
      .values({
        ...base,
        startsAt: new Date('2035-05-01T18:00:00Z'),
        endsAt: new Date('2035-05-01T20:00:00Z'),
        blockedUntil: new Date('2035-05-01T20:00:00Z'),
        status: 'held',
      });
    await expect(overlap).rejects.toThrow();
    // Cancelled bookings do not block; back-to-back ranges [a, b) and [b, c) do not overlap.
    await server.deps.db.insert(bookings).values({ ...base, startsAt: start, endsAt: end, blockedUntil: end, status: 'cancelled' });
    await server.deps.db
      .insert(bookings)
      .values({
        ...base,
        startsAt: end,
        endsAt: new Date('2035-05-01T20:00:00Z'),
        blockedUntil: new Date('2035-05-01T20:00:00Z'),
        status: 'confirmed',
      });
  });
});
