import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, productPhotos } from '../../server/db/schema';
import { STOREFRONT_MESSAGES } from '../../server/domains/storefronts/inputs';
import { localFilesDir } from '../../server/providers/storage';
import { executeRows } from '../../server/db/sql';
import type { TestClient } from '../support/client';
import { trpcError } from '../support/client';
import { ADDRESS, CARDS, person, productInput, sellerWithStorefront, studioWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';
import { postProductPhoto } from '../support/uploads';

// Issue 20 item 3: product photos go through the portfolio pipeline, in an order the seller sets,
// at most 10, with alt text; only the storefront's managers change them.

const server = useTestServer();
const db = () => server.deps.db;
let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    .toBuffer();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 10, b: 10 } } }).png().toBuffer();
});

const upload = (client: TestClient, productId: string, bytes: Buffer, fields: Record<string, string> = {}, filename?: string, mime?: string) =>
  postProductPhoto(client, server.url, productId, fields, bytes, filename, mime);
type Photo = { id: string; url: string; altText: string; srcSet: string | null; width: number | null };
const photosIn = (answer: { body: unknown }) => answer.body as unknown as Photo[];

async function sellerWithProduct() {
  const seller = await sellerWithStorefront(server);
  const product = await seller.client.product.create.mutate(productInput(seller.storefront.id, { name: 'Rose Print' }));
  return { seller, product };
}

const photoRows = async (productId: string) =>
  db().select().from(productPhotos).where(eq(productPhotos.productId, productId)).orderBy(productPhotos.position);
const productImageCount = async () => (await db().select({ n: count() }).from(images).where(eq(images.imageType, 'product')))[0].n;
const fileExists = (url: string) => fs.existsSync(path.join(localFilesDir(server.deps.config), url.replace(/^\/files\//, '')));
const srcSetUrls = (srcSet: string | null) => (srcSet ?? '').split(', ').map((entry) => entry.split(' ')[0]);

/** Kept URLs (no upload) filling the product's first `n` places: cheap setup for the cap. */
const fillWithKeptUrls = (productId: string, n: number) =>
  db()
    .insert(productPhotos)
    .values(Array.from({ length: n }, (_, position) => ({ productId, position, externalUrl: `https://example.com/${position}.jpg`, altText: `Photo ${position}` })));

describe('POST /api/products/:productId/photos', () => {
  it('stores an upload as WebP sizes without its metadata, with the product name as alt text, and shows it with a srcset on the page and the cards', async () => {
    const { seller, product } = await sellerWithProduct();
    const visitor = server.client();
    const cardOf = async () => (await visitor.product.search.query({ storefrontId: seller.storefront.id })).items.find((p) => p.id === product.id);
    expect((await cardOf())?.photos).toEqual([]); // now in the search cache
    const answer = await upload(seller.client, product.id, jpeg);
    expect(answer.status).toBe(201);
    const [photo] = photosIn(answer);
    expect(photo).toMatchObject({ altText: 'Rose Print', width: 1440 });
    expect(photo.srcSet).toMatch(/^\/files\/users\/\S+-320\.webp 320w, \S+-640\.webp 640w, \S+-960\.webp 960w, \S+\.webp 1440w$/);

    const [image] = await db().select().from(images).where(eq(images.url, photo.url));
    expect(image).toMatchObject({ imageType: 'product', accountType: 'user', accountId: seller.user.id, visibility: 'public' });
    const served = await fetch(new URL(photo.url, server.url));
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ format: meta.format, exif: meta.exif }).toEqual({ format: 'webp', exif: undefined });
    for (const url of srcSetUrls(photo.srcSet)) expect((await fetch(new URL(url, server.url))).status).toBe(200);

    expect((await visitor.product.byId.query({ productId: product.id })).photos).toEqual([photo]);
    // The cached search answer went with the photo's change (product_photos announces like products).
    expect((await cardOf())?.photos).toEqual([photo]);
  });

  it('answers a file that is not an image with the pipeline message and stores nothing', async () => {
    const { seller, product } = await sellerWithProduct();
    const before = await productImageCount();
    const answer = await upload(seller.client, product.id, Buffer.from('just some text, not a picture'), {}, 'notes.jpg', 'image/jpeg');
    expect(answer).toEqual({ status: 400, body: { error: 'Unsupported image type. Use JPEG, PNG, GIF or WebP' } });
    expect(await photoRows(product.id)).toEqual([]);
    expect(await productImageCount()).toBe(before);
  });

  it('takes the longest alt text in any script, and refuses a longer one with its message', async () => {
    const { seller, product } = await sellerWithProduct();
    const longest = '玫'.repeat(250); // 750 bytes in UTF-8
    expect(photosIn(await upload(seller.client, product.id, png, { altText: longest })).map((p) => p.altText)).toEqual([longest]);
    expect(await upload(seller.client, product.id, png, { altText: `${longest}!` })).toEqual({ status: 400, body: { error: 'Alt text must be at most 250 characters' } });
  });

  it("refuses anyone but the storefront's managers with the storefront's message, and changes nothing", async () => {
    const { owner, manager, member, storefront } = await studioWithStorefront(server);
    const product = await owner.client.product.create.mutate(productInput(storefront.id));
    const stranger = await person(server);
    for (const outsider of [stranger, member]) {
      expect(await upload(outsider.client, product.id, png)).toEqual({ status: 403, body: { error: STOREFRONT_MESSAGES.notManager } });
    }
    expect(await photoRows(product.id)).toEqual([]);
    // A studio's store managers may, like its owner.
    expect((await upload(manager.client, product.id, png)).status).toBe(201);
    expect((await upload(owner.client, product.id, png)).status).toBe(201);
    expect(await photoRows(product.id)).toHaveLength(2);

    const before = await photoRows(product.id);
    const [photo] = before;
    const attempts = [
      () => stranger.client.product.deletePhoto.mutate({ photoId: photo.id }),
      () => member.client.product.updatePhotoAlt.mutate({ photoId: photo.id, altText: 'Defaced' }),
      () => stranger.client.product.reorderPhotos.mutate({ productId: product.id, photoIds: before.map((p) => p.id).reverse() }),
    ];
    for (const attempt of attempts) {
      expect(await trpcError(attempt())).toMatchObject({ code: 'FORBIDDEN', message: STOREFRONT_MESSAGES.notManager });
    }
    expect(await upload(stranger.client, product.id, png, { replacesPhotoId: photo.id })).toEqual({ status: 403, body: { error: STOREFRONT_MESSAGES.notManager } });
    expect(await photoRows(product.id)).toEqual(before);
  });

  it('takes at most 10 photos a product, and the database holds the cap', async () => {
    const { seller, product } = await sellerWithProduct();
    await fillWithKeptUrls(product.id, 9);
    expect((await upload(seller.client, product.id, png)).status).toBe(201);
    const before = await productImageCount();
    expect(await upload(seller.client, product.id, png)).toEqual({ status: 400, body: { error: 'A product can have at most 10 photos' } });
    expect(await productImageCount()).toBe(before);
    // Past the service: an eleventh place and a taken place are refused by constraints.
    await expect(db().insert(productPhotos).values({ productId: product.id, position: 10, externalUrl: 'https://example.com/x.jpg', altText: 'x' })).rejects.toThrow();
    await expect(db().insert(productPhotos).values({ productId: product.id, position: 3, externalUrl: 'https://example.com/y.jpg', altText: 'y' })).rejects.toThrow();
    expect(await photoRows(product.id)).toHaveLength(10);
  });

  // A race only means something on PostgreSQL (CI sets DATABASE_URL); on PGlite, one connection,
  // the table lock below would stop everything.
  it.runIf(process.env.DATABASE_URL)('lets exactly one of two uploads racing for the 10th place in, and removes the loser’s files', async () => {
    const { seller, product } = await sellerWithProduct();
    await fillWithKeptUrls(product.id, 9);
    const root = localFilesDir(server.deps.config);
    const webpFiles = () => (fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length : 0);
    const filesBefore = webpFiles();
    // Lined up: while a share lock keeps the table from being written, both uploads are processed
    // and get as far as they can (both find place 9 free unless they take turns), then go together.
    const waiting = async () =>
      (await executeRows<{ n: number }>(db(), sql`select count(*)::int as n from pg_locks where not granted and database = (select oid from pg_database where datname = current_database())`))[0].n;
    const { racing } = await db().transaction(async (tx) => {
      await tx.execute(sql`lock table product_photos in share row exclusive mode`);
      const both = Promise.all([upload(seller.client, product.id, jpeg), upload(seller.client, product.id, jpeg)]);
      await expect.poll(waiting, { timeout: 20_000 }).toBe(2);
      return { racing: both }; // not awaited here: they go on once this commits
    });
    const answers = await racing;
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)?.body).toEqual({ error: 'A product can have at most 10 photos' });
    expect(await photoRows(product.id)).toHaveLength(10);
    // The winner's stored image and its three sizes; nothing of the loser.
    expect(webpFiles() - filesBefore).toBe(4);
  });

  it('replaces a photo in its place, deleting the old image and its files', async () => {
    const { seller, product } = await sellerWithProduct();
    await upload(seller.client, product.id, png, { altText: 'First' });
    const [first, second] = photosIn(await upload(seller.client, product.id, jpeg, { altText: 'Second' }));
    const oldFiles = [first.url, ...srcSetUrls(first.srcSet)];
    expect(oldFiles.every(fileExists)).toBe(true);

    const replaced = photosIn(await upload(seller.client, product.id, jpeg, { replacesPhotoId: first.id }));
    expect(replaced.map((p) => [p.id, p.altText])).toEqual([
      [first.id, 'First'],
      [second.id, 'Second'],
    ]);
    expect(replaced[0].url).not.toBe(first.url);
    expect(oldFiles.filter(fileExists)).toEqual([]);
    expect(await db().select({ id: images.id }).from(images).where(eq(images.url, first.url))).toEqual([]);
  });
});

describe('product photo order, alt text and delete', () => {
  it('reorders, refuses a stale order, requires alt text, and deletes a photo with its files', async () => {
    const { seller, product } = await sellerWithProduct();
    for (const altText of ['A', 'B', 'C']) await upload(seller.client, product.id, png, { altText });
    const [a, b, c] = (await seller.client.product.byId.query({ productId: product.id })).photos;

    const reordered = await seller.client.product.reorderPhotos.mutate({ productId: product.id, photoIds: [c.id, a.id, b.id] });
    expect(reordered.map((p) => p.altText)).toEqual(['C', 'A', 'B']);
    expect(await trpcError(seller.client.product.reorderPhotos.mutate({ productId: product.id, photoIds: [a.id, b.id] }))).toMatchObject({
      code: 'CONFLICT',
      message: "The product's photos have changed. Reload the page and try again",
    });
    expect(await trpcError(seller.client.product.updatePhotoAlt.mutate({ photoId: a.id, altText: '  ' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Describe the photo for people who cannot see it',
    });
    expect((await seller.client.product.updatePhotoAlt.mutate({ photoId: a.id, altText: 'Red square' })).map((p) => p.altText)).toEqual(['C', 'Red square', 'B']);

    const left = await seller.client.product.deletePhoto.mutate({ photoId: c.id });
    expect(left.map((p) => p.altText)).toEqual(['Red square', 'B']);
    expect((await photoRows(product.id)).map((p) => p.position)).toEqual([0, 1]);
    expect([c.url, ...srcSetUrls(c.srcSet)].filter(fileExists)).toEqual([]);
    expect(await db().select({ id: images.id }).from(images).where(eq(images.url, c.url))).toEqual([]);
  });

  it('keeps the first photo as the picture of an order line', async () => {
    const { seller, product } = await sellerWithProduct();
    const [photo] = photosIn(await upload(seller.client, product.id, png));
    const buyer = await person(server);
    const order = await buyer.client.order.checkout.mutate({
      storefrontId: seller.storefront.id,
      items: [{ productId: product.id, quantity: 1 }],
      fulfillmentMethod: 'shipping',
      shippingAddress: ADDRESS,
      paymentMethodId: CARDS.succeeds,
    });
    expect(order.items[0].productImage).toBe(photo.url);
  });
});

describe('migration 0031: existing products keep their images', () => {
  it('turns each typed-in URL into a photo in the same order, with the product name as alt text', async () => {
    const { product } = await sellerWithProduct();
    const migration = fs.readFileSync(new URL('../../drizzle/0031_product_photos_from_image_urls.sql', import.meta.url), 'utf8');
    const kept = await db()
      .transaction(async (tx) => {
        // The column as it was before 0032 dropped it, for this transaction only.
        await tx.execute(sql`alter table products add column images text[] not null default '{}'`);
        await tx.execute(sql`update products set images = array['https://cdn.example.com/a.jpg', '', '/files/users/x/b.webp'] where id = ${product.id}`);
        const dataStep = migration.split('--> statement-breakpoint').find((step) => step.includes('INSERT INTO "product_photos"'));
        await tx.execute(sql.raw(dataStep as string));
        const rows = await tx.select().from(productPhotos).where(eq(productPhotos.productId, product.id)).orderBy(productPhotos.position);
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((error: { rows?: unknown }) => error.rows);
    expect(kept).toMatchObject([
      { position: 0, externalUrl: 'https://cdn.example.com/a.jpg', imageId: null, altText: 'Rose Print' },
      { position: 2, externalUrl: '/files/users/x/b.webp', imageId: null, altText: 'Rose Print' },
    ]);
    // Shown as they were: the URL and its alt text, one size only (no srcset).
    await db().insert(productPhotos).values({ productId: product.id, position: 0, externalUrl: 'https://cdn.example.com/a.jpg', altText: 'Rose Print' });
    const page = await server.client().product.byId.query({ productId: product.id });
    expect(page.photos).toMatchObject([{ url: 'https://cdn.example.com/a.jpg', altText: 'Rose Print', srcSet: null, width: null }]);
  });
});
