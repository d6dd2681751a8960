import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, shops, shopUsers } from '../../server/db/schema';
import { deepLink } from '../../server/domains/notifications/rules';
import { DAY } from '../../server/lib/time';
import { trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { studioInput } from '../support/studio-fixtures';
import { useTestServer } from '../support/server';

// A local geocoder speaking the Nominatim API: answers Portland with coordinates, 500 for "Nowhere"
// and no result for "Unmapped" (the embedded ZIP centroids stand in then).
let geocoderHits: string[] = [];
const geocoder = http.createServer((req, res) => {
  const q = new URL(req.url ?? '', 'http://x').searchParams.get('q') ?? '';
  geocoderHits.push(q);
  if (q.includes('Nowhere')) {
    res.writeHead(500).end();
    return;
  }
  if (q.includes('Unmapped')) {
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ lat: '45.5051', lon: '-122.675' }]));
});
// Any free port (a fixed one clashed when two suites ran on one machine); the server's options are
// read when its own beforeAll runs, after this one has filled in the address.
const serverEnv: Record<string, string> = {};
beforeAll(
  () =>
    new Promise<void>((resolve) =>
      geocoder.listen(0, '127.0.0.1', () => {
        serverEnv.GEOCODER_URL = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/search`;
        resolve();
      }),
    ),
);
afterAll(() => new Promise<void>((resolve) => geocoder.close(() => resolve())));

const server = useTestServer({ env: serverEnv });

async function signedIn(overrides = {}) {
  const user = await createUser(overrides, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

describe('studio.create', () => {
  it('refuses a signed-out user with the spec message and writes nothing', async () => {
    const before = (await server.deps.db.select({ n: count() }).from(shops))[0].n;
    expect(await trpcError(server.client().studio.create.mutate(studioInput()))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'User must be logged in to create a studio',
    });
    expect((await server.deps.db.select({ n: count() }).from(shops))[0].n).toBe(before);
  });

  it.each([
    [{ name: '' }, 'Studio name is required'],
    [{ address: ' ' }, 'Address is required'],
    [{ city: '' }, 'City is required'],
    [{ state: '' }, 'State is required'],
    [{ zipCode: '' }, 'Zip code is required'],
    [{ phone: '' }, 'Phone is required'],
    [{ email: '' }, 'Email is required'],
    [{ timezone: 'Europe/Paris' }, 'Timezone is required'],
    [{ openingHours: { monday: { open: true, start: '9am', end: '17:00' } } }, 'Times must be HH:MM'],
  ])('refuses %o with BAD_REQUEST', async (override, message) => {
    const { client } = await signedIn();
    expect(await trpcError(client.studio.create.mutate(studioInput(override) as never))).toMatchObject({ code: 'BAD_REQUEST', message });
  });

  it('applies the new-shop defaults, geocodes, and makes the creator a managing resident', async () => {
    const { user, client } = await signedIn();
    geocoderHits = [];
    const studio = await client.studio.create.mutate(studioInput({ name: 'Velvet Needle' }));
    expect(studio).toMatchObject({
      name: 'Velvet Needle',
      urlSlug: 'velvet-needle',
      displayName: '@velvet-needle',
      streetNumber: '1200',
      street: 'SE Division St',
      isActive: false,
      isBookable: false,
      isVerified: false,
      isFeatured: false,
      latitude: 45.5051,
      longitude: -122.675,
      hoursSummary: 'Mon 9am-5pm',
      openingHours: { monday: { open: true, start: '09:00', end: '17:00' } },
    });
    expect(geocoderHits[0]).toBe('1200 SE Division St, Portland, OR 97202, USA');
    const [row] = await server.deps.db.select().from(shops).where(eq(shops.id, studio.id));
    expect(row).toMatchObject({ searchName: 'velvet needle', searchCity: 'portland', statuses: [4], ownerId: user.id });
    const [membership] = await server.deps.db.select().from(shopUsers).where(eq(shopUsers.shopId, studio.id));
    expect(membership).toMatchObject({ userId: user.id, shopUserType: 0, permissions: { calendar: true, manage: true }, endDate: null });
  });

  it('gives a second studio of the same name the next free slug', async () => {
    const { client } = await signedIn();
    const first = await client.studio.create.mutate(studioInput({ name: 'Black Anchor' }));
    const second = await client.studio.create.mutate(studioInput({ name: '@Black Anchor' }));
    expect([first.urlSlug, second.urlSlug]).toEqual(['black-anchor', 'black-anchor-2']);
  });

  it('falls back to the ZIP centroid when the geocoder fails, and to 0,0 when the ZIP and city are unknown too', async () => {
    const { client } = await signedIn();
    const studio = await client.studio.create.mutate(studioInput({ name: 'Lost Lotus', city: 'Nowhere', zipCode: '97202' }));
    expect(studio.latitude).toBeCloseTo(45.48, 1);
    expect(studio.longitude).toBeCloseTo(-122.64, 1);
    const lost = await client.studio.create.mutate(studioInput({ name: 'Lost Lily', city: 'Nowhere', zipCode: '00000' }));
    expect(lost).toMatchObject({ latitude: 0, longitude: 0 });
  });

  it('falls back to the ZIP centroid when the geocoder finds no such address', async () => {
    const { client } = await signedIn();
    const studio = await client.studio.create.mutate(
      studioInput({ name: 'Unmapped Ink', address: '1 Unmapped Way', city: 'Miami', state: 'FL', zipCode: '33101' }),
    );
    expect(studio.latitude).toBeCloseTo(25.77, 1);
    expect(studio.longitude).toBeCloseTo(-80.19, 1);
  });
});

describe('studio handles', () => {
  it('reports a conflict as urlSlug or displayName unless it is the same shop', async () => {
    const { client } = await signedIn();
    const studio = await client.studio.create.mutate(studioInput({ name: 'Sacred Works' }));
    expect(await client.studio.isHandleAvailable.query({ handle: '@sacred works' })).toEqual({ available: false, conflict: 'urlSlug' });
    expect(await client.studio.isHandleAvailable.query({ handle: 'sacred-works', studioId: studio.id })).toEqual({
      available: true,
      conflict: null,
    });
    await client.studio.update.mutate({ id: studio.id, urlSlug: 'sacred-ink' });
    expect(await client.studio.isHandleAvailable.query({ handle: 'Sacred Ink' })).toMatchObject({ available: false });
    const other = await client.studio.create.mutate(studioInput({ name: 'Other One' }));
    expect(await trpcError(client.studio.update.mutate({ id: other.id, urlSlug: 'sacred-ink' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'That URL is already taken by another studio',
    });
  });
});

describe('managing a studio', () => {
  it('refuses every manage action to a non-manager and to a member without manage', async () => {
    const { client: owner } = await signedIn();
    const studio = await owner.studio.create.mutate(studioInput({ name: 'Guarded Studio' }));
    const { user: member, client: memberClient } = await signedIn();
    await server.deps.db.insert(shopUsers).values({ shopId: studio.id, userId: member.id, permissions: { calendar: true, manage: false } });
    const { client: stranger } = await signedIn();
    const [ownerMembership] = await server.deps.db.select().from(shopUsers).where(eq(shopUsers.shopId, studio.id)).limit(1);
    for (const client of [stranger, memberClient]) {
      const refusals = await Promise.all([
        trpcError(client.studio.update.mutate({ id: studio.id, name: 'Taken Over' })),
        trpcError(client.studio.members.query({ id: studio.id })),
        trpcError(client.studio.addMember.mutate({ studioId: studio.id, invitee: member.displayName })),
        trpcError(client.studio.updateMember.mutate({ memberId: ownerMembership.id, permissions: { calendar: false, manage: false } })),
        trpcError(client.studio.removeMember.mutate({ memberId: ownerMembership.id })),
      ]);
      for (const refusal of refusals)
        expect(refusal).toMatchObject({ code: 'FORBIDDEN', message: 'Only the studio owner or its managers can do that' });
    }
    const [row] = await server.deps.db.select().from(shops).where(eq(shops.id, studio.id));
    expect(row.name).toBe('Guarded Studio');
    expect((await stranger.studio.byId.query({ id: studio.id })).canManage).toBe(false);
  });

  it('lets an active member with manage edit; not one whose window has not started or has ended', async () => {
    const { client: owner } = await signedIn();
    const studio = await owner.studio.create.mutate(studioInput({ name: 'Windowed Studio' }));
    const now = server.clock.now();
    const cases = [
      { startDate: new Date(now.getTime() - DAY), endDate: null, allowed: true },
      { startDate: new Date(now.getTime() + DAY), endDate: null, allowed: false },
      { startDate: new Date(now.getTime() - 10 * DAY), endDate: new Date(now.getTime() - DAY), allowed: false },
      { startDate: new Date(now.getTime() - 10 * DAY), endDate: new Date(now.getTime() + DAY), allowed: true },
    ];
    for (const c of cases) {
      const { user, client } = await signedIn();
      await server.deps.db.insert(shopUsers).values({
        shopId: studio.id,
        userId: user.id,
        startDate: c.startDate,
        endDate: c.endDate,
        permissions: { calendar: true, manage: true },
      });
      const result = client.studio.update.mutate({ id: studio.id, description: `edited by ${user.displayName}` });
      if (c.allowed) await expect(result).resolves.toMatchObject({ description: `edited by ${user.displayName}` });
      else expect(await trpcError(result)).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('edits hours and toggles, keeping search copies lowercase', async () => {
    const { client } = await signedIn();
    const studio = await client.studio.create.mutate(studioInput({ name: 'Golden Parlor' }));
    const weekday = { open: true, start: '10:00', end: '18:00' };
    const updated = await client.studio.update.mutate({
      id: studio.id,
      name: 'Golden Parlor East',
      city: 'Beaverton',
      lookingForResident: true,
      openingHours: { monday: weekday, tuesday: weekday, wednesday: weekday, thursday: weekday, friday: weekday },
    });
    expect(updated).toMatchObject({ hoursSummary: 'Mon-Fri 10am-6pm', lookingForResident: true });
    const [row] = await server.deps.db.select().from(shops).where(eq(shops.id, studio.id));
    expect(row).toMatchObject({ searchName: 'golden parlor east', searchCity: 'beaverton' });
  });
});

describe('invitations', () => {
  it('invites by display name with an invitation_studio notification; accept adds the membership once', async () => {
    const { client: owner } = await signedIn();
    const studio = await owner.studio.create.mutate(studioInput({ name: 'Crimson Collective' }));
    const { user: artist, client: artistClient } = await signedIn();
    const { id: invitationId, code } = await owner.studio.addMember.mutate({
      studioId: studio.id,
      invitee: artist.displayName.slice(1),
      shopUserType: 1,
    });
    const [note] = await server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, artist.id), eq(notifications.type, 'invitation_studio')));
    // The notification opens the spec's deep link, which shows the invitation to the invitee only.
    expect(deepLink(note.type, note.data ?? {})).toBe(`/invitations/${invitationId}`);
    expect(await artistClient.studio.invitationById.query({ invitationId })).toMatchObject({ code, shopName: 'Crimson Collective' });

    const { client: someoneElse } = await signedIn();
    expect(await trpcError(someoneElse.studio.respondToInvitation.mutate({ code, accept: true }))).toMatchObject({ code: 'FORBIDDEN' });

    expect(await artistClient.studio.invitation.query({ code })).toMatchObject({
      shopName: 'Crimson Collective',
      status: 'pending',
      shopUserType: 1,
    });
    const results = await Promise.allSettled([
      artistClient.studio.respondToInvitation.mutate({ code, accept: true }),
      artistClient.studio.respondToInvitation.mutate({ code, accept: true }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const memberships = await server.deps.db
      .select()
      .from(shopUsers)
      .where(and(eq(shopUsers.shopId, studio.id), eq(shopUsers.userId, artist.id)));
    expect(memberships).toHaveLength(1);
    expect(memberships[0].shopUserType).toBe(1);
    const page = await artistClient.studio.byId.query({ id: studio.id });
    expect(page.artists.map((a) => a.userId)).toContain(artist.id);
  });

  it('refuses an unknown display name and removes a member by soft delete', async () => {
    const { client: owner } = await signedIn();
    const studio = await owner.studio.create.mutate(studioInput({ name: 'Soft Delete Studio' }));
    expect(await trpcError(owner.studio.addMember.mutate({ studioId: studio.id, invitee: '@nobody_here_123' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'User not found',
    });
    const { members } = await owner.studio.members.query({ id: studio.id });
    await owner.studio.removeMember.mutate({ memberId: members[0].id });
    const [row] = await server.deps.db.select().from(shopUsers).where(eq(shopUsers.id, members[0].id));
    expect(row).toMatchObject({ deleted: true });
    expect(row.deletedAt).toBeInstanceOf(Date);
  });
});

describe('studio.search and studio.mine', () => {
  it('finds by name or city prefix with state and looking-for filters, ordered by quality, 10 a page', async () => {
    const { user, client } = await signedIn();
    const created = [];
    for (let i = 0; i < 12; i++) {
      created.push(
        await client.studio.create.mutate(
          studioInput({ name: `Searchable ${i}`, city: 'Zephyrhills', state: 'FL', lookingForGuest: i % 2 === 0 }),
        ),
      );
    }
    for (const [i, s] of created.entries())
      await server.deps.db
        .update(shops)
        .set({ quality: i % 11 })
        .where(eq(shops.id, s.id));
    const first = await client.studio.search.query({ query: 'zeph' });
    expect(first.items).toHaveLength(10);
    expect(first.items.map((s) => s.quality)).toEqual([...first.items.map((s) => s.quality)].sort((a, b) => b - a));
    const second = await client.studio.search.query({ query: 'zeph', cursor: first.nextCursor });
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect((await client.studio.search.query({ query: 'SEARCHABLE 1' })).items.map((s) => s.name).sort()).toEqual([
      'Searchable 1',
      'Searchable 10',
      'Searchable 11',
    ]);
    const guests = await client.studio.search.query({ query: 'zeph', lookingForGuest: true });
    expect(guests.items.every((s) => s.lookingForGuest)).toBe(true);
    expect((await client.studio.search.query({ query: 'zeph', state: 'OR' })).items).toHaveLength(0);
    const mine = await client.studio.mine.query();
    expect(mine.filter((s) => s.ownerId === user.id && s.canManage)).toHaveLength(12);
  });

  it('answers with studio cards: what a /studios card shows, its link and its rank, not the whole studio', async () => {
    const { client } = await signedIn();
    const created = await client.studio.create.mutate(
      studioInput({ name: 'Card Studio', city: 'Cardington', state: 'OH', lookingForGuest: true }),
    );
    const [card] = (await client.studio.search.query({ query: 'cardington' })).items;
    expect(card).toEqual({
      id: created.id,
      urlSlug: created.urlSlug,
      name: 'Card Studio',
      city: 'Cardington',
      state: 'OH',
      hoursSummary: 'Mon 9am-5pm',
      quality: created.quality,
      isVerified: false,
      lookingForResident: created.lookingForResident,
      lookingForGuest: true,
    });
  });

  it('orders by distance when the browser shares a location', async () => {
    const { client } = await signedIn();
    const near = await client.studio.create.mutate(studioInput({ name: 'Near Studio', city: 'Quimby' }));
    const far = await client.studio.create.mutate(studioInput({ name: 'Far Studio', city: 'Quimby' }));
    await server.deps.db.update(shops).set({ latitude: 40, longitude: -100 }).where(eq(shops.id, far.id));
    const result = await client.studio.search.query({ query: 'quimby', near: { latitude: 45.5, longitude: -122.6 } });
    expect(result.items.map((s) => s.id)).toEqual([near.id, far.id]);
  });

  it('orders near-me results by great-circle distance, where a flat degree distance would not', async () => {
    const { client } = await signedIn();
    const here = { latitude: 61.2, longitude: -149.9 }; // Anchorage: a degree of longitude is half a degree of latitude
    const places = [
      { latitude: 61.2, longitude: -148.1 }, // 1.8° east ≈ 97 km
      { latitude: 60.0, longitude: -149.9 }, // 1.2° south ≈ 133 km
      { latitude: 62.0, longitude: -151.0 },
      { latitude: 59.6, longitude: -151.5 },
      { latitude: 64.8, longitude: -147.7 },
      { latitude: 61.5, longitude: -149.0 },
    ];
    const ids: string[] = [];
    for (const [i, place] of places.entries()) {
      const studio = await client.studio.create.mutate(studioInput({ name: `Polar ${i}`, city: 'Polarville' }));
      await server.deps.db.update(shops).set(place).where(eq(shops.id, studio.id));
      ids.push(studio.id);
    }
    const km = (a: typeof here, b: typeof here) => {
      const rad = Math.PI / 180;
      const h =
        Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
        Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(h));
    };
    const expected = ids
      .map((id, i) => ({ id, d: km(here, places[i]) }))
      .sort((a, b) => a.d - b.d)
      .map((x) => x.id);
    const result = await client.studio.search.query({ query: 'polarville', near: here });
    expect(result.items.map((s) => s.id)).toEqual(expected);
    expect(expected.indexOf(ids[0])).toBeLessThan(expected.indexOf(ids[1]));
  });
});
