import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sendDueReminders } from '../../server/domains/booking/service/reminders';
import { bookableArtist, bookFirstSlot, quotedRequest, requestInput, signedIn } from '../support/booking-fixtures';
import { trpcError } from '../support/client';
import { useTestServer } from '../support/server';

// Issue 19 (calendar journeys): what /calendar opens on, and where notifications lead.

const server = useTestServer();

describe('booking.requestCounts', () => {
  it('counts my sent and received requests and those waiting on me, for me only', async () => {
    const artist = await bookableArtist(server);
    const client = await signedIn(server);
    const other = await signedIn(server);
    const first = await client.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));
    await other.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));
    expect(await artist.client.booking.requestCounts.query()).toEqual({
      client: { total: 0, awaiting: 0 },
      artist: { total: 2, awaiting: 2 },
    });
    expect(await client.client.booking.requestCounts.query()).toEqual({
      client: { total: 1, awaiting: 0 },
      artist: { total: 0, awaiting: 0 },
    });

    // A question moves the request to the client's side; a quote keeps it there (pick a time); a decline ends it.
    await artist.client.booking.ask.mutate({ requestId: first.id, question: 'How big exactly?' });
    expect(await client.client.booking.requestCounts.query()).toEqual({
      client: { total: 1, awaiting: 1 },
      artist: { total: 0, awaiting: 0 },
    });
    expect((await artist.client.booking.requestCounts.query()).artist).toEqual({ total: 2, awaiting: 1 });
    await artist.client.booking.quote.mutate({ requestId: first.id, sessionCount: 1, sessionMinutes: 120, estimate: 40000 });
    expect((await client.client.booking.requestCounts.query()).client).toEqual({ total: 1, awaiting: 1 });
    await artist.client.booking.decline.mutate({
      requestId: (await other.client.booking.requests.query({ role: 'client' })).items[0].id,
      reason: 'Not my style',
    });
    expect((await artist.client.booking.requestCounts.query()).artist).toEqual({ total: 2, awaiting: 0 });
    expect(await trpcError(server.client().booking.requestCounts.query())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('studio.invitationById (the deep link /invitations/{invitationId})', () => {
  it('shows the invitation and its code to the invitee only; anyone else, or no such id, gets the same NOT_FOUND', async () => {
    const owner = await bookableArtist(server);
    const invitee = await signedIn(server, { userTypes: ['client', 'artist'] });
    const someoneElse = await signedIn(server);
    const invitation = await owner.client.studio.addMember.mutate({ studioId: owner.studio.id, invitee: invitee.user.displayName });

    expect(await invitee.client.studio.invitationById.query({ invitationId: invitation.id })).toMatchObject({
      code: invitation.code,
      shopId: owner.studio.id,
      status: 'pending',
    });
    const hidden = { code: 'NOT_FOUND', message: 'Invitation not found' };
    expect(await trpcError(someoneElse.client.studio.invitationById.query({ invitationId: invitation.id }))).toMatchObject(hidden);
    expect(await trpcError(someoneElse.client.studio.invitationById.query({ invitationId: randomUUID() }))).toMatchObject(hidden);
    expect(await trpcError(owner.client.studio.invitationById.query({ invitationId: invitation.id }))).toMatchObject(hidden);
    expect(await trpcError(someoneElse.client.studio.invitationById.query({ invitationId: 'not-an-id' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invitation not found',
    });
  });
});

describe('notification deep links', () => {
  it('booking_confirmed opens /bookings/{id} and the reminder /events/{id}, for both parties; every link is a path of the app', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none' });
    const client = await signedIn(server);
    const request = await quotedRequest(artist, client);
    const booking = await bookFirstSlot(server, artist, client, request.id, 1);
    server.clock.set(new Date(booking.startsAt.getTime() - 15 * 60_000));
    await sendDueReminders(server.deps);

    const links = async (person: { client: typeof client.client }) =>
      Object.fromEntries((await person.client.notification.list.query({})).items.map((n) => [n.type, n.link]));
    expect(await links(client)).toMatchObject({ booking_confirmed: `/bookings/${booking.id}`, event_reminder: `/events/${booking.id}` });
    expect(await links(artist)).toMatchObject({ booking_confirmed: `/bookings/${booking.id}`, event_reminder: `/events/${booking.id}` });
    for (const person of [client, artist]) {
      for (const n of (await person.client.notification.list.query({})).items) expect(n.link).toMatch(/^\/[^/]/);
    }
  });
});
