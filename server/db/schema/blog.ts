import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { users } from './users';

export const BLOG_STATUS_VALUES = ['draft', 'published', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUS_VALUES)[number];
export const blogStatus = pgEnum('blog_status', BLOG_STATUS_VALUES);

/** The author shown on every post (spec 2 §6). */
export const BLOG_AUTHOR = 'Admin';

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    title: text().notNull(),
    slug: text().notNull(),
    excerpt: text().notNull(),
    content: text().notNull(),
    category: text().notNull(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    imageUrl: text(),
    featured: boolean().notNull().default(false),
    status: blogStatus().notNull().default('draft'),
    author: text().notNull().default(BLOG_AUTHOR),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Minutes: ceil(words / 200). */
    readTime: integer().notNull().default(1),
    seoMetaDescription: text(),
    seoMetaKeywords: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('blogs_slug_key').on(t.slug),
    index('blogs_status_published_idx').on(t.status, t.publishedAt.desc().nullsFirst()),
    index('blogs_featured_published_idx')
      .on(t.publishedAt.desc().nullsFirst())
      .where(sql`${t.featured} = true and ${t.status} = 'published'`),
    index('blogs_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);
