// A public page's head for link previews and search engines (issue 20): its title, description,
// canonical URL, Open Graph and Twitter card tags and its schema.org JSON-LD. A route's `head`
// option answers these (built by the page type's module beside this one, from the loader's data);
// the server writes them into the page's <head> (src/seo/head-html.ts, crawlers and preview bots
// run no script) and the app keeps document.title in step on navigation (src/seo/sync-head.ts).

import { PREVIEW_JPEG_PATH, PREVIEW_JPEG_WIDTH, previewJpegSize } from '../../server/domains/images/rules';

/** The site's name, in titles and og:site_name. */
export const SITE_NAME = 'InkLink';

/** Search engines show about this much of a description. */
export const DESCRIPTION_MAX = 160;

/** A schema.org object as JSON-LD (checked against the vendored vocabulary in the tests). */
export type JsonLd = { '@context'?: 'https://schema.org'; '@type': string; [property: string]: unknown };

/** What a page tells link previews and search engines. */
export type PageHead = {
  title: string;
  description: string;
  /** The page's canonical URL (absolute, on the public origin). */
  url: string;
  /** Absolute URL of the preview image, if the page has one. */
  image?: { url: string; alt?: string; width?: number | null; height?: number | null };
  /** og:type. */
  type: 'website' | 'profile' | 'product' | 'article';
  jsonLd?: JsonLd;
};

/** A `meta` entry of TanStack Router's route `head` (the shapes its HeadContent also reads). */
export type HeadMeta = { title: string } | { name: string; content: string } | { property: string; content: string };
export type HeadLink = { rel: string; href: string };
/** A JSON-LD block: its text is JSON escaped for the inside of a <script> (./head-html.ts, jsonLdText). */
export type HeadScript = { type: 'application/ld+json'; children: string };
/** A route's `head`: empty for a page without data (its loader failed: the error page has none). */
export type RouteHead = { meta?: HeadMeta[]; links?: HeadLink[]; scripts?: HeadScript[] };

/** Whitespace collapsed and cut at a word to at most `max` characters (with an ellipsis when cut). */
export function trimText(text: string | null | undefined, max = DESCRIPTION_MAX): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** A URL made absolute on the public origin (stored files are `/files/…`; S3 URLs are absolute already). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin.replace(/\/$/, '')}/`).href;
}

/**
 * JSON for a <script type="application/ld+json"> element: no text in it can end the element or
 * open a comment (`<` `>` `&` escaped as \u003c…), and the line separators JavaScript once refused
 * are escaped too. JSON.parse reads it back unchanged.
 */
export function jsonLdText(value: JsonLd): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** A product photo as the preview image (its own alt text, else the fallback), or undefined without one. */
export function photoImage(
  photo: { url: string; altText: string; width: number | null; height: number | null } | undefined,
  fallbackAlt: string,
  origin: string,
): PageHead['image'] {
  return photo
    ? { url: absoluteUrl(origin, photo.url), alt: photo.altText || fallbackAlt, width: photo.width, height: photo.height }
    : undefined;
}

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/**
 * The image link previews are given: for a stored WebP of ours (on `origin` or the storage's own
 * host), its JPEG at GET /og-image.jpg (several preview bots show no WebP), at most 1200 wide
 * (its size when the image's is known); any other image as it is. The JSON-LD keeps the WebP
 * (search engines read it).
 */
export function previewImage(image: NonNullable<PageHead['image']>, origin: string): NonNullable<PageHead['image']> & { type?: string } {
  const url = new URL(image.url);
  const extension = url.pathname.split('.').pop()?.toLowerCase() ?? '';
  if (extension !== 'webp') return { ...image, type: IMAGE_TYPES[extension] };
  const src = url.origin === origin ? `${url.pathname}${url.search}` : url.href;
  const size =
    image.width && image.height
      ? previewJpegSize(image.width, image.height)
      : { width: image.width && Math.min(image.width, PREVIEW_JPEG_WIDTH), height: null };
  return { ...image, ...size, url: `${origin}${PREVIEW_JPEG_PATH}?src=${encodeURIComponent(src)}`, type: 'image/jpeg' };
}

/** The route `head` of a public page. */
export function routeHead(page: PageHead): Required<RouteHead> {
  const title = page.title.includes(SITE_NAME) ? page.title : `${page.title} | ${SITE_NAME}`;
  const description = trimText(page.description);
  const meta: HeadMeta[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: page.type },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: page.url },
  ];
  const image = page.image && previewImage(page.image, new URL(page.url).origin);
  if (image) {
    meta.push({ property: 'og:image', content: image.url });
    if (image.type) meta.push({ property: 'og:image:type', content: image.type });
    if (image.width) meta.push({ property: 'og:image:width', content: String(image.width) });
    if (image.height) meta.push({ property: 'og:image:height', content: String(image.height) });
    if (image.alt) meta.push({ property: 'og:image:alt', content: trimText(image.alt, 420) });
  }
  meta.push(
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: description },
  );
  if (image) meta.push({ name: 'twitter:image', content: image.url });
  if (page.image?.alt) meta.push({ name: 'twitter:image:alt', content: trimText(page.image.alt, 420) });
  const scripts: HeadScript[] = page.jsonLd
    ? [{ type: 'application/ld+json', children: jsonLdText({ '@context': 'https://schema.org', ...page.jsonLd }) }]
    : [];
  return { meta, links: [{ rel: 'canonical', href: page.url }], scripts };
}

/**
 * The head of a page that must not be indexed or previewed (a draft product or an inactive
 * storefront its manager sees): a plain title and noindex, nothing of the record.
 */
export function privateHead(title: string): RouteHead {
  return { meta: [{ title: `${title} | ${SITE_NAME}` }, { name: 'robots', content: 'noindex, nofollow' }] };
}

/** A record's text as a description, or the fallback when it has none. */
export const describe = (text: string | null | undefined, fallback: string) => trimText(text) || trimText(fallback);
