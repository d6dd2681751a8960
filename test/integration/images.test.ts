import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, shops, shopUsers } from '../../server/db/schema';
import { localFilesDir } from '../../server/providers/storage';
import type { TestClient } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';
import { postImage } from '../support/uploads';

const server = useTestServer();
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 40, b: 60 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    .toBuffer();
});

const upload = (client: TestClient, fields: Record<string, string>, bytes: Buffer, filename?: string, mime?: string) =>
  postImage(client, server.url, fields, bytes, filename, mime);

/** A PNG that only claims its size: signature, IHDR, IEND — enough for a decoder to see the header. */
function pngHeader(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

async function signedIn() {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}
const imageCount = async () => (await server.deps.db.select({ n: count() }).from(images))[0].n;
const storedFiles = () => {
  const root = localFilesDir(server.deps.config);
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length : 0;
};

describe('POST /api/images', () => {
  it('re-encodes a JPEG to WebP within 1920x1080 without its metadata, and lists it newest first', async () => {
    const { user, client } = await signedIn();
    const result = await upload(client, { accountType: 'user', accountId: user.id, imageType: 'portfolio' }, jpeg);
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ accountId: user.id, accountType: 'user', imageType: 'portfolio', width: 1440, height: 1080 });
    const url = String(result.body.url);
    expect(url).toMatch(/^\/files\/users\/[0-9a-f-]+\/[a-z0-9]+\.webp$/);
    const served = await fetch(`${server.url}${url}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('secret camera owner')).toBe(false);

    const list = await client.image.list.query({ accountId: user.id, imageType: 'portfolio' });
    expect(list.items.map((i) => i.url)).toEqual([url]);
    expect(await client.image.counts.query({ accountId: user.id, imageTypes: ['portfolio', 'flash'] })).toEqual({ portfolio: 1, flash: 0 });
  });

  it('makes avatar variants 100/300/600 and banner variants 500x156/640x200/800x250', async () => {
    const { user, client } = await signedIn();
    const avatar = await upload(client, { accountType: 'user', accountId: user.id, imageType: 'avatar' }, jpeg);
    expect((avatar.body.variants as Array<{ width: number; height: number }>).map((v) => [v.width, v.height])).toEqual([
      [100, 100],
      [300, 300],
      [600, 600],
    ]);
    const banner = await upload(client, { accountType: 'user', accountId: user.id, imageType: 'banner' }, jpeg);
    expect((banner.body.variants as Array<{ width: number; height: number }>).map((v) => [v.width, v.height])).toEqual([
      [500, 156],
      [640, 200],
      [800, 250],
    ]);
  });

  it.each([
    ['a .jpg that is a text file', () => Buffer.from('just some text pretending to be a photo'), 400, 'Unsupported image type. Use JPEG, PNG, GIF or WebP'],
    ['a 6 MB image', () => Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024)]), 413, 'Image must be 5 MB or smaller'],
    ['a 20000x20000 PNG', () => pngHeader(20000, 20000), 400, 'Image dimensions are too large'],
    ['a truncated JPEG', () => jpeg.subarray(0, Math.floor(jpeg.length / 2)), 400, 'Failed to load image'],
    ['a JPEG/ZIP polyglot', () => Buffer.concat([jpeg, Buffer.from('PK\x03\x04'), Buffer.alloc(2048, 7)]), 400, 'Image contains unexpected data after its end'],
    ['a broken HEIC file', () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]), 400, 'Failed to convert HEIC image. Please try a different image format.'],
  ])('rejects %s with a clear message and stores nothing', async (_name, make, status, message) => {
    const { user, client } = await signedIn();
    const [rows, files] = [await imageCount(), storedFiles()];
    const result = await upload(client, { accountType: 'user', accountId: user.id, imageType: 'portfolio' }, make());
    expect(result).toEqual({ status, body: { error: message } });
    expect(await imageCount()).toBe(rows);
    expect(storedFiles()).toBe(files);
  });

  it('converts a HEIC photo (as iPhones take them) on the server', async () => {
    const { user, client } = await signedIn();
    const heic = fs.readFileSync(path.resolve('test/fixtures/sample.heic'));
    const result = await upload(client, { accountType: 'user', accountId: user.id, imageType: 'portfolio' }, heic, 'IMG_0001.HEIC', 'image/heic');
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ width: 320, height: 240 });
    const stored = Buffer.from(await (await fetch(`${server.url}${String(result.body.url)}`)).arrayBuffer());
    expect((await sharp(stored).metadata()).format).toBe('webp');
  });

  it('accepts uploads only for yourself or a studio you manage', async () => {
    const { user, client } = await signedIn();
    const other = await createUser({}, server.deps.db);
    expect(await upload(client, { accountType: 'user', accountId: other.id, imageType: 'portfolio' }, jpeg)).toMatchObject({ status: 403 });
    const [shop] = await server.deps.db.insert(shops).values({ name: 'Upload Studio', ownerId: other.id }).returning();
    expect(await upload(client, { accountType: 'shop', accountId: shop.id, imageType: 'portfolio' }, jpeg)).toMatchObject({ status: 403 });
    await server.deps.db.insert(shopUsers).values({ shopId: shop.id, userId: user.id, permissions: { calendar: true, manage: true } });
    expect(await upload(client, { accountType: 'shop', accountId: shop.id, imageType: 'portfolio' }, jpeg)).toMatchObject({ status: 201 });
    const anonymous = server.client();
    expect(await upload(anonymous, { accountType: 'user', accountId: user.id, imageType: 'portfolio' }, jpeg)).toMatchObject({ status: 401 });
    expect(await upload(client, { accountType: 'user', accountId: user.id, imageType: 'selfie' }, jpeg)).toMatchObject({
      status: 400,
      body: { error: 'imageType must be portfolio, flash, reference, avatar or banner' },
    });
  });
});

describe("a studio's banner", () => {
  it('is the newest banner its managers uploaded, with its cut sizes; deleting it shows the one before, then none', async () => {
    const { user, client } = await signedIn();
    const [shop] = await server.deps.db.insert(shops).values({ name: 'Banner Studio', urlSlug: `banner-${user.id.slice(0, 8)}`, ownerId: user.id }).returning();
    const bannerOf = async () => (await client.studio.byId.query({ id: shop.id })).banner;
    expect(await bannerOf()).toBeNull();

    const first = await upload(client, { accountType: 'shop', accountId: shop.id, imageType: 'banner' }, jpeg);
    // A studio's portfolio image is not its banner.
    await upload(client, { accountType: 'shop', accountId: shop.id, imageType: 'portfolio' }, jpeg);
    server.clock.advance(1000);
    const second = await upload(client, { accountType: 'shop', accountId: shop.id, imageType: 'banner' }, jpeg);
    expect([first.status, second.status]).toEqual([201, 201]);
    const shown = await bannerOf();
    expect(shown).toMatchObject({ url: second.body.url, width: 1440 });
    expect(shown?.variants.map((v) => [v.width, v.height])).toEqual([
      [500, 156],
      [640, 200],
      [800, 250],
    ]);
    // Anyone signed in sees it on the studio page.
    const visitor = await signedIn();
    expect((await visitor.client.studio.bySlug.query({ slug: shop.urlSlug ?? '' })).banner?.url).toBe(second.body.url);

    expect(await client.image.delete.mutate({ url: String(second.body.url) })).toBe(true);
    expect((await bannerOf())?.url).toBe(first.body.url);
    expect(await client.image.delete.mutate({ url: String(first.body.url) })).toBe(true);
    expect(await bannerOf()).toBeNull();
  });
});

describe('image.delete', () => {
  it('removes the row and the files for the owner; an invalid URL returns false; others are refused', async () => {
    const { user, client } = await signedIn();
    const { client: stranger } = await signedIn();
    const uploaded = await upload(client, { accountType: 'user', accountId: user.id, imageType: 'avatar' }, jpeg);
    const url = String(uploaded.body.url);
    expect(await client.image.delete.mutate({ url: 'https://example.com/not-ours.webp' })).toBe(false);
    expect(await client.image.delete.mutate({ url: '/files/../../etc/passwd' })).toBe(false);
    await expect(stranger.image.delete.mutate({ url })).rejects.toThrow('You can only upload images to your own profile or a studio you manage');
    const key = url.replace('/files/', '');
    const file = path.join(localFilesDir(server.deps.config), key);
    expect(fs.existsSync(file)).toBe(true);
    expect(await client.image.delete.mutate({ url })).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    expect(await server.deps.db.select().from(images).where(eq(images.url, url))).toHaveLength(0);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });
});
