import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artists, images, shops } from '../../server/db/schema';
import { seriousViolations } from '../support/axe';
import { bookableArtist } from '../support/booking-fixtures';
import { BOTH_WIDTHS, horizontalOverflow, useBrowserApp } from '../support/browser';
import { person, productInput, sellerWithStorefront, studioWithStorefront } from '../support/commerce-fixtures';
import { layoutShift } from '../support/server-rendered';
import { postImage, postProductPhoto } from '../support/uploads';

// Issue 20, items 4 and 5: storefronts are found (the artist page's Shop section, the landing
// page's featured rows for signed-out visitors) and the artists listing's cards show the artists'
// newest portfolio pieces. Screenshots at 1280 and 390 px go to test-results/screenshots/.

const app = useBrowserApp();
const SHOTS = path.resolve('test-results/screenshots');
const piece = (background: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Uploads a portfolio piece (through the pipeline, so with its card sizes) to the person's own account; its URL. */
async function uploadPortfolio(owner: { client: Parameters<typeof postImage>[0]; user: { id: string } }, colour: string) {
  const answer = await postImage(
    owner.client,
    app.url,
    { accountType: 'user', accountId: owner.user.id, imageType: 'portfolio' },
    await piece(colour),
  );
  expect(answer.status).toBe(201);
  return String(answer.body.url);
}

/** An artist with a storefront, a photographed product and two portfolio pieces (uploaded, so with their card sizes). */
async function artistWithShop(name: string, slug: string) {
  const seller = await sellerWithStorefront(app.server);
  const profile = await seller.client.artist.saveMine.mutate({
    name,
    urlSlug: slug,
    city: 'Marrow Bay',
    state: 'OR',
    tattooStyles: ['Fine Line'],
  });
  await app.server.deps.db.update(artists).set({ isFeatured: true, boost: 100 }).where(eq(artists.id, profile.id));
  for (const colour of ['#8e44ad', '#16a085']) await uploadPortfolio(seller, colour);
  const product = await seller.client.product.create.mutate(productInput(seller.storefront.id, { name: `${name} Print`, featured: true }));
  const photo = await postProductPhoto(
    seller.client,
    app.url,
    product.id,
    { altText: `Print of a swallow by ${name}` },
    await piece('#c0392b'),
  );
  expect(photo.status).toBe(201);
  return { ...seller, profile, product };
}

describe('storefronts are found, portfolios are seen', () => {
  it("the artist page shows the artist's Shop with its product and a link to the storefront; no Shop without one", async () => {
    const artist = await artistWithShop('Wren Calloway', 'wren-calloway');
    const plain = await person(app.server);
    await plain.client.artist.saveMine.mutate({ name: 'Juniper Ash', urlSlug: 'juniper-ash', tattooStyles: ['Blackwork'] });
    const viewer = await person(app.server);
    for (const width of BOTH_WIDTHS) {
      const page = await app.newPage({ width });
      await app.signInAs(page, viewer.user);
      // In the server's HTML already (the loader loaded it): no box appears later.
      const html = await (await page.request.get(`${app.url}/artist/wren-calloway`, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain('Visit Shop');
      expect(html).toContain('Wren Calloway Print');
      await page.goto(`${app.url}/artist/wren-calloway`);
      const shop = page.getByRole('region', { name: 'Shop' });
      await shop.waitFor();
      expect(await shop.getByRole('link', { name: 'Visit Shop' }).getAttribute('href')).toBe(`/storefront/${artist.storefront.id}`);
      const productLink = shop.getByRole('link', { name: /Wren Calloway Print/ });
      expect(await productLink.getAttribute('href')).toBe(`/storefront/${artist.storefront.id}/product/${artist.product.id}`);
      const photo = shop.getByRole('img', { name: 'Print of a swallow by Wren Calloway' });
      expect(await photo.getAttribute('srcset')).toContain('320w');
      expect(await horizontalOverflow(page)).toBe(0);
      fs.mkdirSync(SHOTS, { recursive: true });
      await shop.screenshot({ path: path.join(SHOTS, `artist-shop-section-${width}.png`) });
      if (width === BOTH_WIDTHS[0]) {
        await productLink.click();
        await page.getByRole('heading', { name: 'Wren Calloway Print' }).waitFor();
      }

      await page.goto(`${app.url}/artist/juniper-ash`);
      await page.getByRole('heading', { name: 'Juniper Ash', level: 1 }).waitFor();
      expect(await page.getByRole('region', { name: 'Shop' }).count()).toBe(0);
    }
  });

  it('the landing page shows signed-out visitors featured artists, studios and products, in its HTML', async () => {
    await artistWithShop('Sable Winters', 'sable-winters');
    const html = await (await fetch(app.url, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('Featured Artists');
    expect(html).toContain('Sable Winters');
    expect(html).toContain('Sable Winters Print');
    for (const width of BOTH_WIDTHS) {
      const page = await app.newPage({ width });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/trpc/') && request.url().includes('discovery.featured')) asked.push(request.url());
      });
      await page.goto(app.url);
      const artistsRow = page.getByRole('region', { name: 'Featured Artists' });
      await artistsRow.waitFor();
      const card = artistsRow.getByRole('link', { name: /Sable Winters/ });
      expect(await card.getAttribute('href')).toBe('/artist/sable-winters');
      const cover = card.getByRole('img', { name: 'Portfolio piece by Sable Winters' });
      // Below the fold: lazy, with its card sizes and its size known before it loads.
      expect(await cover.getAttribute('loading')).toBe('lazy');
      expect(await cover.getAttribute('srcset')).toContain('320w');
      expect(await cover.getAttribute('width')).toBeTruthy();
      const products = page.getByRole('region', { name: 'Featured Products' });
      await products.getByRole('img', { name: 'Print of a swallow by Sable Winters' }).first().waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      // The rows came with the HTML (no request for them), hydrated without a mismatch, moving nothing.
      expect(asked).toEqual([]);
      expect(problems).toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
      expect(await seriousViolations(page)).toEqual([]);
      fs.mkdirSync(SHOTS, { recursive: true });
      await artistsRow.scrollIntoViewIfNeeded();
      await page
        .locator('section', { has: page.getByRole('heading', { name: 'Featured Artists' }) })
        .locator('..')
        .screenshot({ path: path.join(SHOTS, `landing-featured-${width}.png`) });
    }
  });

  it("a studio that shows its artists' portfolios has its resident's work and its Shop in the server's HTML, not skeletons", async () => {
    const { studio, storefront, owner, member } = await studioWithStorefront(app.server);
    await app.server.deps.db.update(shops).set({ useArtistsPortfolios: true }).where(eq(shops.id, studio.id));
    await member.client.artist.saveMine.mutate({ name: 'Rowan Vale', urlSlug: 'rowan-vale', tattooStyles: ['Fine Line'] });
    const uploadedUrl = await uploadPortfolio(member, '#d35400');
    await owner.client.product.create.mutate(productInput(storefront.id, { name: 'Studio Aftercare Kit' }));
    const viewer = await person(app.server);
    const page = await app.newPage();
    await app.signInAs(page, viewer.user);
    const html = await (await page.request.get(`${app.url}/studio/id/${studio.id}`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(uploadedUrl);
    expect(html).toContain('Studio Aftercare Kit');
    expect(html).not.toContain('MuiSkeleton');
    await page.goto(`${app.url}/studio/id/${studio.id}`);
    await page
      .getByRole('region', { name: 'Shop' })
      .getByRole('link', { name: /Studio Aftercare Kit/ })
      .waitFor();
    expect(await page.locator(`img[src="${uploadedUrl}"]`).count()).toBe(1);
  });

  it('an artist page with open books has its bookable flash, portfolio and Shop in the HTML: nothing moves (CLS <= 0.05)', async () => {
    const artist = await bookableArtist(app.server);
    const [sheet] = await app.server.deps.db
      .insert(images)
      .values({
        url: '/favicon.ico',
        accountId: artist.user.id,
        accountType: 'user',
        imageType: 'flash',
        uploadedBy: artist.user.id,
        width: 48,
        height: 48,
      })
      .returning();
    await artist.client.booking.saveService.mutate({
      kind: 'flash',
      name: 'Moth flash',
      durationMinutes: 60,
      price: 12000,
      flashImageId: sheet.id,
    });
    const uploadedUrl = await uploadPortfolio(artist, '#2c3e50');
    const store = await artist.client.storefront.create.mutate({ name: 'Moth Goods' });
    await artist.client.product.create.mutate(productInput(store.id, { name: 'Moth Patch' }));
    const viewer = await person(app.server);
    for (const width of BOTH_WIDTHS) {
      const page = await app.newPage({ width });
      await app.signInAs(page, viewer.user);
      const html = await (await page.request.get(`${app.url}/artist/${artist.slug}`, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain('Moth flash');
      expect(html).toContain(uploadedUrl);
      expect(html).toContain('Moth Patch');
      expect(html).not.toContain('MuiSkeleton');
      await page.goto(`${app.url}/artist/${artist.slug}`);
      await page.getByRole('region', { name: 'Shop' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
    }
  });

  it("the artists listing's cards show each artist's newest portfolio pieces", async () => {
    await artistWithShop('Indigo Marsh', 'indigo-marsh');
    const viewer = await person(app.server);
    for (const width of BOTH_WIDTHS) {
      const page = await app.newPage({ width });
      await app.signInAs(page, viewer.user);
      await page.goto(`${app.url}/artists`);
      const card = page.getByRole('link', { name: /Indigo Marsh/ }).first();
      await card.waitFor();
      const first = card.getByRole('img', { name: 'Portfolio piece 1 by Indigo Marsh' });
      await first.waitFor();
      expect(await card.getByRole('img', { name: /Portfolio piece \d by Indigo Marsh/ }).count()).toBe(2);
      expect(await first.getAttribute('srcset')).toContain('320w');
      expect(await first.getAttribute('height')).toBeTruthy();
      // The first card's first picture is on the first screen: never lazy.
      const firstCardImage = page.locator('main img[alt^="Portfolio piece 1 by"]').first();
      expect(await firstCardImage.getAttribute('loading')).toBe('eager');
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `artists-listing-${width}.png`) });
    }
  });
});
