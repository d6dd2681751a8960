import { and, desc, eq, ilike, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BLOG_AUTHOR, blogs } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors';
import { changedFields, writeAudit } from '../../lib/audit';
import { type adminBlogListInput, BLOG_MESSAGES, type blogFormInput, type blogIdInput, type updateBlogInput } from './inputs';
import { BLOG_ADMIN_LIST_LIMIT, nextPublishedAt, readTimeMinutes, slugCandidate, slugify } from './rules';

// Blog Management (spec 2 §2, §3 Blog, §4 blog status, §5 blog). Only AppAdmins reach these (the
// admin router); the author is always Admin, authorId the admin who created the post.

type BlogRow = typeof blogs.$inferSelect;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function adminListBlogs({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof adminBlogListInput> }) {
  return ctx.db
    .select()
    .from(blogs)
    .where(
      and(
        input.status !== 'all' ? eq(blogs.status, input.status) : undefined,
        input.category ? sql`lower(${blogs.category}) = ${input.category.toLowerCase()}` : undefined,
        input.featured !== undefined ? eq(blogs.featured, input.featured) : undefined,
        input.search ? or(ilike(blogs.title, `%${escapeLike(input.search)}%`), ilike(blogs.excerpt, `%${escapeLike(input.search)}%`)) : undefined,
      ),
    )
    .orderBy(desc(blogs.createdAt), desc(blogs.id))
    .limit(BLOG_ADMIN_LIST_LIMIT);
}

/** The statistics tiles: counts by status, featured, and the categories in use. */
export async function blogStats({ ctx }: { ctx: ServiceCtx }) {
  const [[totals], categories] = await Promise.all([
    ctx.db
      .select({
        total: sql<number>`count(*)::int`,
        published: sql<number>`count(*) filter (where ${blogs.status} = 'published')::int`,
        draft: sql<number>`count(*) filter (where ${blogs.status} = 'draft')::int`,
        archived: sql<number>`count(*) filter (where ${blogs.status} = 'archived')::int`,
        featured: sql<number>`count(*) filter (where ${blogs.featured})::int`,
      })
      .from(blogs),
    ctx.db
      .select({ category: blogs.category, count: sql<number>`count(*)::int` })
      .from(blogs)
      .groupBy(blogs.category)
      .orderBy(blogs.category),
  ]);
  return { ...totals, categories };
}

export async function adminGetBlog({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof blogIdInput> }) {
  const [row] = await ctx.db.select().from(blogs).where(eq(blogs.id, input.id)).limit(1);
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return row;
}

/** The first free slug for a base: base, base-1, base-2, … (one query over the taken ones). */
async function freeSlug(ctx: ServiceCtx, base: string, exceptId?: string): Promise<string> {
  const rows = await ctx.db
    .select({ slug: blogs.slug })
    .from(blogs)
    .where(and(or(eq(blogs.slug, base), like(blogs.slug, `${escapeLike(base)}-%`)), exceptId ? sql`${blogs.id} <> ${exceptId}` : undefined));
  const taken = new Set(rows.map((r) => r.slug));
  for (let n = 0; ; n++) if (!taken.has(slugCandidate(base, n))) return slugCandidate(base, n);
}

async function slugTakenByOther(ctx: ServiceCtx, slug: string, exceptId?: string) {
  const [row] = await ctx.db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.slug, slug), exceptId ? sql`${blogs.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

const auditable = (row: Partial<BlogRow>) => {
  const { content: _content, ...rest } = row;
  return rest;
};

/**
 * Saves with a slug: a typed slug must be free ('A blog with this slug already exists'); a blank
 * one is generated from the title with a numeric suffix, retried if another save takes it first.
 */
async function saveWithSlug<T>(
  ctx: ServiceCtx,
  input: { slug: string; title: string },
  exceptId: string | undefined,
  keepSlug: string | undefined,
  save: (slug: string) => Promise<T>,
): Promise<T> {
  if (input.slug) {
    if (input.slug !== keepSlug && (await slugTakenByOther(ctx, input.slug, exceptId))) throw conflict(BLOG_MESSAGES.slugTaken);
    try {
      return await save(input.slug);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(BLOG_MESSAGES.slugTaken);
      throw error;
    }
  }
  const base = slugify(input.title);
  if (!base) throw invalid(BLOG_MESSAGES.titleForSlug);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(ctx, base, exceptId);
    try {
      return await save(slug);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw conflict(BLOG_MESSAGES.slugTaken);
}

export async function createBlog({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof blogFormInput> }) {
  const admin = requireUser(ctx);
  return saveWithSlug(ctx, input, undefined, undefined, (slug) =>
    withTransaction(ctx, async (tx) => {
      const now = tx.deps.clock.now();
      const [row] = await tx.db
        .insert(blogs)
        .values({
          ...input,
          slug,
          author: BLOG_AUTHOR,
          authorId: admin.id,
          readTime: readTimeMinutes(input.content),
          publishedAt: nextPublishedAt(null, input.status, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await writeAudit(tx.db, { actorId: admin.id, action: 'blog.create', entityType: 'blog', entityId: row.id, before: {}, after: changedFields({}, auditable(row)).after, at: now });
      return row;
    }),
  );
}

export async function updateBlog({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateBlogInput> }) {
  const admin = requireUser(ctx);
  const [existing] = await ctx.db.select({ slug: blogs.slug }).from(blogs).where(eq(blogs.id, input.id)).limit(1);
  if (!existing) throw notFound(BLOG_MESSAGES.notFound);
  // A blank slug on an edit keeps the current one (it is regenerated only when the admin clears it and retitles).
  const slugInput = { ...input, slug: input.slug || existing.slug };
  return saveWithSlug(ctx, slugInput, input.id, existing.slug, (slug) =>
    withTransaction(ctx, async (tx) => {
      const [current] = await tx.db.select().from(blogs).where(eq(blogs.id, input.id)).for('update');
      if (!current) throw notFound(BLOG_MESSAGES.notFound);
      const now = tx.deps.clock.now();
      const { id, ...fields } = input;
      const next = {
        ...fields,
        slug,
        author: BLOG_AUTHOR,
        readTime: readTimeMinutes(input.content),
        publishedAt: nextPublishedAt(current, input.status, now),
      };
      const diff = changedFields(current, next);
      if (!diff.changed) return current;
      const [row] = await tx.db
        .update(blogs)
        .set({ ...next, updatedAt: now })
        .where(eq(blogs.id, id))
        .returning();
      const { content: beforeContent, ...before } = diff.before;
      const { content: afterContent, ...after } = diff.after;
      await writeAudit(tx.db, {
        actorId: admin.id,
        action: 'blog.update',
        entityType: 'blog',
        entityId: id,
        before: beforeContent === undefined ? before : { ...before, content: '(previous content)' },
        after: afterContent === undefined ? after : { ...after, content: '(edited)' },
        at: now,
      });
      return row;
    }),
  );
}

export async function deleteBlog({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof blogIdInput> }) {
  const admin = requireUser(ctx);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db.delete(blogs).where(eq(blogs.id, input.id)).returning();
    if (!row) throw notFound(BLOG_MESSAGES.notFound);
    const now = tx.deps.clock.now();
    await writeAudit(tx.db, { actorId: admin.id, action: 'blog.delete', entityType: 'blog', entityId: row.id, before: changedFields({}, auditable(row)).after, after: {}, at: now });
    return { id: row.id, deleted: true as const };
  });
}
