import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, products, storefronts } from '../../server/db/schema';
import { AFTERCARE_INSTRUCTIONS, aftercareProducts } from '../../server/domains/booking/service/aftercare';
import { bookableArtist, bookFirstSlot, quotedRequest, signedIn } from '../support/booking-fixtures';
import { useTestServer } from '../support/server';

const server = useTestServer();

beforeAll(() => {
  server.clock.set(new Date('2031-03-03T20:00:00Z'));
});

async function storefront(
  ownerType: 'shop' | 'user',
  ownerId: string,
  items: Array<Partial<typeof products.$inferInsert> & { name: string }>,
) {
  const [front] = await server.deps.db
    .insert(storefronts)
    .values({ ownerType, ownerId, name: `Shop of ${ownerId.slice(0, 6)}` })
    .returning();
  await server.deps.db
    .insert(products)
    .values(items.map((item) => ({ price: 1500, status: 'active' as const, ...item, storefrontId: front.id })));
  return front;
}

describe('aftercare after the session', () => {
  it('completing a session sends the instructions with the studio’s aftercare products in stock', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none' });
    const client = await signedIn(server);
    const front = await storefront('shop', artist.studio.id, [
      { name: 'Healing Balm', category: 'Aftercare', trackInventory: true, quantity: 5, price: 1800, featured: true },
      { name: 'Tattoo Soap', tags: ['AfterCare', 'soap'], price: 900 },
      { name: 'Sold-out Lotion', category: 'aftercare', trackInventory: true, quantity: 0, allowBackorders: true },
      { name: 'Draft Foam', category: 'aftercare', status: 'draft' },
      { name: 'Studio T-shirt', category: 'apparel' },
    ]);
    await storefront('user', artist.user.id, [{ name: 'Artist Balm', category: 'aftercare' }]);

    const request = await quotedRequest(artist, client);
    const booking = await bookFirstSlot(server, artist, client, request.id);
    server.clock.set(new Date(booking.endsAt.getTime()));
    await artist.client.booking.complete.mutate({ bookingId: booking.id });

    const [note] = await server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.user.id), eq(notifications.title, 'Aftercare instructions')));
    expect(note.body).toBe(`${AFTERCARE_INSTRUCTIONS} Aftercare from ${front.name}: Healing Balm ($18.00), Tattoo Soap ($9.00).`);
    expect(note.data).toMatchObject({
      bookingId: booking.id,
      link: `/storefront/${front.id}`,
      products: [expect.objectContaining({ name: 'Healing Balm' }), expect.objectContaining({ name: 'Tattoo Soap' })],
    });
    expect(note.data.products).toHaveLength(2);
  });

  it('falls back to the artist’s storefront, and to the instructions alone when nothing is in stock', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none' });
    const ctx = { db: server.deps.db, user: null, deps: server.deps };
    await storefront('shop', artist.studio.id, [{ name: 'Empty Balm', category: 'aftercare', trackInventory: true, quantity: 0 }]);
    expect(await aftercareProducts(ctx, { shopId: artist.studio.id, artistId: artist.user.id })).toEqual([]);
    await storefront('user', artist.user.id, [{ name: 'Artist Balm', tags: ['aftercare'] }]);
    expect((await aftercareProducts(ctx, { shopId: artist.studio.id, artistId: artist.user.id })).map((p) => p.name)).toEqual([
      'Artist Balm',
    ]);
  });
});
