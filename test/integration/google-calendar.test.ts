import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleCalendarAccounts, googleCalendarEvents } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { claimDueEvents, syncGoogleCalendars } from '../../server/jobs/calendar-sync';
import { bookableArtist, localDate, type Person, quotedRequest, signedIn } from '../support/booking-fixtures';
import { trpcError } from '../support/client';
import { type GoogleApi, startGoogleApi } from '../support/google-api';
import { isPostgres } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

let google: GoogleApi;
let server: TestServer;

beforeAll(async () => {
  google = await startGoogleApi();
  server = await startTestServer({ env: google.env });
});
afterAll(async () => {
  await server?.close();
  await google?.close();
});

const eventIdOf = (bookingId: string) => `inklink${bookingId.replaceAll('-', '')}`;

async function postCallback(person: Person, body: Record<string, string>) {
  const response = await person.client.fetch(`${server.url}/api/calendar/google/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id?: string; email?: string; error?: string } };
}

/** Connect → Google's consent page → back to /calendar/oauth/callback with Google's query, as a browser goes. */
async function consent(person: Person, email: string) {
  google.consent.email = email;
  const start = await person.client.fetch(`${server.url}/api/calendar/google/connect`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const consentUrl = new URL(start.headers.get('location') ?? '');
  expect(consentUrl.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/calendar.events');
  expect(consentUrl.searchParams.get('access_type')).toBe('offline');
  const back = await fetch(consentUrl, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location') ?? '');
  expect(callback.origin + callback.pathname).toBe(`${server.deps.config.appOrigin}/calendar/oauth/callback`);
  return Object.fromEntries(callback.searchParams) as Record<string, string>;
}

async function connect(person: Person, email: string) {
  const result = await postCallback(person, await consent(person, email));
  expect(result).toMatchObject({ status: 200, body: { email } });
  return result.body;
}

async function confirmedBooking() {
  const artist = await bookableArtist(server, { depositPolicy: 'none' });
  const client = await signedIn(server);
  const request = await quotedRequest(artist, client);
  const { slots } = await client.client.booking.availability.query({
    requestId: request.id,
    shopId: artist.studio.id,
    from: localDate(server.clock.now(), 'America/Los_Angeles', 3),
    days: 1,
  });
  const booking = await client.client.booking.pickSlot.mutate({
    requestId: request.id,
    shopId: artist.studio.id,
    startsAt: slots[0].startsAt,
  });
  expect(booking.status).toBe('confirmed');
  return { artist, client, booking, request };
}

describe('connecting Google Calendar (/calendar/oauth/callback)', () => {
  it('refuses a callback whose state was not issued to this browser, and stores nothing', async () => {
    const person = await signedIn(server);
    const query = await consent(person, 'someone@gmail.com');
    const stranger = await signedIn(server);
    // Another browser (no state cookie) replays the code: refused.
    expect(await postCallback(stranger, query)).toEqual({
      status: 400,
      body: { error: 'This Google sign-in link has expired or was started in another browser. Please connect again from your calendar.' },
    });
    // The right browser with a forged state: refused too, and its cookies are spent.
    expect((await postCallback(person, { ...query, state: 'forged' })).status).toBe(400);
    expect((await postCallback(person, query)).status).toBe(400);
    expect(await person.client.calendar.google.query()).toEqual({ available: true, connection: null });
    expect(await server.deps.db.select().from(googleCalendarAccounts).where(eq(googleCalendarAccounts.userId, person.user.id))).toEqual([]);
  });

  it('says so when the user declines on Google’s page or unticks the calendar', async () => {
    const person = await signedIn(server);
    google.consent.deny = true;
    try {
      expect(await postCallback(person, await consent(person, 'no@gmail.com'))).toEqual({
        status: 400,
        body: { error: 'Google Calendar was not connected: you declined access on Google’s page.' },
      });
    } finally {
      google.consent.deny = false;
    }
    google.consent.grantedScopes = ['openid', 'email'];
    try {
      expect((await postCallback(person, await consent(person, 'partial@gmail.com'))).body.error).toBe(
        'Allow InkLink to manage your calendar events on Google’s page to connect Google Calendar.',
      );
    } finally {
      google.consent.grantedScopes = null;
    }
    expect((await person.client.calendar.google.query()).connection).toBeNull();
  });

  it('requires a session', async () => {
    const anonymous = server.client();
    const start = await anonymous.fetch(`${server.url}/api/calendar/google/connect`, { redirect: 'manual' });
    expect(start.headers.get('location')).toBe('/login');
    const response = await anonymous.fetch(`${server.url}/api/calendar/google/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });

  it('stores the integration (tokens sealed, never sent to the browser); a second connect replaces it', async () => {
    const person = await signedIn(server);
    const first = await connect(person, 'first@gmail.com');
    const status = await person.client.calendar.google.query();
    expect(status).toMatchObject({
      available: true,
      connection: { id: first.id, email: 'first@gmail.com', isActive: true, lastError: null },
    });
    await expect
      .poll(async () => (await person.client.auth.me.query())?.calendarIntegrations)
      .toEqual([expect.objectContaining({ id: first.id, provider: 'google', isActive: true, email: 'first@gmail.com' })]);
    const me = await person.client.auth.me.query();
    expect(JSON.stringify(me)).not.toMatch(/refresh-|access-/);
    expect(JSON.stringify(status)).not.toMatch(/refresh-|access-/);
    const [stored] = await server.deps.db.select().from(googleCalendarAccounts).where(eq(googleCalendarAccounts.userId, person.user.id));
    expect(stored.refreshToken).toMatch(/^v1\./);
    expect(stored.refreshToken).not.toContain('refresh-');

    // Adding replaces any existing one of the same provider (spec 1 §4); the old grant is revoked.
    const revokedBefore = google.revoked.length;
    const second = await connect(person, 'second@gmail.com');
    expect(second.id).not.toBe(first.id);
    // auth.me reads the session cache, which the database's change notice refreshes within moments.
    await expect
      .poll(async () => (await person.client.auth.me.query())?.calendarIntegrations.filter((i) => i.provider === 'google'))
      .toEqual([expect.objectContaining({ id: second.id, email: 'second@gmail.com' })]);
    expect(google.revoked.length).toBe(revokedBefore + 1);
    // The active check per provider (spec 1 §4) sees it.
    expect(await person.client.user.hasActiveCalendarIntegration.query({ provider: 'google' })).toBe(true);
  });

  it('keeps other providers’ integrations when Google connects', async () => {
    const person = await signedIn(server);
    await person.client.user.addCalendarIntegration.mutate({ provider: 'outlook', settings: { account: 'me@outlook.com' } });
    await connect(person, 'mixed@gmail.com');
    await expect
      .poll(async () => (await person.client.auth.me.query())?.calendarIntegrations.map((i) => i.provider).sort())
      .toEqual(['google', 'outlook']);
  });
});

describe('authorization', () => {
  it('nobody can read or remove someone else’s Google integration', async () => {
    const owner = await signedIn(server);
    const { id } = await connect(owner, 'owner@gmail.com');
    const intruder = await signedIn(server);
    expect(await intruder.client.calendar.google.query()).toEqual({ available: true, connection: null });
    expect(await trpcError(intruder.client.calendar.disconnectGoogle.mutate({ id: id ?? '' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Calendar integration not found',
    });
    expect(await trpcError(intruder.client.user.removeCalendarIntegration.mutate({ id: id ?? '' }))).toMatchObject({ code: 'NOT_FOUND' });
    const publicView = await intruder.client.user.byId.query({ id: owner.user.id });
    expect(JSON.stringify(publicView)).not.toContain('calendarIntegrations');
    expect((await owner.client.calendar.google.query()).connection?.id).toBe(id);
    expect(await trpcError(server.client().calendar.google.query())).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('disconnect removes the integration by id and revokes the grant at Google', async () => {
    const person = await signedIn(server);
    const { id } = await connect(person, 'leaving@gmail.com');
    const revokedBefore = google.revoked.length;
    expect(await person.client.calendar.disconnectGoogle.mutate({ id: id ?? '' })).toEqual({ disconnected: true });
    expect(google.revoked.length).toBe(revokedBefore + 1);
    expect(await person.client.calendar.google.query()).toEqual({ available: true, connection: null });
    await expect.poll(async () => (await person.client.auth.me.query())?.calendarIntegrations).toEqual([]);
    expect(await server.deps.db.select().from(googleCalendarAccounts).where(eq(googleCalendarAccounts.userId, person.user.id))).toEqual([]);
    expect(await trpcError(person.client.calendar.disconnectGoogle.mutate({ id: id ?? '' }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('calendar-sync job', () => {
  it('creates, updates and deletes the session in both people’s Google calendars', async () => {
    const { artist, client, booking } = await confirmedBooking();
    await connect(artist, `artist-${artist.slug}@gmail.com`);
    await connect(client, `client-${artist.slug}@gmail.com`);
    const artistMail = `artist-${artist.slug}@gmail.com`;
    const clientMail = `client-${artist.slug}@gmail.com`;
    const eventId = eventIdOf(booking.id);

    expect(await syncGoogleCalendars(server.deps)).toBeGreaterThanOrEqual(2);
    const artistEvent = google.event(artistMail, eventId);
    const clientEvent = google.event(clientMail, eventId);
    expect(clientEvent).toMatchObject({
      status: 'confirmed',
      summary: `Tattoo: left forearm with Ink ${artist.slug}`,
      start: { dateTime: booking.startsAt.toISOString(), timeZone: 'America/Los_Angeles' },
    });
    expect(clientEvent?.location).toContain('1 Main St, Los Angeles, CA');
    expect(artistEvent).toMatchObject({ status: 'confirmed', summary: 'Tattoo: left forearm: Test User' });
    expect((await artist.client.calendar.google.query()).connection?.lastSyncedAt).toBeInstanceOf(Date);

    // Nothing changed: nothing is pushed again.
    const callsBefore = google.calls.length;
    expect(await syncGoogleCalendars(server.deps)).toBe(0);
    expect(google.calls.length).toBe(callsBefore);

    // Rescheduled: the event moves (an update of the same event).
    const { slots } = await client.client.booking.availability.query({
      requestId: booking.requestId ?? '',
      shopId: artist.studio.id,
      from: localDate(server.clock.now(), 'America/Los_Angeles', 5),
      days: 1,
    });
    const moved = await client.client.booking.reschedule.mutate({ bookingId: booking.id, startsAt: slots[0].startsAt });
    await syncGoogleCalendars(server.deps);
    expect(google.event(clientMail, eventId)?.start.dateTime).toBe(moved.startsAt.toISOString());
    expect(google.event(artistMail, eventId)?.end.dateTime).toBe(moved.endsAt.toISOString());
    expect(google.calls.slice(callsBefore).filter((c) => c.method === 'PUT' && c.eventId === eventId)).toHaveLength(2);

    // Cancelled: the event is deleted from both calendars.
    await client.client.booking.cancel.mutate({ bookingId: booking.id });
    await syncGoogleCalendars(server.deps);
    expect(google.events(clientMail).map((e) => e.id)).not.toContain(eventId);
    expect(google.events(artistMail).map((e) => e.id)).not.toContain(eventId);
    expect(google.calls.filter((c) => c.method === 'DELETE' && c.eventId === eventId && c.status === 204)).toHaveLength(2);
    expect(await syncGoogleCalendars(server.deps)).toBe(0);
  });

  it('reconnecting the same Google account pushes again without doubling the event', async () => {
    const { artist, booking } = await confirmedBooking();
    const mail = `again-${artist.slug}@gmail.com`;
    await connect(artist, mail);
    await syncGoogleCalendars(server.deps);
    await connect(artist, mail);
    const callsBefore = google.calls.length;
    await syncGoogleCalendars(server.deps);
    // The insert meets our own id (409) and becomes an update: still one event.
    expect(
      google.calls
        .slice(callsBefore)
        .filter((c) => c.email === mail)
        .map((c) => [c.method, c.status]),
    ).toEqual([
      ['POST', 409],
      ['PUT', 200],
    ]);
    expect(google.events(mail).filter((e) => e.id === eventIdOf(booking.id))).toHaveLength(1);
  });

  it('pushes a session in the run that starts tracking it, even when the app clock is behind the database clock', async () => {
    const { artist, booking } = await confirmedBooking();
    const mail = `behind-${artist.slug}@gmail.com`;
    server.clock.advance(-5000);
    try {
      await connect(artist, mail);
      await syncGoogleCalendars(server.deps);
    } finally {
      server.clock.advance(5000);
    }
    expect(google.events(mail).map((e) => e.id)).toEqual([eventIdOf(booking.id)]);
  });

  it('forgets and revokes the tokens of an entry removed through user.removeCalendarIntegration', async () => {
    const person = await signedIn(server);
    const { id } = await connect(person, 'generic-removal@gmail.com');
    await person.client.user.removeCalendarIntegration.mutate({ id: id ?? '' });
    const revokedBefore = google.revoked.length;
    await syncGoogleCalendars(server.deps);
    expect(google.revoked.length).toBe(revokedBefore + 1);
    expect(await server.deps.db.select().from(googleCalendarAccounts).where(eq(googleCalendarAccounts.userId, person.user.id))).toEqual([]);
    expect((await person.client.calendar.google.query()).connection).toBeNull();
  });

  it('refreshes an expired access token and pushes with the new one', async () => {
    const { artist, booking } = await confirmedBooking();
    const mail = `refresh-${artist.slug}@gmail.com`;
    await connect(artist, mail);
    const [before] = await server.deps.db.select().from(googleCalendarAccounts).where(eq(googleCalendarAccounts.userId, artist.user.id));
    // Past the stored expiry (an hour): the job refreshes before calling Google.
    server.clock.advance(2 * 3600_000);
    const refreshes = google.tokenRequests.filter((g) => g === 'refresh_token').length;
    await syncGoogleCalendars(server.deps);
    expect(google.tokenRequests.filter((g) => g === 'refresh_token').length).toBe(refreshes + 1);
    expect(google.event(mail, eventIdOf(booking.id))?.status).toBe('confirmed');
    const [after] = await server.deps.db.select().from(googleCalendarAccounts).where(eq(googleCalendarAccounts.userId, artist.user.id));
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessTokenExpiresAt?.getTime()).toBeGreaterThan(server.clock.now().getTime());

    // Google drops the token early (401): refreshed and retried within the same run.
    google.expireAccessTokens();
    await artist.client.booking.cancel.mutate({ bookingId: booking.id });
    await syncGoogleCalendars(server.deps);
    expect(google.events(mail)).toEqual([]);
  });

  it('retries a failed push with backoff, and marks the integration inactive when access is revoked', async () => {
    const { artist, booking } = await confirmedBooking();
    const mail = `flaky-${artist.slug}@gmail.com`;
    await connect(artist, mail);
    google.failNext(503);
    await syncGoogleCalendars(server.deps);
    expect(google.event(mail, eventIdOf(booking.id))).toBeUndefined();
    const [failed] = await server.deps.db.select().from(googleCalendarEvents).where(eq(googleCalendarEvents.bookingId, booking.id));
    expect(failed.lastError).toContain('503');
    expect((await artist.client.calendar.google.query()).connection?.failingEvents).toBe(1);
    // Not before the backoff.
    await syncGoogleCalendars(server.deps);
    expect(google.event(mail, eventIdOf(booking.id))).toBeUndefined();
    server.clock.advance(2 * 60_000);
    await syncGoogleCalendars(server.deps);
    expect(google.event(mail, eventIdOf(booking.id))?.status).toBe('confirmed');
    expect((await artist.client.calendar.google.query()).connection?.failingEvents).toBe(0);

    // The user revokes InkLink's access in their Google account.
    google.revokeAll(mail);
    google.expireAccessTokens();
    await artist.client.booking.cancel.mutate({ bookingId: booking.id });
    await syncGoogleCalendars(server.deps);
    const status = await artist.client.calendar.google.query();
    expect(status.connection).toMatchObject({ isActive: false, lastError: 'Google access was revoked. Connect Google Calendar again.' });
    expect(await artist.client.user.hasActiveCalendarIntegration.query({ provider: 'google' })).toBe(false);
    expect(await syncGoogleCalendars(server.deps)).toBe(0);
  });

  it('pushes each change exactly once with two runners at the same time', async () => {
    const first = await confirmedBooking();
    const mail = `race-${first.artist.slug}@gmail.com`;
    await connect(first.artist, mail);
    const callsBefore = google.calls.length;
    google.setDelay(30);
    try {
      await Promise.all([syncGoogleCalendars(server.deps), syncGoogleCalendars(server.deps), syncGoogleCalendars(server.deps)]);
    } finally {
      google.setDelay(0);
    }
    const inserts = google.calls.slice(callsBefore).filter((c) => c.email === mail);
    expect(inserts).toEqual([expect.objectContaining({ method: 'POST', eventId: eventIdOf(first.booking.id), status: 200 })]);
  });

  // PGlite has one connection, so a second runner cannot run while the first holds its claim open:
  // there runner A's claim commits first (A died right after it) and B must respect the lease.
  it(`skips rows another runner is claiming instead of waiting for them or taking them too${isPostgres() ? '' : ' (claim committed first on PGlite)'}`, async () => {
    const { artist, booking } = await confirmedBooking();
    const mail = `held-${artist.slug}@gmail.com`;
    await connect(artist, mail);
    await syncGoogleCalendars(server.deps); // pushes the booking
    await artist.client.booking.cancel.mutate({ bookingId: booking.id });
    const callsBefore = google.calls.length;
    const runnerA = async (db: Db) => {
      const mine = await claimDueEvents({ ...server.deps, db });
      expect(mine.map((m) => m.bookingId)).toContain(booking.id);
    };
    if (isPostgres()) {
      await server.deps.db.transaction(async (tx) => {
        // Runner A is inside its claim (its rows locked, not yet committed)…
        await runnerA(tx as unknown as Db);
        // …runner B in another process neither blocks on them nor takes them.
        expect(await syncGoogleCalendars(server.deps)).toBe(0);
      });
    } else {
      await runnerA(server.deps.db);
      expect(await syncGoogleCalendars(server.deps)).toBe(0);
    }
    expect(google.calls.length).toBe(callsBefore);
    // A's lease runs out without a push (A died): the row is claimed again and the delete goes out once.
    server.clock.advance(11 * 60_000);
    await Promise.all([syncGoogleCalendars(server.deps), syncGoogleCalendars(server.deps)]);
    expect(google.calls.slice(callsBefore)).toEqual([
      expect.objectContaining({ method: 'DELETE', eventId: eventIdOf(booking.id), status: 204 }),
    ]);
  });
});
