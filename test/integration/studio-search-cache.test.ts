import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shops } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { msUntil, withTriggerOff } from '../support/change-feed';
import { createUser, signIn } from '../support/factories';
import { studioInput } from '../support/studio-fixtures';
import { useTestServer } from '../support/server';

// studio.search answers are kept per process until the shops table announces a change
// (migration 0017): a change made anywhere is seen within moments, the searcher's own at once.

const server = useTestServer();

async function signedIn() {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return client;
}

const announcementsOff = <T>(fn: () => Promise<T>) => withTriggerOff(server.deps.db, 'shops', 'shops_announce_change', fn);

const names = async (client: Awaited<ReturnType<typeof signedIn>>, query: string) =>
  (await client.studio.search.query({ query })).items.map((s) => s.name);

describe('studio search cache', () => {
  it('answers repeated searches from the cache: a change nobody announces stays unseen', async () => {
    const client = await signedIn();
    const studio = await client.studio.create.mutate(studioInput({ name: 'Quokka Ink' }));
    expect(await names(client, 'quokka')).toEqual(['Quokka Ink']);
    await announcementsOff(() => server.deps.db.update(shops).set({ name: 'Quokka Renamed' }).where(eq(shops.id, studio.id)));
    expect(await names(client, 'quokka')).toEqual(['Quokka Ink']);
  });

  it('sees a change written by anyone else (another process, the admin console, SQL) within a second', async () => {
    const client = await signedIn();
    const studio = await client.studio.create.mutate(studioInput({ name: 'Wombat Tattoo' }));
    expect(await names(client, 'wombat')).toEqual(['Wombat Tattoo']);
    await server.deps.db.update(shops).set({ deleted: true }).where(eq(shops.id, studio.id));
    expect(await msUntil(async () => (await names(client, 'wombat')).length === 0)).toBeLessThan(1000);
  });

  it("shows the searcher's own change on their very next search", async () => {
    const client = await signedIn();
    expect(await names(client, 'numbat')).toEqual([]);
    for (let i = 0; i < 10; i++) {
      await client.studio.create.mutate(studioInput({ name: `Numbat ${i}` }));
      expect(await names(client, `numbat ${i}`)).toEqual([`Numbat ${i}`]);
    }
  });

  it('refuses a signed-out caller the very search text a signed-in member was just answered', async () => {
    const member = await signedIn();
    await member.studio.create.mutate(studioInput({ name: 'Bilby Ink' }));
    expect(await names(member, 'bilby')).toEqual(['Bilby Ink']);
    expect(await names(member, 'bilby')).toEqual(['Bilby Ink']);
    const error = await trpcError(server.client().studio.search.query({ query: 'bilby' }));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
  });

  it('keeps answers apart: case-insensitive text, filters and pages each have their own entry', async () => {
    const client = await signedIn();
    for (let i = 0; i < 12; i++)
      await client.studio.create.mutate(studioInput({ name: `Platypus ${String(i).padStart(2, '0')}`, lookingForGuest: i < 2 }));
    const first = await client.studio.search.query({ query: 'platypus' });
    const upper = await client.studio.search.query({ query: 'PLATYPUS' });
    const second = await client.studio.search.query({ query: 'platypus', cursor: first.nextCursor });
    const guests = await client.studio.search.query({ query: 'platypus', lookingForGuest: true });
    expect(first.items).toHaveLength(10);
    expect(upper.items.map((s) => s.id)).toEqual(first.items.map((s) => s.id));
    expect(second.items).toHaveLength(2);
    expect(second.items.some((s) => first.items.some((f) => f.id === s.id))).toBe(false);
    expect(guests.items).toHaveLength(2);
  });

  it('sends a cached answer exactly as it sent the answer it computed: same bytes, same headers', async () => {
    const client = await signedIn();
    await client.studio.create.mutate(studioInput({ name: 'Echidna Studio' }));
    const url = `${server.url}/trpc/studio.search?input=${encodeURIComponent(JSON.stringify({ json: { query: 'echidna' } }))}`;
    const computed = await client.fetch(url);
    const cached = await client.fetch(url);
    const computedText = await computed.text();
    expect(computedText).toContain('Echidna Studio');
    expect(await cached.text()).toBe(computedText);
    // tRPC's own content type, which the lean handler now writes too (test/integration/trpc-conformance.test.ts).
    expect(cached.headers.get('content-type')).toBe('application/json');
    expect(cached.headers.get('content-length')).toBe(computed.headers.get('content-length'));
  });
});
