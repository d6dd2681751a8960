import { and, desc, eq } from 'drizzle-orm';
import { keysetPage, olderThan } from '../../lib/pages';
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

export async function listPublishedBlogs({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof blogListInput> }) {
  const limit = input.featured ? BLOG_FEATURED_SIZE : BLOG_PAGE_SIZE;
  const rows = await ctx.db
    .select(summaryColumns)
    .from(blogs)
    .where(
      and(
        eq(blogs.status, 'published'),
        input.featured ? eq(blogs.featured, true) : undefined,
        olderThan(input.cursor, blogs.publishedAt, blogs.id),
      ),
    )
    .orderBy(desc(blogs.publishedAt), desc(blogs.id))
    .limit(limit + 1);
  // Keyset by publishedAt, so pages are stable while new posts are published; featured is one page.
  const page = keysetPage(rows, limit, (row) => ({ at: row.publishedAt, id: row.id }));
  return input.featured ? { ...page, nextCursor: null } : page;
}

export async function getPublishedBlog({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof blogBySlugInput> }) {
  const [row] = await ctx.db
    .select({
      ...summaryColumns,
      content: blogs.content,
      author: blogs.author,
      seoMetaDescription: blogs.seoMetaDescription,
      updatedAt: blogs.updatedAt,
    })
    .from(blogs)
    .where(and(eq(blogs.slug, input.slug), eq(blogs.status, 'published')))
    .limit(1);
  if (!row) throw notFound('Blog not found');
  const { content, ...rest } = row;
  return { ...rest, contentHtml: renderMarkdown(content) };
}
