import { describe, expect, it } from 'vitest';
import { bookableArtist, localDate, quotedRequest, signedIn } from '../support/booking-fixtures';
import { parseIcs, parseUtc } from '../support/ics-parser';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function confirmedBooking() {
  const artist = await bookableArtist(server, { depositPolicy: 'none' });
  const client = await signedIn(server);
  const request = await quotedRequest(artist, client);
  const { slots } = await client.client.booking.availability.query({ requestId: request.id, shopId: artist.studio.id, from: localDate(server.clock.now(), 'America/Los_Angeles', 3), days: 1 });
  const booking = await client.client.booking.pickSlot.mutate({ requestId: request.id, shopId: artist.studio.id, startsAt: slots[0].startsAt });
  return { artist, client, booking };
}

describe('private ICS feed', () => {
  it('parses with an independent reader and holds the booking', async () => {
    const { artist, client, booking } = await confirmedBooking();
    const { url } = await client.client.calendar.createFeed.mutate();
    expect(url).toMatch(/\/api\/calendar\/[a-z0-9]{40,}\.ics$/);
    const response = await fetch(url.replace(server.deps.config.appOrigin, server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    const calendar = parseIcs(await response.text());
    expect(calendar).toMatchObject({ type: 'VCALENDAR', props: { VERSION: '2.0' } });
    const events = calendar.children.filter((c) => c.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.props.UID).toBe(`booking-${booking.id}@inklink`);
    expect(parseUtc(event.props.DTSTART).getTime()).toBe(booking.startsAt.getTime());
    expect(parseUtc(event.props.DTEND).getTime()).toBe(booking.endsAt.getTime());
    expect(event.props.STATUS).toBe('CONFIRMED');
    expect(event.props.SUMMARY).toContain(`Tattoo: left forearm with Ink ${artist.slug}`);
    expect(event.props.LOCATION).toContain('1 Main St, Los Angeles, CA');
    expect(event.children[0]).toMatchObject({ type: 'VALARM', props: { TRIGGER: '-PT15M' } });
    // The artist's own feed holds it too.
    const artistFeed = await artist.client.calendar.createFeed.mutate();
    const artistCalendar = parseIcs(await (await fetch(artistFeed.url.replace(server.deps.config.appOrigin, server.url))).text());
    expect(artistCalendar.children.map((c) => c.props.UID)).toContain(`booking-${booking.id}@inklink`);
  });

  it('is revocable: regenerating or revoking makes the old URL answer 404', async () => {
    const client = await signedIn(server);
    const first = (await client.client.calendar.createFeed.mutate()).url.replace(server.deps.config.appOrigin, server.url);
    expect((await fetch(first)).status).toBe(200);
    const second = (await client.client.calendar.createFeed.mutate()).url.replace(server.deps.config.appOrigin, server.url);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
    expect(await client.client.calendar.feed.query()).toMatchObject({ active: true });
    await client.client.calendar.revokeFeed.mutate();
    expect((await fetch(second)).status).toBe(404);
    expect(await client.client.calendar.feed.query()).toMatchObject({ active: false });
    expect((await fetch(`${server.url}/api/calendar/not-a-token.ics`)).status).toBe(404);
  });
});

describe('calendar.events', () => {
  it('shows the session to its client and artist, the shop schedule to staff only', async () => {
    const { artist, client, booking } = await confirmedBooking();
    const range = { from: server.clock.now(), to: new Date(server.clock.now().getTime() + 14 * 86_400_000) };
    const mine = await client.client.calendar.events.query(range);
    expect(mine.map((e) => e.id)).toEqual([booking.id]);
    expect(mine[0]).toMatchObject({ role: 'client', timezone: 'America/Los_Angeles', consentSigned: false });
    expect(await artist.client.calendar.events.query(range)).toMatchObject([{ role: 'artist', clientName: 'Test User' }]);
    const shop = await artist.client.calendar.events.query({ ...range, shopId: artist.studio.id });
    expect(shop.map((e) => e.id)).toEqual([booking.id]);
    const stranger = await signedIn(server);
    await expect(stranger.client.calendar.events.query({ ...range, shopId: artist.studio.id })).rejects.toThrow('Only the studio’s staff can do that');
    expect(await stranger.client.calendar.events.query(range)).toEqual([]);
  });
});
