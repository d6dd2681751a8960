import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artists, images, shops, users } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { person, productInput, sellerWithStorefront, studioWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';
import { postImage } from '../support/uploads';

// Issue 20, items 4 and 5: the Shop section of artists' and studios' pages, the landing page's
// featured rows and the artists listing's portfolio pieces. All public: only public data.

const server = useTestServer();
const db = () => server.deps.db;

async function artistProfile(p: Awaited<ReturnType<typeof person>>, name: string) {
  return p.client.artist.saveMine.mutate({
    name,
    urlSlug: p.user.displayName.slice(1).replace(/_/g, '-'),
    city: 'Lumen Falls',
    state: 'OR',
  });
}

/** Portfolio rows written straight to the table, `minutesAgo` apart (the newest first has 0). */
async function portfolio(
  accountId: string,
  accountType: 'user' | 'shop',
  names: string[],
  extra: Partial<typeof images.$inferInsert> = {},
) {
  const now = server.clock.now().getTime();
  const rows = await db()
    .insert(images)
    .values(
      names.map((name, i) => ({
        url: `/files/${accountType}s/${accountId}/${name}.webp`,
        accountId,
        accountType,
        imageType: 'portfolio' as const,
        width: 1440,
        height: 1080,
        variants: [
          { size: '320', url: `/files/${accountType}s/${accountId}/${name}-320.webp`, width: 320, height: 240 },
          { size: '640', url: `/files/${accountType}s/${accountId}/${name}-640.webp`, width: 640, height: 480 },
        ],
        createdAt: new Date(now - i * 60_000),
        ...extra,
      })),
    )
    .returning();
  return rows;
}

describe('the artists listing shows each artist’s newest portfolio pieces', () => {
  it('three newest public portfolio images per artist, newest first, with a srcset; no private image, no flash', async () => {
    const a = await person(server);
    const b = await person(server);
    const profileA = await artistProfile(a, 'Quillon Brightmark');
    const profileB = await artistProfile(b, 'Quillon Darrow');
    await portfolio(a.user.id, 'user', ['a1', 'a2', 'a3', 'a4']);
    // Newer than all of A's but private, and a newer flash sheet: neither may show.
    await portfolio(a.user.id, 'user', ['secret'], { visibility: 'private', createdAt: new Date(server.clock.now().getTime() + 60_000) });
    await portfolio(a.user.id, 'user', ['flash'], { imageType: 'flash', createdAt: new Date(server.clock.now().getTime() + 120_000) });
    const signedOutViewer = await person(server);
    const page = await signedOutViewer.client.artist.search.query({ query: 'quillon' });
    const byId = new Map(page.items.map((item) => [item.id, item]));
    const shownA = byId.get(profileA.id)?.portfolio ?? [];
    expect(shownA.map((i) => i.url.split('/').pop())).toEqual(['a1.webp', 'a2.webp', 'a3.webp']);
    expect(shownA[0]).toMatchObject({ width: 1440, height: 1080 });
    expect(shownA[0].srcSet).toBe(
      `/files/users/${a.user.id}/a1-320.webp 320w, /files/users/${a.user.id}/a1-640.webp 640w, /files/users/${a.user.id}/a1.webp 1440w`,
    );
    expect(byId.get(profileB.id)?.portfolio).toEqual([]);
  });
});

describe('portfolio uploads', () => {
  it('are stored with their card sizes (320 and 640 wide), which the listing gives as a srcset', async () => {
    const a = await person(server);
    const profile = await artistProfile(a, 'Upload Vireo');
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const answer = await postImage(a.client, server.url, { accountType: 'user', accountId: a.user.id, imageType: 'portfolio' }, jpeg);
    expect(answer.status).toBe(201);
    expect((answer.body.variants as Array<{ width: number; height: number }>).map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [640, 480],
    ]);
    const page = await a.client.artist.search.query({ query: 'upload vireo' });
    const shown = page.items.find((item) => item.id === profile.id)?.portfolio ?? [];
    expect(shown[0].srcSet).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*\.webp 1440w$/);
  });
});

describe('product.showcase: the Shop section of an artist’s or a studio’s page', () => {
  it('signed out: the active storefront with up to 6 public products, featured first; no draft, no deleted product', async () => {
    const seller = await sellerWithStorefront(server);
    const make = (overrides: Parameters<typeof productInput>[1]) =>
      seller.client.product.create.mutate(productInput(seller.storefront.id, overrides));
    const plain = [];
    for (let i = 0; i < 6; i++) {
      plain.push(await make({ name: `Print ${i}` }));
      server.clock.advance(1000);
    }
    const featured = await make({ name: 'Signed Flash Sheet', featured: true });
    const draft = await make({ name: 'Unreleased Tee', status: 'draft', featured: true });
    const gone = await make({ name: 'Old Balm', featured: true });
    await seller.client.product.delete.mutate({ productId: gone.id });

    const visitor = server.client();
    const shown = await visitor.product.showcase.query({ ownerType: 'user', ownerId: seller.user.id });
    expect(shown?.storefront).toEqual({
      id: seller.storefront.id,
      name: seller.storefront.name,
      description: seller.storefront.description,
    });
    const ids = shown?.products.map((p) => p.id) ?? [];
    expect(ids).toHaveLength(6);
    expect(ids[0]).toBe(featured.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(gone.id);
    // Then the newest: the oldest plain product is the one left out.
    expect(ids.slice(1)).toEqual(
      plain
        .slice(1)
        .reverse()
        .map((p) => p.id),
    );
    expect(shown?.products[0]).toMatchObject({ name: 'Signed Flash Sheet', price: 1500, photo: null });
    expect(JSON.stringify(shown)).not.toContain(seller.user.email);
  });

  it('nothing for an owner without a storefront, a deactivated storefront or a deleted owner', async () => {
    const nobody = await person(server);
    const visitor = server.client();
    expect(await visitor.product.showcase.query({ ownerType: 'user', ownerId: nobody.user.id })).toBeNull();

    const paused = await sellerWithStorefront(server);
    await paused.client.product.create.mutate(productInput(paused.storefront.id));
    await paused.client.storefront.toggleActive.mutate({ storefrontId: paused.storefront.id, active: false });
    expect(await visitor.product.showcase.query({ ownerType: 'user', ownerId: paused.user.id })).toBeNull();

    const leaving = await sellerWithStorefront(server);
    await leaving.client.product.create.mutate(productInput(leaving.storefront.id));
    expect(await visitor.product.showcase.query({ ownerType: 'user', ownerId: leaving.user.id })).not.toBeNull();
    await db().update(users).set({ deleted: true }).where(eq(users.id, leaving.user.id));
    expect(await visitor.product.showcase.query({ ownerType: 'user', ownerId: leaving.user.id })).toBeNull();
    // The owner type matters: a user's id does not name a studio's storefront.
    expect(await visitor.product.showcase.query({ ownerType: 'shop', ownerId: paused.user.id })).toBeNull();
    expect(await trpcError(visitor.product.showcase.query({ ownerType: 'user', ownerId: 'not-an-id' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Storefront not found',
    });
  });

  it("a studio's storefront, shown on the studio's page", async () => {
    const { studio, storefront, owner } = await studioWithStorefront(server);
    const product = await owner.client.product.create.mutate(productInput(storefront.id, { name: 'Studio Tote' }));
    const shown = await server.client().product.showcase.query({ ownerType: 'shop', ownerId: studio.id });
    expect(shown?.storefront.id).toBe(storefront.id);
    expect(shown?.products.map((p) => p.id)).toEqual([product.id]);
  });
});

describe('discovery.featured: the landing page’s featured artists, studios and products', () => {
  it('signed out, public data only, at most 6 of each', async () => {
    // Seven featured artists; the deleted one is the most boosted and must still never show.
    const featuredArtists = [];
    for (let i = 0; i < 7; i++) {
      const p = await person(server);
      const profile = await artistProfile(p, `Featured Artist ${i}`);
      await db()
        .update(artists)
        .set({ isFeatured: true, boost: 50 + i })
        .where(eq(artists.id, profile.id));
      featuredArtists.push({ ...p, profile });
    }
    const deletedArtist = featuredArtists[6];
    await db().update(artists).set({ boost: 100 }).where(eq(artists.id, deletedArtist.profile.id));
    await db().update(users).set({ deleted: true }).where(eq(users.id, deletedArtist.user.id));
    const top = featuredArtists[5];
    await portfolio(top.user.id, 'user', ['cover', 'older']);
    await portfolio(top.user.id, 'user', ['hidden'], { visibility: 'private', createdAt: new Date(server.clock.now().getTime() + 60_000) });

    const { studio, storefront, owner } = await studioWithStorefront(server);
    await db().update(shops).set({ isActive: true, isFeatured: true, quality: 5 }).where(eq(shops.id, studio.id));
    // No portfolio of its own (it shows its artists' work): its banner is its card's picture.
    await portfolio(studio.id, 'shop', ['banner'], { imageType: 'banner' });
    const { studio: inactiveStudio } = await studioWithStorefront(server);
    await db().update(shops).set({ isFeatured: true, quality: 5 }).where(eq(shops.id, inactiveStudio.id));

    const shown = await owner.client.product.create.mutate(productInput(storefront.id, { name: 'Featured Balm', featured: true }));
    const draft = await owner.client.product.create.mutate(
      productInput(storefront.id, { name: 'Draft Balm', featured: true, status: 'draft' }),
    );
    const paused = await sellerWithStorefront(server);
    const inPaused = await paused.client.product.create.mutate(productInput(paused.storefront.id, { name: 'Paused Balm', featured: true }));
    await paused.client.storefront.toggleActive.mutate({ storefrontId: paused.storefront.id, active: false });
    const leaving = await sellerWithStorefront(server);
    const ofDeleted = await leaving.client.product.create.mutate(
      productInput(leaving.storefront.id, { name: 'Orphan Balm', featured: true }),
    );
    await db().update(users).set({ deleted: true }).where(eq(users.id, leaving.user.id));

    const featured = await server.client().discovery.featured.query();
    expect(featured.artists.length).toBeLessThanOrEqual(6);
    expect(featured.studios.length).toBeLessThanOrEqual(6);
    expect(featured.products.length).toBeLessThanOrEqual(6);

    const artistIds = featured.artists.map((a) => a.id);
    expect(artistIds).not.toContain(deletedArtist.profile.id);
    expect(artistIds[0]).toBe(top.profile.id);
    expect(featured.artists[0].image?.url).toBe(`/files/users/${top.user.id}/cover.webp`);
    expect(featured.artists[0]).not.toHaveProperty('email');

    const studioIds = featured.studios.map((s) => s.id);
    expect(studioIds).toContain(studio.id);
    expect(studioIds).not.toContain(inactiveStudio.id);
    expect(featured.studios.find((s) => s.id === studio.id)).not.toHaveProperty('phone');
    expect(featured.studios.find((s) => s.id === studio.id)).toMatchObject({
      imageKind: 'banner',
      image: { url: `/files/shops/${studio.id}/banner.webp` },
    });

    const productIds = featured.products.map((p) => p.id);
    expect(productIds).toContain(shown.id);
    for (const hidden of [draft, inPaused, ofDeleted]) expect(productIds).not.toContain(hidden.id);

    const text = JSON.stringify(featured);
    expect(text).not.toContain('hidden.webp');
    expect(text).not.toContain('studio@example.com');
    expect(text).not.toContain(top.user.email);
  });
});
