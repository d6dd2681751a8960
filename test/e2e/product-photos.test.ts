import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { horizontalOverflow, PHONE_WIDTH, useBrowserApp } from '../support/browser';
import { productInput, sellerWithStorefront } from '../support/commerce-fixtures';

// Issue 20 item 3: the seller's product photo journey in the product form (upload several, a
// refused file with the pipeline's message, alt text, order, replace, delete), then the photos
// with their srcset on the public product page and the storefront's card. Screenshots of the
// photos manager at 1280 and 390 px go to test-results/screenshots/ to be looked at.

const app = useBrowserApp();
const SHOTS = path.resolve('test-results/screenshots');

const jpeg = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background } }).jpeg().toBuffer(),
});

/** The alt texts of the manager's thumbnails, in order. */
const managerOrder = (page: Page) => page.getByRole('list', { name: 'Product photos' }).getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')));

describe('product photos in the browser', () => {
  it('a seller uploads, describes, reorders, replaces and deletes photos; visitors see them with a srcset', async () => {
    const seller = await sellerWithStorefront(app.server);
    const product = await seller.client.product.create.mutate(productInput(seller.storefront.id, { name: 'Rose Tee' }));
    const page = await app.newPage();
    await app.signInAs(page, seller.user);
    await page.goto(`${app.url}/manage/storefront/${seller.storefront.id}/products/${product.id}/edit`);

    await expect.poll(() => page.getByText('0 of 10 photos').count()).toBe(1);
    expect(await page.getByLabel('Image URLs').count()).toBe(0);
    await page.getByLabel('Add photos').setInputFiles([await jpeg('front.jpg', '#c0392b'), await jpeg('back.jpg', '#2c3e50')]);
    await page.getByText('2 of 10 photos').waitFor();
    expect(await managerOrder(page)).toEqual(['Rose Tee', 'Rose Tee']);

    // A file that is no image is refused with the pipeline's message; the others stay.
    await page.getByLabel('Add photos').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') });
    await page.getByRole('alert').getByText('notes.jpg: Unsupported image type. Use JPEG, PNG, GIF or WebP').waitFor();
    await page.getByText('2 of 10 photos').waitFor();

    await page.getByLabel('Alt text for photo 2').fill('Back print of the rose tee');
    await page.getByRole('button', { name: 'Save alt text' }).nth(1).click();
    await expect.poll(() => managerOrder(page)).toEqual(['Rose Tee', 'Back print of the rose tee']);

    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await expect.poll(() => managerOrder(page)).toEqual(['Back print of the rose tee', 'Rose Tee']);
    expect(await page.getByRole('button', { name: 'Move photo 1 earlier' }).isDisabled()).toBe(true);

    expect(await seriousViolations(page)).toEqual([]);
    fs.mkdirSync(SHOTS, { recursive: true });
    const photosGroup = page.locator('fieldset').filter({ hasText: 'of 10 photos' });
    await photosGroup.screenshot({ path: path.join(SHOTS, 'product-photos-manager-1280.png') });

    const before = await page.getByRole('list', { name: 'Product photos' }).getByRole('img').nth(1).getAttribute('src');
    await page.locator('input[type=file][aria-label="Replace photo 2"]').setInputFiles(await jpeg('front-2.jpg', '#27ae60'));
    await expect.poll(() => page.getByRole('list', { name: 'Product photos' }).getByRole('img').nth(1).getAttribute('src')).not.toBe(before);
    expect(await managerOrder(page)).toEqual(['Back print of the rose tee', 'Rose Tee']);

    await page.getByLabel('Add photos').setInputFiles(await jpeg('extra.jpg', '#8e44ad'));
    await page.getByText('3 of 10 photos').waitFor();
    await page.getByRole('button', { name: 'Delete photo 3' }).click();
    await page.getByText('2 of 10 photos').waitFor();

    await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
    await photosGroup.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBe(0);
    await photosGroup.screenshot({ path: path.join(SHOTS, 'product-photos-manager-390.png') });

    // Visitors: the product page shows the cover with its srcset, the card too.
    const visitor = await app.newPage();
    await visitor.goto(`${app.url}/storefront/${seller.storefront.id}/product/${product.id}`);
    const cover = visitor.getByRole('img', { name: 'Back print of the rose tee' }).first();
    await cover.waitFor();
    expect(await cover.getAttribute('srcset')).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-960\.webp 960w, .*\.webp 1200w$/);
    await visitor.getByRole('button', { name: 'Show picture 2 of 2' }).click();
    await visitor.getByRole('img', { name: 'Rose Tee' }).first().waitFor();
    await visitor.screenshot({ path: path.join(SHOTS, 'product-photos-page-1280.png') });
    await visitor.setViewportSize({ width: PHONE_WIDTH, height: 844 });
    expect(await horizontalOverflow(visitor)).toBe(0);
    await visitor.screenshot({ path: path.join(SHOTS, 'product-photos-page-390.png') });
    await visitor.goto(`${app.url}/storefront/${seller.storefront.id}`);
    const card = visitor.getByRole('article').getByRole('img', { name: 'Back print of the rose tee' });
    await card.waitFor();
    expect(await card.getAttribute('srcset')).toContain('320w');
    expect(await card.getAttribute('sizes')).toBe('(max-width: 599px) 100vw, (max-width: 1199px) 50vw, 400px');
  });
});
