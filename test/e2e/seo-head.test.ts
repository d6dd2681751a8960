import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blogs, productPhotos } from '../../server/db/schema';
import { bookableArtist } from '../support/booking-fixtures';
import { useBrowserApp } from '../support/browser';
import { productInput, studioWithStorefront } from '../support/commerce-fixtures';
import { productRichResultFaults, validateJsonLd } from '../support/schema-org';
import { appHasTakenOver } from '../support/server-rendered';
import { postImage } from '../support/uploads';

// Link previews and search (issue 20): the HTML the server sends for a public page carries its
// title, description, canonical URL, Open Graph and Twitter tags and JSON-LD in <head> (preview
// bots and crawlers run no script), once each; the app keeps them in step as it navigates.

const app = useBrowserApp();

/** The <head> of a page as the server sends it, and what is in it. */
async function headOf(path: string, cookie = '') {
  const html = await (await fetch(`${app.url}${path}`, { headers: { accept: 'text/html', cookie } })).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (key: string) => {
    const all = [...head.matchAll(new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`, 'g'))].map(
      (m) => m[1],
    );
    return all;
  };
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
  return {
    html,
    head,
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
    meta,
    canonical: [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]),
    jsonLd,
  };
}

async function memberCookie(user: { email: string; password: string }) {
  const page = await app.newPage();
  await app.signInAs(page, user);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  await page.close();
  return cookie;
}

async function fixture() {
  const { owner, member, studio, storefront } = await studioWithStorefront(app.server);
  const product = await owner.client.product.create.mutate(productInput(storefront.id, { name: 'Aftercare Balm <Tin>' }));
  await app.server.deps.db
    .insert(productPhotos)
    .values({ productId: product.id, position: 0, externalUrl: '/favicon.svg', altText: 'A tin of balm' });
  const draft = await owner.client.product.create.mutate(
    productInput(storefront.id, { name: 'Secret Draft', description: 'Not yet announced', status: 'draft' }),
  );
  return { owner, member, studio, storefront, product, draft };
}

describe('the HTML of a public page carries its preview and search tags', () => {
  it('a product page, signed out: one title and description, canonical, Open Graph and Twitter tags, a valid Product', async () => {
    const { storefront, product } = await fixture();
    const path = `/storefront/${storefront.id}/product/${product.id}`;
    const page = await headOf(path);
    expect(page.titles).toEqual([`Aftercare Balm &lt;Tin&gt; — ${storefront.name} | InkLink`]);
    expect(page.meta('description')).toEqual(['Healing balm for fresh tattoos']);
    expect(page.canonical).toEqual([`${app.url}${path}`]);
    expect(page.meta('og:url')).toEqual([`${app.url}${path}`]);
    expect(page.meta('og:type')).toEqual(['product']);
    expect(page.meta('og:image')).toEqual([`${app.url}/favicon.svg`]);
    expect(page.meta('twitter:card')).toEqual(['summary_large_image']);
    expect(page.jsonLd).toHaveLength(1);
    const [product_] = page.jsonLd;
    expect(validateJsonLd(product_)).toEqual([]);
    expect(productRichResultFaults(product_)).toEqual([]);
    expect(product_).toMatchObject({
      name: 'Aftercare Balm <Tin>',
      offers: { price: '15.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    // The JSON-LD cannot close its script: the product's `<` is escaped in the HTML.
    expect(page.head).toContain('Aftercare Balm \\u003cTin\\u003e');
    // The app's own title and description are gone, not doubled.
    expect(page.head).not.toContain('InkLink — tattoo artists, studios and collectors');
  });

  it('a storefront page, signed out: its own head with its first product photo', async () => {
    const { storefront } = await fixture();
    const page = await headOf(`/storefront/${storefront.id}`);
    expect(page.titles).toEqual([`${storefront.name} — shop | InkLink`]);
    expect(page.canonical).toEqual([`${app.url}/storefront/${storefront.id}`]);
    expect(page.meta('og:image')).toEqual([`${app.url}/favicon.svg`]);
    expect(page.jsonLd.map((ld) => validateJsonLd(ld))).toEqual([[]]);
  });

  it('a studio page, signed out: a TattooParlor with its address and phone; its id URL names the slug URL as canonical', async () => {
    const { studio } = await fixture();
    for (const path of [`/studio/${studio.urlSlug}`, `/studio/id/${studio.id}`]) {
      const page = await headOf(path);
      expect(page.titles, path).toEqual([`${studio.name} — tattoo studio in Brooklyn, NY | InkLink`]);
      expect(page.canonical, path).toEqual([`${app.url}/studio/${studio.urlSlug}`]);
      expect(page.jsonLd, path).toHaveLength(1);
      expect(validateJsonLd(page.jsonLd[0])).toEqual([]);
      expect(page.jsonLd[0]).toMatchObject({
        '@type': 'TattooParlor',
        telephone: '718-555-0100',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '12 Ink Ave',
          addressLocality: 'Brooklyn',
          addressRegion: 'NY',
          postalCode: '11201',
        },
      });
    }
  });

  it('a studio page with a banner: its preview image is a JPEG of it that preview bots can show', async () => {
    const { owner, studio } = await fixture();
    const banner = await sharp({ create: { width: 1800, height: 900, channels: 3, background: '#235' } }).jpeg().toBuffer();
    const uploaded = await postImage(owner.client, app.url, { accountType: 'shop', accountId: studio.id, imageType: 'banner' }, banner);
    expect(uploaded.status).toBe(201);
    const page = await headOf(`/studio/${studio.urlSlug}`);
    const [image] = page.meta('og:image');
    expect(image).toBe(`${app.url}/og-image.jpg?src=${encodeURIComponent(String(uploaded.body.url))}`);
    expect(page.meta('twitter:image')).toEqual([image]);
    expect(page.meta('og:image:type')).toEqual(['image/jpeg']);
    const preview = await fetch(image.replaceAll('&amp;', '&'));
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const { format, width } = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect({ format, width, tagWidth: page.meta('og:image:width') }).toEqual({ format: 'jpeg', width: 1200, tagWidth: ['1200'] });
  });

  it('an artist page, signed out: a Person working for their studio', async () => {
    const artist = await bookableArtist(app.server);
    const page = await headOf(`/artist/${artist.slug}`);
    expect(page.titles).toEqual([`Ink ${artist.slug} — tattoo artist | InkLink`]);
    expect(page.canonical).toEqual([`${app.url}/artist/${artist.slug}`]);
    expect(page.jsonLd).toHaveLength(1);
    expect(page.jsonLd[0]).toMatchObject({
      '@type': 'Person',
      jobTitle: 'Tattoo artist',
      knowsAbout: ['Fine Line'],
      worksFor: [{ '@type': 'TattooParlor', name: artist.studio.name }],
    });
    expect(validateJsonLd(page.jsonLd[0])).toEqual([]);
  });

  it('a blog post, signed out: a BlogPosting; a draft post is not found and has no head of its own', async () => {
    const slug = `care-${Date.now()}`;
    await app.server.deps.db.insert(blogs).values([
      {
        title: 'Caring for new ink',
        slug,
        excerpt: 'The first two weeks.',
        content: 'Wash gently.',
        category: 'Aftercare',
        status: 'published',
        publishedAt: new Date('2026-10-01T09:00:00Z'),
      },
      { title: 'Unannounced', slug: `${slug}-draft`, excerpt: 'Soon.', content: 'x', category: 'News', status: 'draft' },
    ]);
    const page = await headOf(`/blog/${slug}`);
    expect(page.titles).toEqual(['Caring for new ink | InkLink']);
    expect(page.jsonLd).toHaveLength(1);
    expect(page.jsonLd[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Caring for new ink',
      datePublished: '2026-10-01T09:00:00.000Z',
    });
    expect(validateJsonLd(page.jsonLd[0])).toEqual([]);
    const draft = await headOf(`/blog/${slug}-draft`);
    expect(draft.html).not.toContain('Unannounced');
    expect(draft.jsonLd).toEqual([]);
  });

  it('a draft product its manager sees: no description, image or JSON-LD of it, and noindex', async () => {
    const { owner, storefront, draft } = await fixture();
    const page = await headOf(`/storefront/${storefront.id}/product/${draft.id}`, await memberCookie(owner.user));
    expect(page.titles).toEqual(['Secret Draft | InkLink']);
    expect(page.meta('robots')).toEqual(['noindex, nofollow']);
    expect(page.jsonLd).toEqual([]);
    expect(page.canonical).toEqual([]);
    expect(page.head).not.toContain('Not yet announced');
  });
});

describe('the blog and the site pages are rendered on the server', () => {
  it('a post, the blog and the site pages are in the HTML, with their own title, and the app takes them over without an error', async () => {
    const slug = `hydrate-${Date.now()}`;
    await app.server.deps.db.insert(blogs).values({
      title: 'Healing week one',
      slug,
      excerpt: 'Day by day.',
      content: 'Keep it **clean**.',
      category: 'Aftercare',
      status: 'published',
      publishedAt: new Date('2026-10-01T09:00:00Z'),
    });
    const page = await app.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const [path, heading] of [
      [`/blog/${slug}`, 'Healing week one'],
      ['/blog', 'Healing week one'],
      ['/about', 'About InkLink'],
      ['/pricing', 'Pricing'],
      ['/contact', 'Contact us'],
      ['/privacy', 'Privacy'],
      ['/terms', 'Terms'],
    ] as const) {
      const { html, titles, canonical } = await headOf(path);
      expect(html, path).toContain('data-server-rendered="page"');
      expect(titles, path).toHaveLength(1);
      expect(canonical, path).toEqual([`${app.url}${path}`]);
      expect(html, path).toContain(heading);
      await page.goto(`${app.url}${path}`);
      await appHasTakenOver(page);
      await page.getByText(heading).first().waitFor();
    }
    expect(errors).toEqual([]);
  });
});

describe('the app keeps the head in step as it navigates', () => {
  it('title, canonical and JSON-LD follow the page; a page without a head gets the app title back; no CSP violation', async () => {
    const { storefront, product } = await fixture();
    const page = await app.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${app.url}/storefront/${storefront.id}/product/${product.id}`);
    await appHasTakenOver(page);
    const state = () =>
      page.evaluate(() => ({
        title: document.title,
        titles: document.querySelectorAll('title').length,
        descriptions: document.querySelectorAll('meta[name="description"]').length,
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
        jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}')['@type']),
      }));
    expect(await state()).toEqual({
      title: `Aftercare Balm <Tin> — ${storefront.name} | InkLink`,
      titles: 1,
      descriptions: 1,
      canonical: `${app.url}/storefront/${storefront.id}/product/${product.id}`,
      jsonLd: ['Product'],
    });
    await page.getByRole('link', { name: `← ${storefront.name}` }).click();
    await expect.poll(async () => (await state()).canonical).toBe(`${app.url}/storefront/${storefront.id}`);
    expect(await state()).toMatchObject({
      title: `${storefront.name} — shop | InkLink`,
      titles: 1,
      descriptions: 1,
      jsonLd: ['Organization'],
    });
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await expect.poll(async () => (await state()).title).toBe('Pricing | InkLink');
    expect(await state()).toMatchObject({ titles: 1, descriptions: 1, canonical: `${app.url}/pricing`, jsonLd: [] });
    // The sign-in page has no head of its own: the app's title and description come back.
    await page.getByRole('link', { name: 'Login' }).first().click();
    await expect.poll(async () => (await state()).title).toBe('InkLink — tattoo artists, studios and collectors');
    expect(await state()).toMatchObject({ titles: 1, descriptions: 1, canonical: null, jsonLd: [] });
    expect(violations).toEqual([]);
  });
});
