import { beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../../server/db/schema';
import { type TestClient, trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

// Blog Management and the public blog (spec 2 §2, §3 Blog, §4 blog status, §5 blog, §9 blog).

const server = useTestServer();
let admin: Awaited<ReturnType<typeof createUser>>;
let client: TestClient;

beforeAll(async () => {
  admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, server.deps.db);
  client = server.adminClient();
  await signIn(client, admin);
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Healing Your New Tattoo',
  excerpt: 'What to expect in the first weeks.',
  content: `# Aftercare\n\n${words(60)}`,
  category: 'Aftercare',
  tags: ['aftercare'],
  ...overrides,
});

describe('create and edit (admin)', () => {
  it.each([
    [{ title: 'Hi' }, 'Blog title must be at least 3 characters long'],
    [{ excerpt: 'Too short' }, 'Blog excerpt must be at least 10 characters long'],
    [{ content: 'Not fifty characters of content.' }, 'Blog content must be at least 50 characters long'],
    [{ category: 'A' }, 'Blog category must be at least 2 characters long'],
    [{ tags: [] }, 'Blog must have at least one tag'],
    [{ tags: ['  ', ''] }, 'Blog must have at least one tag'],
    [{ imageUrl: 'javascript:alert(1)' }, 'Image URL must start with http://, https:// or /'],
    [{ title: '!!!' }, 'Blog title is required to generate a slug'],
  ])('refuses %o with the spec message and writes nothing', async (override, message) => {
    const before = (await server.deps.db.select().from(blogs)).length;
    expect(await trpcError(client.admin.blog.create.mutate(post(override) as never))).toMatchObject({ message });
    expect((await server.deps.db.select().from(blogs)).length).toBe(before);
  });

  it('generates the slug from the title with a numeric suffix when taken; a typed slug must be free', async () => {
    const first = await client.admin.blog.create.mutate(post({ title: "Flash Day: What's On?" }));
    const second = await client.admin.blog.create.mutate(post({ title: "Flash day — what's on" }));
    const third = await client.admin.blog.create.mutate(post({ title: 'FLASH DAY whats on' }));
    expect([first.slug, second.slug, third.slug]).toEqual(['flash-day-whats-on', 'flash-day-whats-on-1', 'flash-day-whats-on-2']);
    expect(await trpcError(client.admin.blog.create.mutate(post({ slug: 'flash-day-whats-on-1' })))).toMatchObject({
      code: 'CONFLICT',
      message: 'A blog with this slug already exists',
    });
    const custom = await client.admin.blog.create.mutate(post({ slug: 'My Custom Slug!' }));
    expect(custom.slug).toBe('my-custom-slug');
    // Editing keeps the slug; taking another post's slug is refused.
    const edited = await client.admin.blog.update.mutate({ ...post({ title: 'Renamed' }), id: custom.id, slug: '' });
    expect(edited.slug).toBe('my-custom-slug');
    expect((await trpcError(client.admin.blog.update.mutate({ ...post(), id: custom.id, slug: first.slug }))).message).toBe('A blog with this slug already exists');
  });

  it('computes the read time, trims and de-duplicates tags and keywords, and fixes the author to Admin', async () => {
    const created = await client.admin.blog.create.mutate(
      post({ content: words(401), tags: [' ink ', 'Ink', 'flash', 'flash '], seoMetaKeywords: ['tattoo ', ' tattoo', 'care'], author: 'Mallory' }),
    );
    expect(created).toMatchObject({ readTime: 3, tags: ['ink', 'flash'], seoMetaKeywords: ['tattoo', 'care'], author: 'Admin', authorId: admin.id });
    const short = await client.admin.blog.create.mutate(post({ content: words(200) }));
    expect(short.readTime).toBe(1);
  });

  it('sets publishedAt on publishing, clears it back to draft, keeps it when archived', async () => {
    const draft = await client.admin.blog.create.mutate(post({ status: 'draft' }));
    expect(draft.publishedAt).toBeNull();
    const published = await client.admin.blog.update.mutate({ ...post(), id: draft.id, slug: draft.slug, status: 'published' });
    expect(published.publishedAt).toBeInstanceOf(Date);
    server.clock.advance(60_000);
    const stillPublished = await client.admin.blog.update.mutate({ ...post({ excerpt: 'An edited excerpt here.' }), id: draft.id, slug: draft.slug, status: 'published' });
    expect(stillPublished.publishedAt?.getTime()).toBe(published.publishedAt?.getTime());
    const archived = await client.admin.blog.update.mutate({ ...post(), id: draft.id, slug: draft.slug, status: 'archived' });
    expect(archived.publishedAt?.getTime()).toBe(published.publishedAt?.getTime());
    const back = await client.admin.blog.update.mutate({ ...post(), id: draft.id, slug: draft.slug, status: 'draft' });
    expect(back.publishedAt).toBeNull();
    const direct = await client.admin.blog.create.mutate(post({ status: 'published' }));
    expect(direct.publishedAt).toBeInstanceOf(Date);
    const history = await client.admin.audit.query({ entityType: 'blog', entityId: draft.id });
    expect(history[0]).toMatchObject({ action: 'blog.update', actorId: admin.id, before: { status: 'archived' }, after: { status: 'draft', publishedAt: null } });
  });

  it('lists with filters and statistics, deletes, and answers lookups with the spec messages', async () => {
    const featured = await client.admin.blog.create.mutate(post({ title: 'Featured Archive Piece', category: 'Stories', featured: true, status: 'archived' }));
    const stats = await client.admin.blog.stats.query();
    expect(stats.total).toBe(stats.published + stats.draft + stats.archived);
    expect(stats.featured).toBeGreaterThanOrEqual(1);
    expect(stats.categories).toEqual(expect.arrayContaining([{ category: 'Stories', count: 1 }]));
    const filtered = await client.admin.blog.list.query({ status: 'archived', category: 'stories', featured: true, search: 'archive piece' });
    expect(filtered.map((b) => b.id)).toEqual([featured.id]);
    expect(await client.admin.blog.byId.query({ id: featured.id })).toMatchObject({ title: 'Featured Archive Piece' });
    expect(await client.admin.blog.delete.mutate({ id: featured.id })).toEqual({ id: featured.id, deleted: true });
    expect(await trpcError(client.admin.blog.byId.query({ id: featured.id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Blog not found' });
    expect((await trpcError(client.admin.blog.delete.mutate({ id: featured.id }))).message).toBe('Blog not found');
    expect((await trpcError(client.admin.blog.byId.query({ id: '' }))).message).toBe('Blog ID is required');
    expect((await trpcError(client.blog.bySlug.query({ slug: ' ' }))).message).toBe('Blog slug is required');
  });
});

describe('public blog', () => {
  it('lists published posts 20 a page and 5 featured, newest first; drafts stay hidden', async () => {
    await server.deps.db.delete(blogs);
    const t = server.clock.now().getTime();
    await server.deps.db.insert(blogs).values(
      Array.from({ length: 26 }, (_, i) => ({
        title: `Post ${i}`,
        slug: `post-${i}`,
        excerpt: 'An excerpt long enough',
        content: words(60),
        category: 'News',
        tags: ['news'],
        status: i === 25 ? ('draft' as const) : ('published' as const),
        featured: i % 3 === 0,
        publishedAt: i === 25 ? null : new Date(t - i * 60_000),
      })),
    );
    const anonymous = server.client();
    const page1 = await anonymous.blog.list.query({});
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0].slug).toBe('post-0');
    const page2 = await anonymous.blog.list.query({ cursor: page1.nextCursor });
    expect(page2.items.map((p) => p.slug)).toEqual(['post-20', 'post-21', 'post-22', 'post-23', 'post-24']);
    expect(page2.nextCursor).toBeNull();
    const featured = await anonymous.blog.list.query({ featured: true });
    expect(featured.items.map((p) => p.slug)).toEqual(['post-0', 'post-3', 'post-6', 'post-9', 'post-12']);
    expect(await trpcError(anonymous.blog.bySlug.query({ slug: 'post-25' }))).toMatchObject({ code: 'NOT_FOUND', message: 'Blog not found' });
  });

  it('renders markdown to sanitized HTML', async () => {
    const created = await client.admin.blog.create.mutate(
      post({
        title: 'Sanitized Markdown Post',
        status: 'published',
        content: `## Care\n\n**Wash** gently. [site](https://example.com) [bad](javascript:alert(1))\n\n<script>alert(1)</script><img src="x.png" onerror="alert(1)"><iframe src="https://evil.test"></iframe>\n\n${words(20)}`,
      }),
    );
    const shown = await server.client().blog.bySlug.query({ slug: created.slug });
    expect(shown.contentHtml).toContain('<h2>Care</h2>');
    expect(shown.contentHtml).toContain('<strong>Wash</strong>');
    expect(shown.contentHtml).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">site</a>');
    for (const banned of ['<script', 'onerror', 'javascript:', '<iframe']) expect(shown.contentHtml).not.toContain(banned);
    expect(shown).toMatchObject({ author: 'Admin', readTime: 1 });
  });
});
