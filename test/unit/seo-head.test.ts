import { describe, expect, it } from 'vitest';
import { artistHead } from '../../src/seo/artist';
import { blogListHead, blogPostHead } from '../../src/seo/blog';
import { DESCRIPTION_MAX, type JsonLd, jsonLdText, type RouteHead, trimText } from '../../src/seo/head';
import { headHtml, withPageHead } from '../../src/seo/head-html';
import { decimalPrice, productHead } from '../../src/seo/product';
import { sitePageHead } from '../../src/seo/site-pages';
import { storefrontHead } from '../../src/seo/storefront';
import { studioHead } from '../../src/seo/studio';
import { productRichResultFaults, validateJsonLd } from '../support/schema-org';

// The heads of the public pages (issue 20): built from the loaders' data, written into the
// server-rendered <head>, with JSON-LD valid against the schema.org vocabulary (test/support/schema-org.ts).

const ORIGIN = 'https://inklink.example';

const studio = {
  id: '0b9e8a52-0000-4000-8000-000000000001',
  name: 'Black Anchor Tattoo',
  urlSlug: 'black-anchor',
  description: 'Traditional and blackwork tattooing in the heart of Austin since 2009. Walk-ins welcome on weekdays.',
  address: '1200 E 6th St',
  streetNumber: null,
  street: null,
  city: 'Austin',
  state: 'TX',
  zipCode: '78702',
  latitude: 30.2642,
  longitude: -97.7271,
  phone: '(512) 555-0100',
  email: null,
  website: 'https://blackanchor.example',
  openingHours: {
    saturday: { open: true, start: '12:00', end: '20:00' },
    tuesday: { open: false, start: '10:00', end: '18:00' },
    monday: { open: true, start: '10:00', end: '18:00' },
  },
  tattooStyles: ['Traditional', 'Blackwork'],
  logoUrl: null,
  banner: { url: '/files/shops/abc/banner.webp', width: 1440, variants: [] },
};

const artist = {
  id: '0b9e8a52-0000-4000-8000-000000000002',
  urlSlug: 'rosa-ink',
  name: 'Rosa Martinez',
  displayName: 'rosa_ink',
  bio: 'Fine line and botanical work.',
  city: 'Austin',
  state: 'TX',
  tattooStyles: ['Fine Line', 'Botanical'],
  socials: { instagram: 'https://instagram.com/rosa_ink', tiktok: '@rosa_ink' },
  photoUrl: '/files/users/rosa/avatar.webp',
  studios: [
    {
      id: studio.id,
      name: studio.name,
      urlSlug: studio.urlSlug,
      city: 'Austin',
      state: 'TX',
      shopUserType: 'Resident' as never,
      endDate: null,
    },
  ],
};

const product = {
  id: '0b9e8a52-0000-4000-8000-000000000003',
  storefrontId: '0b9e8a52-0000-4000-8000-000000000004',
  name: 'Aftercare Balm',
  description: 'A balm for healing tattoos.',
  price: 1500,
  status: 'active' as const,
  category: 'aftercare',
  photos: [{ id: 'p1', url: '/files/products/balm.webp', altText: 'A tin of balm', width: 1200, height: 900, srcSet: null }],
  inventory: { trackInventory: true, quantity: 4, lowStockThreshold: 5, allowBackorders: false },
  updatedAt: new Date('2026-11-01T10:00:00Z'),
  storefront: { id: '0b9e8a52-0000-4000-8000-000000000004', name: 'Black Anchor Shop', isActive: true },
};

const post = {
  title: 'Caring for a new tattoo </script><script>alert(1)</script>',
  slug: 'new-tattoo-care',
  excerpt: 'The first two weeks matter most.',
  seoMetaDescription: null,
  imageUrl: 'https://cdn.example/blog/care.jpg',
  publishedAt: new Date('2026-10-01T09:00:00Z'),
  updatedAt: new Date('2026-10-03T12:30:00Z'),
  author: 'Admin',
  category: 'Aftercare',
  tags: ['aftercare', 'healing'],
};

/** The head's JSON-LD objects, parsed back. */
const jsonLdOf = (head: RouteHead) => (head.scripts ?? []).map((script) => JSON.parse(script.children) as JsonLd);
const metaOf = (head: RouteHead, key: string) =>
  head.meta?.find((m) => ('name' in m && m.name === key) || ('property' in m && m.property === key)) as { content: string } | undefined;
const titleOf = (head: RouteHead) => (head.meta?.find((m) => 'title' in m) as { title: string } | undefined)?.title;

const heads = {
  studio: studioHead(studio, ORIGIN),
  artist: artistHead(artist, ORIGIN),
  product: productHead(product, ORIGIN),
  storefront: storefrontHead(
    { id: product.storefrontId, name: 'Black Anchor Shop', description: 'Aftercare and prints.', isActive: true, ownerName: studio.name },
    [product],
    ORIGIN,
  ),
  blogPost: blogPostHead(post, ORIGIN),
  blog: blogListHead(ORIGIN),
  landing: sitePageHead('/', ORIGIN),
  about: sitePageHead('/about', ORIGIN),
};

describe('every public page head', () => {
  it.each(Object.entries(heads))(
    '%s: title, trimmed description, canonical on the public origin, Open Graph and Twitter tags',
    (_, head) => {
      const title = titleOf(head);
      expect(title).toMatch(/InkLink/);
      const description = metaOf(head, 'description')?.content ?? '';
      expect(description.length).toBeGreaterThan(10);
      expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
      const canonical = head.links?.find((l) => l.rel === 'canonical')?.href ?? '';
      expect(canonical.startsWith(`${ORIGIN}/`)).toBe(true);
      expect(metaOf(head, 'og:url')?.content).toBe(canonical);
      for (const key of ['og:title', 'og:description', 'og:type', 'twitter:card', 'twitter:title'])
        expect(metaOf(head, key)?.content, key).toBeTruthy();
      const image = metaOf(head, 'og:image')?.content;
      if (image) {
        expect(image.startsWith('https://')).toBe(true);
        expect(metaOf(head, 'twitter:card')?.content).toBe('summary_large_image');
        expect(metaOf(head, 'twitter:image')?.content).toBe(image);
      }
    },
  );

  it.each(Object.entries(heads))('%s: its JSON-LD is valid against the schema.org vocabulary', (_, head) => {
    const objects = jsonLdOf(head);
    expect(objects.length).toBeLessThanOrEqual(1);
    for (const object of objects) {
      expect(object['@context']).toBe('https://schema.org');
      expect(validateJsonLd(object)).toEqual([]);
    }
  });
});

describe('the studio head', () => {
  it('is a TattooParlor with its address, opening hours of open days, place, phone and banner', () => {
    const [ld] = jsonLdOf(heads.studio);
    expect(ld).toMatchObject({
      '@type': 'TattooParlor',
      name: 'Black Anchor Tattoo',
      url: `${ORIGIN}/studio/black-anchor`,
      image: `${ORIGIN}/files/shops/abc/banner.webp`,
      telephone: '(512) 555-0100',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1200 E 6th St',
        addressLocality: 'Austin',
        addressRegion: 'TX',
        postalCode: '78702',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 30.2642, longitude: -97.7271 },
      openingHoursSpecification: [
        { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '10:00', closes: '18:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '12:00', closes: '20:00' },
      ],
    });
    // The preview is the banner's JPEG (preview bots that show no WebP); the JSON-LD keeps the WebP.
    const jpeg = `${ORIGIN}/og-image.jpg?src=%2Ffiles%2Fshops%2Fabc%2Fbanner.webp`;
    expect(metaOf(heads.studio, 'og:image')?.content).toBe(jpeg);
    expect(metaOf(heads.studio, 'twitter:image')?.content).toBe(jpeg);
    expect(metaOf(heads.studio, 'og:image:type')?.content).toBe('image/jpeg');
    expect(metaOf(heads.studio, 'og:image:width')?.content).toBe('1200');
    expect(metaOf(heads.studio, 'og:image:height')).toBeUndefined();
  });

  it('has no geo, phone or image it does not know, and its id URL when it has no slug', () => {
    const head = studioHead({ ...studio, urlSlug: null, latitude: null, longitude: null, phone: ' ', banner: null, logoUrl: null }, ORIGIN);
    const [ld] = jsonLdOf(head);
    expect(ld.geo).toBeUndefined();
    expect(ld.telephone).toBeUndefined();
    expect(ld.image).toBeUndefined();
    expect(ld.url).toBe(`${ORIGIN}/studio/id/${studio.id}`);
    expect(metaOf(head, 'twitter:card')?.content).toBe('summary');
    expect(validateJsonLd(ld)).toEqual([]);
  });
});

describe('the artist head', () => {
  it('is a Person: a tattoo artist knowing their styles, working for their studio, with only web links as sameAs', () => {
    const [ld] = jsonLdOf(heads.artist);
    expect(ld).toMatchObject({
      '@type': 'Person',
      name: 'Rosa Martinez',
      alternateName: 'rosa_ink',
      url: `${ORIGIN}/artist/rosa-ink`,
      image: `${ORIGIN}/files/users/rosa/avatar.webp`,
      jobTitle: 'Tattoo artist',
      knowsAbout: ['Fine Line', 'Botanical'],
      worksFor: [{ '@type': 'TattooParlor', name: 'Black Anchor Tattoo', url: `${ORIGIN}/studio/black-anchor` }],
      sameAs: ['https://instagram.com/rosa_ink'],
    });
    expect(metaOf(heads.artist, 'og:type')?.content).toBe('profile');
    // An image on the storage's own host (S3) is named by its whole URL; the size is not known.
    const onS3 = artistHead({ ...artist, photoUrl: 'https://bucket.example/inklink/users/rosa/avatar.webp' }, ORIGIN);
    expect(metaOf(onS3, 'og:image')?.content).toBe(
      `${ORIGIN}/og-image.jpg?src=${encodeURIComponent('https://bucket.example/inklink/users/rosa/avatar.webp')}`,
    );
    expect(metaOf(onS3, 'og:image:type')?.content).toBe('image/jpeg');
    expect(metaOf(onS3, 'og:image:width')).toBeUndefined();
  });

  it('keeps an image that is no WebP of ours as it is (a blog post’s JPEG elsewhere)', () => {
    expect(metaOf(heads.blogPost, 'og:image')?.content).toBe('https://cdn.example/blog/care.jpg');
    expect(metaOf(heads.blogPost, 'og:image:type')?.content).toBe('image/jpeg');
  });
});

describe('the product head', () => {
  it('is a Product with an Offer: a decimal price in USD, in stock, its photos; Google’s required fields are there', () => {
    const [ld] = jsonLdOf(heads.product);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Aftercare Balm',
      image: [`${ORIGIN}/files/products/balm.webp`],
      brand: { '@type': 'Brand', name: 'Black Anchor Shop' },
      offers: {
        '@type': 'Offer',
        price: '15.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/storefront/${product.storefrontId}/product/${product.id}`,
        seller: { '@type': 'Organization', name: 'Black Anchor Shop' },
      },
    });
    expect(productRichResultFaults(ld)).toEqual([]);
    expect(metaOf(heads.product, 'og:image:alt')?.content).toBe('A tin of balm');
    expect(metaOf(heads.product, 'og:type')?.content).toBe('product');
    // A 1200x900 photo's JPEG is 1200x900; a larger one is cut to 1200 wide, its height in proportion.
    expect(['og:image', 'og:image:type', 'og:image:width', 'og:image:height'].map((p) => metaOf(heads.product, p)?.content)).toEqual([
      `${ORIGIN}/og-image.jpg?src=%2Ffiles%2Fproducts%2Fbalm.webp`,
      'image/jpeg',
      '1200',
      '900',
    ]);
    const large = productHead({ ...product, photos: [{ ...product.photos[0], width: 1920, height: 1080 }] }, ORIGIN);
    expect([metaOf(large, 'og:image:width')?.content, metaOf(large, 'og:image:height')?.content]).toEqual(['1200', '675']);
    const small = productHead({ ...product, photos: [{ ...product.photos[0], width: 640, height: 480 }] }, ORIGIN);
    expect([metaOf(small, 'og:image:width')?.content, metaOf(small, 'og:image:height')?.content]).toEqual(['640', '480']);
  });

  it('reads its availability from the inventory: out of stock, back-ordered, untracked', () => {
    const availabilityOf = (inventory: typeof product.inventory) =>
      (jsonLdOf(productHead({ ...product, inventory }, ORIGIN))[0].offers as { availability: string }).availability;
    expect(availabilityOf({ ...product.inventory, quantity: 0 })).toBe('https://schema.org/OutOfStock');
    expect(availabilityOf({ ...product.inventory, quantity: 0, allowBackorders: true })).toBe('https://schema.org/BackOrder');
    expect(availabilityOf({ ...product.inventory, trackInventory: false, quantity: 0 })).toBe('https://schema.org/InStock');
  });

  it('writes prices as decimal strings', () => {
    expect([decimalPrice(1), decimalPrice(99), decimalPrice(100), decimalPrice(123456)]).toEqual(['0.01', '0.99', '1.00', '1234.56']);
  });

  it('a draft or archived product, or one of an inactive storefront (its managers see them), has no description, image or JSON-LD, and noindex', () => {
    for (const hidden of [
      { ...product, status: 'draft' as const },
      { ...product, status: 'archived' as const },
      { ...product, storefront: { ...product.storefront, isActive: false } },
    ]) {
      const head = productHead(hidden, ORIGIN);
      expect(head.scripts ?? []).toEqual([]);
      expect(head.links ?? []).toEqual([]);
      expect(metaOf(head, 'robots')?.content).toBe('noindex, nofollow');
      expect(metaOf(head, 'description')).toBeUndefined();
      expect(metaOf(head, 'og:image')).toBeUndefined();
      expect(JSON.stringify(head)).not.toContain(product.description);
    }
    const inactive = storefrontHead(
      { id: 's', name: 'Closed Shop', description: 'Secret plans', isActive: false, ownerName: '' },
      [product],
      ORIGIN,
    );
    expect(JSON.stringify(inactive)).not.toContain('Secret plans');
    expect(metaOf(inactive, 'robots')?.content).toBe('noindex, nofollow');
  });
});

describe('the blog post head', () => {
  it('is a BlogPosting with its headline, dates, author and image', () => {
    const [ld] = jsonLdOf(heads.blogPost);
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: '2026-10-01T09:00:00.000Z',
      dateModified: '2026-10-03T12:30:00.000Z',
      author: { '@type': 'Organization', name: 'InkLink' },
      image: ['https://cdn.example/blog/care.jpg'],
    });
    expect(metaOf(heads.blogPost, 'og:type')?.content).toBe('article');
  });
});

describe('the schema.org check itself', () => {
  const valid = jsonLdOf(heads.product)[0];
  it('fails a misspelt property, a property of another type, a wrong value type and an unknown type', () => {
    expect(validateJsonLd({ ...valid, nmae: 'x' })).toEqual(['$.nmae: not a property of Product']);
    expect(validateJsonLd({ ...valid, headline: 'x' })).toEqual(['$.headline: not a property of Product']);
    expect(validateJsonLd({ ...valid, offers: { ...(valid.offers as object), availability: 'InStock' } })).toEqual([
      '$.offers.availability: "InStock" is not ItemAvailability',
    ]);
    expect(validateJsonLd({ ...valid, image: ['/files/relative.webp'] })[0]).toMatch(/image\[0\].*is not ImageObject or URL/);
    expect(validateJsonLd({ ...valid, brand: { '@type': 'Person', name: 'x' } })[0]).toMatch(/brand.*is not Brand or Organization/);
    expect(validateJsonLd({ '@type': 'TatooParlor', name: 'x' })).toEqual(['$: unknown @type "TatooParlor"']);
    expect(validateJsonLd({ '@type': 'OpeningHoursSpecification', opens: '9am' })).toEqual(['$.opens: "9am" is not Time']);
  });

  it('Google’s Product fields: a product without a price, currency or availability fails', () => {
    const offers = valid.offers as Record<string, unknown>;
    expect(productRichResultFaults({ ...valid, offers: { ...offers, price: undefined } })).toEqual([
      'offers.price missing or not a decimal',
    ]);
    expect(productRichResultFaults({ ...valid, offers: { ...offers, priceCurrency: '$' } })).toEqual([
      'offers.priceCurrency missing or not ISO 4217',
    ]);
    expect(productRichResultFaults({ ...valid, offers: { ...offers, availability: undefined } })).toEqual(['offers.availability missing']);
    expect(productRichResultFaults({ ...valid, offers: undefined })).toEqual(['offers missing']);
  });
});

describe('the head as HTML', () => {
  const matches = [{ meta: [{ title: 'App' }, { name: 'description', content: 'app' }] } as RouteHead, heads.blogPost].map((h) => ({
    meta: h.meta,
    links: h.links,
    headScripts: h.scripts,
  }));
  const html = headHtml(matches);

  it('escapes text and attributes, and nothing in the JSON-LD can close its script', () => {
    expect(html).toContain('<title>Caring for a new tattoo &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | InkLink</title>');
    expect(html).toContain('content="Caring for a new tattoo &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    const scripts = html.match(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    const json = (scripts[0] ?? '').replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json).headline).toBe(post.title);
  });

  it("keeps the page's entries over its layouts' (one title, one description)", () => {
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<title>App</title>');
  });

  it("replaces the app's own title and description in the template instead of adding a second", () => {
    const template =
      '<!doctype html><html><head><meta charset="UTF-8" />\n    <meta name="description" content="InkLink links…" />\n    <title>InkLink — tattoo artists</title>\n  </head><body><div id="root"></div></body></html>';
    const page = withPageHead(template, html);
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).not.toContain('InkLink links…');
    expect(page).toContain(`${html}</head>`);
    expect(withPageHead(template, '')).toBe(template);
  });

  it('JSON-LD text escapes <, >, & and the line separators and parses back unchanged', () => {
    const value = { '@type': 'Thing', name: 'a</script><!--&\u2028\u2029' };
    const text = jsonLdText(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('trimText', () => {
  it('collapses whitespace and cuts long text at a word with an ellipsis', () => {
    expect(trimText('  a \n b  ')).toBe('a b');
    const long = 'word '.repeat(60);
    const cut = trimText(long);
    expect(cut.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe("the app's own head", () => {
  it("is index.html's title and description (a page without a head of its own gets them back when the app navigates to it)", async () => {
    const { readFileSync } = await import('node:fs');
    const { APP_DESCRIPTION, APP_TITLE } = await import('../../src/seo/sync-head');
    const index = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(index).toContain(`<title>${APP_TITLE}</title>`);
    expect(index).toContain(`<meta name="description" content="${APP_DESCRIPTION}" />`);
  });
});
