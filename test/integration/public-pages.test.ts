import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { artists, blogs, images, shops } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { createUser, registerInput, signIn } from '../support/factories';
import { mailTo as mailToOf } from '../support/mail';
import { useTestServer } from '../support/server';
import { studioInput } from '../support/studio-fixtures';
import { productInput, sellerWithStorefront } from '../support/commerce-fixtures';

// Decision 034: artist profiles and studio pages (with the reads they make) answer signed-out
// visitors, read-only; the listings and every action stay signed-in; nothing private is in a public
// answer (a person's e-mail, phone, a private photo, internal ranking fields), and deleted or hidden
// records stay not found.

// Google configured (never called: only the start of its sign-in and a cancelled return are asked).
const server = useTestServer({ env: { GOOGLE_CLIENT_ID: 'test-client', GOOGLE_CLIENT_SECRET: 'test-secret' } });

async function artistWithStudio() {
  const owner = await createUser({ phone: '503-555-0199', city: 'Portland', state: 'OR' }, server.deps.db);
  const client = server.client();
  await signIn(client, owner);
  const slug = owner.displayName.slice(1).replace(/_/g, '-');
  const profile = await client.artist.saveMine.mutate({
    name: `Artist ${slug}`,
    urlSlug: slug,
    city: 'Portland',
    state: 'OR',
    bio: 'Fine line',
  });
  const studio = await client.studio.create.mutate(studioInput({ name: `Studio ${slug}`, urlSlug: `studio-${slug}` }));
  const key = (name: string, visibility: 'public' | 'private') =>
    `${visibility === 'private' ? 'private/' : ''}users/${owner.id}/${name}.webp`;
  const [portfolio, privatePhoto] = await server.deps.db
    .insert(images)
    .values([
      {
        url: `/files/${key('work', 'public')}`,
        storageKey: key('work', 'public'),
        accountId: owner.id,
        accountType: 'user',
        imageType: 'portfolio',
        uploadedBy: owner.id,
      },
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
    expect(page).toMatchObject({
      id: studio.id,
      canManage: false,
      isOwner: false,
      activation: null,
      phone: '503-555-0100',
      email: 'hello@ironrose.test',
    });
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

  it('the storefront, product and blog pages answer a visitor; a draft product and a draft post stay not found', async () => {
    const seller = await sellerWithStorefront(server);
    const { storefront } = seller;
    const active = await seller.client.product.create.mutate(productInput(storefront.id));
    const draft = await seller.client.product.create.mutate(productInput(storefront.id, { name: 'Secret Balm', status: 'draft' }));
    const slug = `post-${active.id.slice(0, 8)}`;
    await server.deps.db.insert(blogs).values([
      {
        title: 'Out now',
        slug,
        excerpt: 'x',
        content: 'Published text',
        category: 'news',
        status: 'published',
        publishedAt: server.clock.now(),
      },
      { title: 'Not yet', slug: `${slug}-draft`, excerpt: 'x', content: 'Draft text', category: 'news', status: 'draft' },
    ]);
    const visitor = server.client();
    expect(await visitor.storefront.byId.query({ storefrontId: storefront.id })).toMatchObject({ id: storefront.id });
    expect(await visitor.product.byId.query({ productId: active.id })).toMatchObject({ id: active.id });
    expect(await visitor.blog.bySlug.query({ slug })).toMatchObject({ title: 'Out now' });
    expect(await trpcError(visitor.product.byId.query({ productId: draft.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await trpcError(visitor.blog.bySlug.query({ slug: `${slug}-draft` }))).toMatchObject({ code: 'NOT_FOUND' });
    const listed = await visitor.product.search.query({ storefrontId: storefront.id });
    expect(listed.items.map((p) => p.id)).toEqual([active.id]);
    // The storefront's answer (public before decision 034) carries no person's contact either.
    const shop = JSON.stringify(await visitor.storefront.byId.query({ storefrontId: storefront.id }));
    expect(shop).not.toContain(seller.user.email);
    expect(shop).not.toContain('"email"');
    expect(shop).not.toContain('"phone"');
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

const mailTo = (to: string, subject: string) => mailToOf(server.deps.db, to, subject);
const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+\/login\?link=\S+/)?.[0] ?? 'http://x/');

describe('back to the page after registering or an e-mailed sign-in link (decision 034)', () => {
  it("the welcome mail's link carries the page the visitor registered from; another origin is dropped", async () => {
    const here = registerInput({ redirect: '/artist/some-artist/booking?service=s1' });
    await server.client().auth.register.mutate(here);
    const link = linkIn((await mailTo(here.email, 'Welcome to InkLink: continue to your account')).text);
    expect(link.origin).toBe(server.deps.config.appOrigin);
    expect(link.searchParams.get('redirect')).toBe('/artist/some-artist/booking?service=s1');

    for (const redirect of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      const away = registerInput({ redirect });
      expect(await server.client().auth.register.mutate(away)).toEqual({ ok: true });
      const mail = await mailTo(away.email, 'Welcome to InkLink: continue to your account');
      expect(linkIn(mail.text).searchParams.has('redirect')).toBe(false);
      expect(mail.text).not.toContain('evil.example');
    }
  });

  it('the owner of an address someone registered with, and a requested sign-in link, get the page too', async () => {
    const owner = await createUser({}, server.deps.db);
    await server.client().auth.register.mutate(registerInput({ email: owner.email, redirect: '/studio/ink-house?act=message' }));
    const attempt = await mailTo(owner.email, 'Someone tried to register with your InkLink address');
    expect(linkIn(attempt.text).searchParams.get('redirect')).toBe('/studio/ink-house?act=message');

    const other = await createUser({}, server.deps.db);
    await server.client().auth.requestSignInLink.mutate({ email: other.email, redirect: '/artist/x?act=follow' });
    const mail = await mailTo(other.email, 'Your InkLink sign-in link');
    expect(linkIn(mail.text).searchParams.get('redirect')).toBe('/artist/x?act=follow');
  });
});

describe('back to the page after Google sign-in (decision 034)', () => {
  const start = (redirect: string) => fetch(`${server.url}/auth/google?redirect=${encodeURIComponent(redirect)}`, { redirect: 'manual' });
  /** The page kept in the redirect cookie the answer sets, if any. */
  const redirectCookie = (response: Response) => {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('google_oauth_redirect='));
    return cookie === undefined ? undefined : decodeURIComponent(cookie.slice('google_oauth_redirect='.length).split(';')[0]);
  };

  it('keeps a same-origin page through the round trip, and only such a page', async () => {
    const started = await start('/artist/ink?act=follow');
    expect(started.status).toBe(302);
    expect(redirectCookie(started)).toBe('/artist/ink?act=follow');
    // Back from Google (cancelled here): the sign-in page keeps the page to continue on.
    const back = await fetch(`${server.url}/auth/google/callback?error=access_denied`, {
      redirect: 'manual',
      headers: { cookie: `google_oauth_mode=login; google_oauth_redirect=${encodeURIComponent('/artist/ink?act=follow')}` },
    });
    expect(back.headers.get('location')).toBe('/login?google=cancelled&redirect=%2Fartist%2Fink%3Fact%3Dfollow');

    for (const away of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      expect(redirectCookie(await start(away)) ?? '').not.toContain('evil');
    }
    const forged = await fetch(`${server.url}/auth/google/callback?error=access_denied`, {
      redirect: 'manual',
      headers: { cookie: `google_oauth_mode=login; google_oauth_redirect=${encodeURIComponent('//evil.example')}` },
    });
    expect(forged.headers.get('location')).toBe('/login?google=cancelled');
  });
});
