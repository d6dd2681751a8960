import { z } from 'zod';
import { BLOG_STATUSES, cleanList, slugify } from './rules';

export const blogListInput = z
  .object({
    featured: z.boolean().optional(),
    cursor: z.string().max(200, 'Invalid cursor').nullish(),
  })
  .default({});

export const blogBySlugInput = z.object({
  slug: z.string({ error: 'Blog slug is required' }).trim().min(1, 'Blog slug is required').max(200, 'Blog not found'),
});

// ---------------------------------------------------------------------------------------------
// Blog Management (admin): the create/edit dialog, filters and lookups (spec 2 §5 blog)
// ---------------------------------------------------------------------------------------------

export const BLOG_MESSAGES = {
  title: 'Blog title must be at least 3 characters long',
  excerpt: 'Blog excerpt must be at least 10 characters long',
  content: 'Blog content must be at least 50 characters long',
  category: 'Blog category must be at least 2 characters long',
  tags: 'Blog must have at least one tag',
  slugTaken: 'A blog with this slug already exists',
  notFound: 'Blog not found',
  idRequired: 'Blog ID is required',
  slugRequired: 'Blog slug is required',
  titleForSlug: 'Blog title is required to generate a slug',
  imageUrl: 'Image URL must start with http://, https:// or /',
} as const;

const list = (label: string) =>
  z
    .array(z.string().max(60, `${label} must be at most 60 characters each`))
    .max(50, `At most 50 ${label.toLowerCase()}`)
    .transform(cleanList);

export const blogFormInput = z.object({
  title: z.string({ error: BLOG_MESSAGES.title }).trim().min(3, BLOG_MESSAGES.title).max(200, 'Blog title must be at most 200 characters long'),
  /** Empty: generated from the title. Typed: normalized the same way, and must be free. */
  slug: z
    .string()
    .max(200, 'Blog slug must be at most 200 characters long')
    .default('')
    .transform((s) => slugify(s)),
  excerpt: z.string({ error: BLOG_MESSAGES.excerpt }).trim().min(10, BLOG_MESSAGES.excerpt).max(1000, 'Blog excerpt must be at most 1000 characters long'),
  content: z
    .string({ error: BLOG_MESSAGES.content })
    .trim()
    .min(50, BLOG_MESSAGES.content)
    .max(200_000, 'Blog content must be at most 200,000 characters long'),
  category: z.string({ error: BLOG_MESSAGES.category }).trim().min(2, BLOG_MESSAGES.category).max(60, 'Blog category must be at most 60 characters long'),
  tags: list('Tags').refine((tags) => tags.length > 0, BLOG_MESSAGES.tags),
  imageUrl: z
    .string()
    .trim()
    .max(2000, 'Image URL is too long')
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^(https?:\/\/|\/)/i.test(v), BLOG_MESSAGES.imageUrl),
  featured: z.boolean().default(false),
  status: z.enum(BLOG_STATUSES, { error: 'Status must be draft, published or archived' }).default('draft'),
  seoMetaDescription: z
    .string()
    .trim()
    .max(300, 'SEO description must be at most 300 characters long')
    .nullish()
    .transform((v) => (v ? v : null)),
  seoMetaKeywords: list('Keywords').default([]),
});

export const updateBlogInput = blogFormInput.extend({ id: z.uuid({ error: BLOG_MESSAGES.notFound }) });
export const blogIdInput = z.object({ id: z.string({ error: BLOG_MESSAGES.idRequired }).min(1, BLOG_MESSAGES.idRequired).pipe(z.uuid({ error: BLOG_MESSAGES.notFound })) });

export const adminBlogListInput = z
  .object({
    status: z.enum([...BLOG_STATUSES, 'all'], { error: 'Unknown status' }).default('all'),
    category: z.string().trim().max(60).optional(),
    featured: z.boolean().optional(),
    search: z.string().trim().max(100).optional(),
  })
  .default({ status: 'all' });
