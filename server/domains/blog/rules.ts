// Pure rules of blog posts (spec 2 §4 blog status, §5 blog, §9): slugs, read time, tag lists and
// publishedAt. The admin console imports this file for its live previews.

export const BLOG_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogPostStatus = (typeof BLOG_STATUSES)[number];

export const BLOG_WORDS_PER_MINUTE = 200;
/** Spec 2 §9: the admin table shows 100, the statistics read up to 1000 (here: all, in SQL). */
export const BLOG_ADMIN_LIST_LIMIT = 100;

/** Lowercase, punctuation removed, spaces turned into hyphens (spec 2 §5). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The n-th candidate for a slug: the base, then base-1, base-2, … */
export const slugCandidate = (base: string, n: number) => (n === 0 ? base : `${base}-${n}`);

export const countWords = (content: string) => content.trim().split(/\s+/).filter(Boolean).length;

/** Word count divided by 200, rounded up (spec 2 §5); at least 1 for any post with words. */
export function readTimeMinutes(content: string): number {
  return Math.max(1, Math.ceil(countWords(content) / BLOG_WORDS_PER_MINUTE));
}

export const formatReadTime = (minutes: number) => `${minutes} min read`;

/** Tags and SEO keywords: trimmed, empty ones dropped, each once (the first spelling is kept). */
export function cleanList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of items) {
    const value = item.trim();
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    result.push(value);
  }
  return result;
}

/**
 * publishedAt after a save (spec 2 §4): publishing (or creating as published) sets it to now; a
 * post that stays published keeps it; back to draft clears it; archiving keeps it.
 */
export function nextPublishedAt(
  previous: { status: BlogPostStatus; publishedAt: Date | null } | null,
  status: BlogPostStatus,
  now: Date,
): Date | null {
  if (status === 'draft') return null;
  if (status === 'published') return previous?.status === 'published' && previous.publishedAt ? previous.publishedAt : now;
  return previous?.publishedAt ?? null;
}
