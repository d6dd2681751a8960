import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shops } from '../../server/db/schema';
import { placeUnlocatedStudios } from '../../server/domains/studios/place-unlocated';
import { createUser, signIn } from '../support/factories';
import { studioInput } from '../support/studio-fixtures';
import { useTestServer } from '../support/server';

// Issue 26 item 1: on a fresh install (no GEOCODER_URL) every studio used to be saved at 0,0, which
// nearest-first search skips, so "near me" found nothing. The embedded ZIP centroids place them.
const server = useTestServer();

async function signedInClient() {
  const client = server.client();
  await signIn(client, await createUser({}, server.deps.db));
  return client;
}

describe('near me with no GEOCODER_URL', () => {
  it('places studios by their ZIP code and lists the Portland one before the Miami one near Portland', async () => {
    expect(server.deps.config.geocoderUrl).toBeUndefined();
    const client = await signedInClient();
    const miami = await client.studio.create.mutate(
      studioInput({
        name: 'Zipline Miami',
        address: '100 SE 2nd St',
        city: 'Miami',
        state: 'FL',
        zipCode: '33101',
        timezone: 'America/New_York',
      }),
    );
    const portland = await client.studio.create.mutate(studioInput({ name: 'Zipline Portland', zipCode: '97202-1234' }));

    const nearPortland = await client.studio.search.query({ query: 'zipline', near: { latitude: 45.52, longitude: -122.68 } });
    expect(nearPortland.items.map((s) => s.name)).toEqual(['Zipline Portland', 'Zipline Miami']);
    const nearMiami = await client.studio.search.query({ query: 'zipline', near: { latitude: 25.76, longitude: -80.19 } });
    expect(nearMiami.items.map((s) => s.name)).toEqual(['Zipline Miami', 'Zipline Portland']);
    expect(portland.latitude).toBeCloseTo(45.48, 1);
    expect(portland.longitude).toBeCloseTo(-122.64, 1);
    expect(miami.latitude).toBeCloseTo(25.77, 1);
    expect(miami.longitude).toBeCloseTo(-80.19, 1);
  });

  it('moves a studio when its ZIP changes', async () => {
    const client = await signedInClient();
    const studio = await client.studio.create.mutate(studioInput({ name: 'Moving Needle' }));
    const moved = await client.studio.update.mutate({ id: studio.id, city: 'Miami', state: 'FL', zipCode: '33101' });
    expect(moved.latitude).toBeCloseTo(25.77, 1);
    expect(moved.longitude).toBeCloseTo(-80.19, 1);
  });

  it('places the studios an older version saved at 0,0, and leaves those with an unknown ZIP and their lastUpdated alone', async () => {
    const client = await signedInClient();
    const old = await client.studio.create.mutate(studioInput({ name: 'Saved Before Zips' }));
    const unknown = await client.studio.create.mutate(studioInput({ name: 'Nowhere Known', city: 'Atlantis', state: 'WY', zipCode: '00000' }));
    await server.deps.db.update(shops).set({ latitude: 0, longitude: 0 }).where(eq(shops.id, old.id));
    const [before] = await server.deps.db.select({ lastUpdated: shops.lastUpdated }).from(shops).where(eq(shops.id, old.id));

    expect(await placeUnlocatedStudios(server.deps)).toBeGreaterThanOrEqual(1);
    const [placed] = await server.deps.db.select().from(shops).where(eq(shops.id, old.id));
    expect(placed.latitude).toBeCloseTo(45.48, 1);
    expect(placed.longitude).toBeCloseTo(-122.64, 1);
    expect(placed.lastUpdated).toEqual(before.lastUpdated);
    const [still] = await server.deps.db.select().from(shops).where(eq(shops.id, unknown.id));
    expect([still.latitude, still.longitude]).toEqual([0, 0]);
    // A second run finds nothing more to place.
    expect(await placeUnlocatedStudios(server.deps)).toBe(0);
  });
});
