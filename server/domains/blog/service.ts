import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import { blogs } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { notFound } from '../../lib/errors';
import type { blogBySlugInput, blogListInput } from './inputs';
import { renderMarkdown } from './markdown';

export const BLOG_PAGE_SIZE = 20;
export const BLOG_FEATURED_SIZE = 5;

const summaryColumns = {
  id: blogs.id,
  title: blogs.title,
  slug: blogs.slug,
  excerpt: blogs.excerpt,
  category: blogs.category,
  tags: blogs.tags,
  imageUrl: blogs.imageUrl,
  featured: blogs.featured,
  publishedAt: blogs.publishedAt,
  readTime: blogs.readTime,
};

/** Cursor = "<publishedAt ISO>|<id>", so pages are stable while new posts are published. */
const encodeCursor = (row: { publishedAt: Date | null; id: string }) => `${row.publishedAt?.toISOString()}|${row.id}`;
function decodeCursor(cursor: string) {
  const [iso, id] = cursor.split('|');
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) || !id ? null : { at, id };
}

export async function listPublishedBlogs({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof blogListInput> }) {
  const limit = input.featured ? BLOG_FEATURED_SIZE : BLOG_PAGE_SIZE;
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await ctx.db
    .select(summaryColumns)
    .from(blogs)
    .where(
      and(
        eq(blogs.status, 'published'),
        input.featured ? eq(blogs.featured, true) : undefined,
        after ? or(lt(blogs.publishedAt, after.at), and(eq(blogs.publishedAt, after.at), lt(blogs.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(blogs.publishedAt), desc(blogs.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit && !input.featured ? encodeCursor(items[items.length - 1]) : null };
}

export async function getPublishedBlog({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof blogBySlugInput> }) {
  const [row] = await ctx.db
    .select({ ...summaryColumns, content: blogs.content, author: blogs.author, seoMetaDescription: blogs.seoMetaDescription })
    .from(blogs)
    .where(and(eq(blogs.slug, input.slug), eq(blogs.status, 'published')))
    .limit(1);
  if (!row) throw notFound('Blog not found');
  const { content, ...rest } = row;
  return { ...rest, contentHtml: renderMarkdown(content) };
}
