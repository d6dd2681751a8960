import { absoluteUrl, describe, type JsonLd, type PageHead, type RouteHead, routeHead, SITE_NAME } from './head';
import type { BlogPostData } from './outputs';

// A blog post's head (blog.bySlug answers only published posts): a BlogPosting with its dates and
// author; its image as the preview. And the blog's own page.

type Post = Pick<
  BlogPostData,
  'title' | 'slug' | 'excerpt' | 'seoMetaDescription' | 'imageUrl' | 'publishedAt' | 'updatedAt' | 'author' | 'category' | 'tags'
>;

export const blogPostPath = (post: Pick<Post, 'slug'>) => `/blog/${encodeURIComponent(post.slug)}`;

const isoDate = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : undefined);

export function blogPostJsonLd(post: Post, origin: string): JsonLd {
  const url = absoluteUrl(origin, blogPostPath(post));
  const published = isoDate(post.publishedAt);
  const modified = isoDate(post.updatedAt) ?? published;
  return {
    '@type': 'BlogPosting',
    '@id': `${url}#post`,
    headline: post.title,
    url,
    mainEntityOfPage: url,
    ...(post.excerpt.trim() && { description: post.excerpt.trim() }),
    ...(post.imageUrl && { image: [absoluteUrl(origin, post.imageUrl)] }),
    ...(published && { datePublished: published }),
    ...(modified && { dateModified: modified }),
    author: { '@type': 'Organization', name: post.author === 'Admin' ? SITE_NAME : post.author, url: absoluteUrl(origin, '/') },
    publisher: { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl(origin, '/') },
    ...(post.category && { articleSection: post.category }),
    ...(post.tags.length > 0 && { keywords: post.tags.join(', ') }),
  };
}

export function blogPostPageHead(post: Post, origin: string): PageHead {
  return {
    title: post.title,
    description: describe(post.seoMetaDescription || post.excerpt, `${post.title} on the ${SITE_NAME} blog.`),
    url: absoluteUrl(origin, blogPostPath(post)),
    image: post.imageUrl ? { url: absoluteUrl(origin, post.imageUrl), alt: post.title } : undefined,
    type: 'article',
    jsonLd: blogPostJsonLd(post, origin),
  };
}

/** The route `head` of a blog post, from its loader's data. */
export const blogPostHead = (post: Post | undefined, origin: string): RouteHead => (post ? routeHead(blogPostPageHead(post, origin)) : {});

/** The route `head` of /blog. */
export const blogListHead = (origin: string) =>
  routeHead({
    title: `Blog — ${SITE_NAME}`,
    description: 'Tattoo aftercare, styles, studio life and news from the InkLink community.',
    url: absoluteUrl(origin, '/blog'),
    type: 'website',
    jsonLd: { '@type': 'Blog', name: `${SITE_NAME} blog`, url: absoluteUrl(origin, '/blog') },
  });
