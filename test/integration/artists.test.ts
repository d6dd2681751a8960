import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images, shops, shopUsers, users } from '../../server/db/schema';
import { setBooksOpen } from '../support/booking-fixtures';
import { trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function artist(overrides: Record<string, unknown> = {}) {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  const profile = await client.artist.saveMine.mutate({
    name: `Artist ${user.displayName}`,
    urlSlug: user.displayName.slice(1).replace(/_/g, '-'),
    city: 'Yellowknife Bay',
    state: 'OR',
    tattooStyles: ['Fine Line'],
    ...overrides,
  });
  return { user, client, profile };
}

describe('artist profiles', () => {
  it('saving a profile makes the user an artist; the slug must be free', async () => {
    const { user, client, profile } = await artist({ bio: 'Fine line botanicals' });
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row.userTypes).toContain('artist');
    expect(await client.artist.mine.query()).toMatchObject({ id: profile.id, bio: 'Fine line botanicals' });
    const again = await client.artist.saveMine.mutate({ name: 'Renamed', urlSlug: profile.urlSlug ?? '' });
    expect(again.id).toBe(profile.id);
    const other = await artist();
    expect(await trpcError(other.client.artist.saveMine.mutate({ name: 'Copycat', urlSlug: profile.urlSlug ?? '' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'That profile URL is already taken',
    });
    expect(await trpcError(other.client.artist.saveMine.mutate({ name: ' ', urlSlug: 'valid-slug' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Artist name is required',
    });
  });

  it('searches by name, display name or city prefix and filters by style', async () => {
    const { profile: blackwork } = await artist({ name: 'Umbra Vale', tattooStyles: ['Blackwork', 'Dotwork'], city: 'Quintara' });
    const { profile: fineLine } = await artist({ name: 'Umbra Lux', tattooStyles: ['Fine Line'], city: 'Quintara' });
    const { client } = await artist();
    const byName = await client.artist.search.query({ query: 'umbra' });
    expect(byName.items.map((a) => a.id).sort()).toEqual([blackwork.id, fineLine.id].sort());
    const byCity = await client.artist.search.query({ query: 'quint', styles: ['Dotwork', 'Japanese'] });
    expect(byCity.items.map((a) => a.id)).toEqual([blackwork.id]);
    const byHandle = await client.artist.search.query({ query: blackwork.displayName.slice(1, 8) });
    expect(byHandle.items.map((a) => a.id)).toContain(blackwork.id);
  });

  it('filters by books open or closed; bad filter values are refused', async () => {
    const { client: open, profile: openProfile } = await artist({ name: 'Tessera Open', city: 'Booksville' });
    const { profile: closedProfile } = await artist({ name: 'Tessera Closed', city: 'Booksville' });
    await setBooksOpen(open, true);
    const ids = async (booksOpen?: boolean) =>
      (await open.artist.search.query({ query: 'tessera', booksOpen })).items.map((a) => a.id).sort();
    expect(await ids(true)).toEqual([openProfile.id]);
    expect(await ids(false)).toEqual([closedProfile.id]);
    expect(await ids()).toEqual([openProfile.id, closedProfile.id].sort());
    const [shown] = (await open.artist.search.query({ query: 'tessera open' })).items;
    expect(shown.booksOpen).toBe(true);
    expect(await trpcError(open.artist.search.query({ booksOpen: 'yes' as unknown as boolean }))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('shows the studios of active memberships only', async () => {
    const { user, client, profile } = await artist();
    const [current] = await server.deps.db
      .insert(shops)
      .values({ name: 'Current Studio', urlSlug: `current-${user.id.slice(0, 8)}` })
      .returning();
    const [past] = await server.deps.db.insert(shops).values({ name: 'Past Studio' }).returning();
    await server.deps.db.insert(shopUsers).values([
      { shopId: current.id, userId: user.id, shopUserType: 1 },
      { shopId: past.id, userId: user.id, startDate: new Date('2020-01-01'), endDate: new Date('2021-01-01') },
    ]);
    const page = await client.artist.bySlug.query({ slug: profile.urlSlug ?? '' });
    expect(page.studios.map((s) => s.name)).toEqual(['Current Studio']);
    expect(page.isMe).toBe(true);
    expect(await trpcError(client.artist.bySlug.query({ slug: 'no-such-artist' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Artist not found',
    });
  });
});

describe('follow and unfollow', () => {
  it('keeps follower and following counts exact, even under repeated concurrent calls', async () => {
    const { user: target, profile } = await artist();
    const fan = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, fan);
    await Promise.all(Array.from({ length: 10 }, () => client.artist.follow.mutate({ userId: target.id })));
    const page = await client.artist.byId.query({ id: profile.id });
    expect(page).toMatchObject({ isFollowing: true, followerCount: 1 });
    const [fanRow] = await server.deps.db.select().from(users).where(eq(users.id, fan.id));
    expect(fanRow.followingCount).toBe(1);
    await Promise.all(Array.from({ length: 10 }, () => client.artist.unfollow.mutate({ userId: target.id })));
    expect(await client.artist.byId.query({ id: profile.id })).toMatchObject({ isFollowing: false, followerCount: 0 });
    for (const userId of [fan.id, fan.id.toUpperCase()]) {
      expect(await trpcError(client.artist.follow.mutate({ userId }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'You cannot follow yourself',
      });
    }
  });
});

describe('studio galleries', () => {
  it("shows the studio's own images, and its artists' alongside when the studio shows its artists' portfolios", async () => {
    const { user } = await artist();
    const owner = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, owner);
    const [shop] = await server.deps.db.insert(shops).values({ name: 'Gallery Studio', ownerId: owner.id }).returning();
    await server.deps.db.insert(shopUsers).values({ shopId: shop.id, userId: user.id });
    await server.deps.db.insert(images).values([
      { url: '/files/shops/x/own.webp', accountId: shop.id, accountType: 'shop', imageType: 'portfolio' },
      { url: '/files/users/x/artist.webp', accountId: user.id, accountType: 'user', imageType: 'portfolio' },
    ]);
    const own = await client.image.studioGallery.query({ studioId: shop.id, imageType: 'portfolio' });
    expect(own.items.map((i) => i.url)).toEqual(['/files/shops/x/own.webp']);
    await server.deps.db.update(shops).set({ useArtistsPortfolios: true }).where(eq(shops.id, shop.id));
    // Its artists' work alongside its own (issue 19, item 15).
    const artists = await client.image.studioGallery.query({ studioId: shop.id, imageType: 'portfolio' });
    expect(artists.items.map((i) => i.url).sort()).toEqual(['/files/shops/x/own.webp', '/files/users/x/artist.webp']);
  });
});
