import fs from 'node:fs';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../server/db/schema';
import { withScaledJpeg } from '../../server/domains/images/scaled-jpeg';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

// A phone-sized JPEG is decoded by libjpeg at half scale from a private temporary file
// (scaled-jpeg.ts); these prove that path keeps every rule of the full-scale one.

const server = useTestServer();
/** 4000x3000, photo-like noise with a dark block in the top left corner, so a wrong rotation shows. */
let photo: Buffer;
beforeAll(async () => {
  const block = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#101010' } })
    .png()
    .toBuffer();
  photo = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#a0a0a0', noise: { type: 'gaussian', mean: 160, sigma: 12 } },
  })
    .composite([{ input: block, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
});

async function upload(bytes: Buffer, imageType = 'avatar') {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  const form = new FormData();
  form.append('accountType', 'user');
  form.append('accountId', user.id);
  form.append('imageType', imageType);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG_0001.JPG');
  const response = await client.fetch(`${server.url}/api/images`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** PSNR of two equally sized images over their RGB samples. */
async function psnr(a: Buffer, b: Buffer) {
  const [x, y] = await Promise.all([sharp(a).removeAlpha().raw().toBuffer(), sharp(b).removeAlpha().raw().toBuffer()]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += (x[i] - y[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / x.length));
}

describe('a 12 MP JPEG decoded at half scale', () => {
  it('is stored upright (EXIF orientation), at the spec sizes, close to a full-scale decode', async () => {
    const rotated = await sharp(photo).withMetadata({ orientation: 6 }).jpeg({ quality: 85 }).toBuffer();
    const result = await upload(rotated);
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ width: 810, height: 1080 });
    const variants = result.body.variants as Array<{ url: string; width: number; height: number }>;
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [100, 100],
      [300, 300],
      [600, 600],
    ]);
    const stored = Buffer.from(await (await fetch(`${server.url}${String(result.body.url)}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const fullScale = await sharp(rotated).rotate().resize(810, 1080).png().toBuffer();
    expect(await psnr(stored, fullScale)).toBeGreaterThan(30);
    const wrongWay = await sharp(photo).rotate(270).resize(810, 1080).png().toBuffer();
    expect(await psnr(stored, wrongWay)).toBeLessThan(20);
  });

  it('is refused when truncated, and nothing is stored', async () => {
    const before = (await server.deps.db.select({ n: count() }).from(images))[0].n;
    const result = await upload(photo.subarray(0, Math.floor(photo.length * 0.9)));
    expect(result).toEqual({ status: 400, body: { error: 'Failed to load image' } });
    expect((await server.deps.db.select({ n: count() }).from(images))[0].n).toBe(before);
  });
});

describe('withScaledJpeg', () => {
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

  it('hands the decoder a private file with the scale as a libvips load option, and removes it after', async () => {
    let file = '';
    const result = await withScaledJpeg(bytes, 2, async (input) => {
      expect(input).toMatch(/\.jpg\[shrink=2\]$/);
      file = input.slice(0, -'[shrink=2]'.length);
      expect(fs.readFileSync(file)).toEqual(bytes);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      return 'decoded';
    });
    expect(result).toBe('decoded');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('removes the file when decoding fails, and passes the failure on', async () => {
    let file = '';
    await expect(
      withScaledJpeg(bytes, 4, async (input) => {
        file = input.slice(0, -'[shrink=4]'.length);
        throw new Error('corrupt');
      }),
    ).rejects.toThrow('corrupt');
    expect(file).not.toBe('');
    expect(fs.existsSync(file)).toBe(false);
  });
});
