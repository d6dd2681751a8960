import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { artists, images, shops } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';
import { studioInput } from '../support/studio-fixtures';

// Decision 034: artist profiles and studio pages (with the reads they make) answer signed-out
// visitors, read-only; the listings and every action stay signed-in; nothing private is in a public
// answer (a person's e-mail, phone, a private photo, internal ranking fields), and deleted or hidden
// records stay not found.

const server = useTestServer();

async function artistWithStudio() {
  const owner = await createUser({ phone: '503-555-0199', city: 'Portland', state: 'OR' }, server.deps.db);
  const client = server.client();
  await signIn(client, owner);
  const slug = owner.displayName.slice(1).replace(/_/g, '-');
  const profile = await client.artist.saveMine.mutate({ name: `Artist ${slug}`, urlSlug: slug, city: 'Portland', state: 'OR', bio: 'Fine line' });
  const studio = await client.studio.create.mutate(studioInput({ name: `Studio ${slug}`, urlSlug: `studio-${slug}` }));
  const key = (name: string, visibility: 'public' | 'private') => `${visibility === 'private' ? 'private/' : ''}users/${owner.id}/${name}.webp`;
  const [portfolio, privatePhoto] = await server.deps.db
    .insert(images)
    .values([
      { url: `/files/${key('work', 'public')}`, storageKey: key('work', 'public'), accountId: owner.id, accountType: 'user', imageType: 'portfolio', uploadedBy: owner.id },
      {
        url: `/files/${key('sent', 'private')}`,
        storageKey: key('sent', 'private'),
        accountId: owner.id,
        accountType: 'user',
        imageType: 'reference',
        visibility: 'private',
        uploadedBy: owner.id,
      },
    ])
    .returning();
  return { owner, client, profile, studio, slug, portfolio, privatePhoto };
}

/** The private values of a person that no public answer may carry. */
function expectNothingPrivate(answer: unknown, owner: { email: string; phone: string | null }) {
  const text = JSON.stringify(answer);
  expect(text).not.toContain(owner.email);
  if (owner.phone) expect(text).not.toContain(owner.phone);
  for (const key of ['"email"', '"phone"', '"boost"', '"deletedAt"', '"passwordHash"', '"stripeCustomerId"']) {
    expect({ key, found: text.includes(key) }).toEqual({ key, found: false });
  }
}

describe('public pages for signed-out visitors (decision 034)', () => {
  it('an artist profile answers a visitor, read-only, without private data', async () => {
    const { owner, profile, slug } = await artistWithStudio();
    const visitor = server.client();
    const bySlug = await visitor.artist.bySlug.query({ slug });
    const byId = await visitor.artist.byId.query({ id: profile.id });
    expect(bySlug).toMatchObject({ id: profile.id, userId: owner.id, bio: 'Fine line', isMe: false, isFollowing: false });
    expect(byId.id).toBe(profile.id);
    expect(bySlug.studios).toHaveLength(1);
    expectNothingPrivate(bySlug, owner);
    expectNothingPrivate(byId, owner);
    expectNothingPrivate(await visitor.booking.services.query({ artistId: owner.id }), owner);
  });

  it("an artist's public images answer a visitor, the photos they sent do not", async () => {
    const { owner, portfolio, privatePhoto } = await artistWithStudio();
    const visitor = server.client();
    const all = await visitor.image.list.query({ accountId: owner.id });
    expect(all.items.map((i) => i.id)).toEqual([portfolio.id]);
    expect((await visitor.image.list.query({ accountId: owner.id, imageType: 'reference' })).items).toEqual([]);
    expect(JSON.stringify(all)).not.toContain(privatePhoto.url);
    const counts = await visitor.image.counts.query({ accountId: owner.id, imageTypes: ['portfolio', 'reference'] });
    expect(counts).toMatchObject({ portfolio: 1, reference: 0 });
  });

  it('a studio page answers a visitor with its published contact, not its owner’s, and no manager data', async () => {
    const { owner, studio } = await artistWithStudio();
    const visitor = server.client();
    const page = await visitor.studio.bySlug.query({ slug: studio.urlSlug ?? '' });
    expect(page).toMatchObject({ id: studio.id, canManage: false, isOwner: false, activation: null, phone: '503-555-0100', email: 'hello@ironrose.test' });
    expect(await visitor.studio.byId.query({ id: studio.id })).toMatchObject({ id: studio.id });
    const text = JSON.stringify(page);
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain(owner.phone ?? '');
    expect(text).not.toContain('"ownerId"');
    expect(text).not.toContain('"quality"');
    expect((await visitor.image.studioGallery.query({ studioId: studio.id, imageType: 'portfolio' })).items).toEqual([]);
  });

  it('deleted and hidden records stay not found for visitors (and for other members); the owner still sees a hidden profile', async () => {
    const hidden = await artistWithStudio();
    await server.deps.db.update(artists).set({ isActive: false }).where(eq(artists.id, hidden.profile.id));
    const gone = await artistWithStudio();
    await server.deps.db.update(artists).set({ deleted: true }).where(eq(artists.id, gone.profile.id));
    await server.deps.db.update(shops).set({ deleted: true }).where(eq(shops.id, gone.studio.id));
    const member = server.client();
    await signIn(member, await createUser({}, server.deps.db));
    for (const caller of [server.client(), member]) {
      for (const call of [
        () => caller.artist.bySlug.query({ slug: hidden.slug }),
        () => caller.artist.byId.query({ id: hidden.profile.id }),
        () => caller.artist.bySlug.query({ slug: gone.slug }),
        () => caller.studio.byId.query({ id: gone.studio.id }),
        () => caller.studio.bySlug.query({ slug: gone.studio.urlSlug ?? '' }),
      ]) {
        expect(await trpcError(call())).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    expect(await hidden.client.artist.bySlug.query({ slug: hidden.slug })).toMatchObject({ id: hidden.profile.id, isMe: true });
  });

  it('the listings and every action stay signed-in', async () => {
    const { owner, studio } = await artistWithStudio();
    const visitor = server.client();
    for (const call of [
      () => visitor.artist.search.query({ query: '' }),
      () => visitor.studio.search.query({ query: '' }),
      () => visitor.artist.follow.mutate({ userId: owner.id }),
      () => visitor.thread.open.mutate({ userId: owner.id }),
      () => visitor.thread.open.mutate({ shopId: studio.id }),
      () => visitor.booking.availability.query({ artistId: owner.id } as never),
      () => visitor.booking.createRequest.mutate({ artistId: owner.id } as never),
    ]) {
      expect(await trpcError(call())).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});
