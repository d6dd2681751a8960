import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_JPEG_PATH, previewJpegKeyOf } from '../../server/domains/images/rules';
import { person as signedInPerson } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';
import { postImage } from '../support/uploads';

// Issue 20 gap 1: link previews get a JPEG of a public image (older Facebook, LinkedIn, iMessage
// and Slack crawlers show no WebP). GET /og-image.jpg?src=<image URL> converts the stored image
// once, keeps the JPEG beside it, and answers 404 for a private or unknown image exactly as /files.

const server = useTestServer();
let photo: Buffer;
beforeAll(async () => {
  photo = await sharp({ create: { width: 1800, height: 900, channels: 3, background: '#a52' } })
    .jpeg()
    .toBuffer();
});

type Uploaded = { url: string; variants: Array<{ url: string }> };
async function upload(imageType: 'portfolio' | 'banner' | 'reference') {
  const p = await signedInPerson(server);
  const result = await postImage(p.client, server.url, { accountType: 'user', accountId: p.user.id, imageType }, photo);
  expect(result.status).toBe(201);
  return { p, image: result.body as unknown as Uploaded };
}

const previewUrl = (src: string) => `${server.url}${PREVIEW_JPEG_PATH}?src=${encodeURIComponent(src)}`;

describe('GET /og-image.jpg', () => {
  it('answers a 1200 px JPEG without metadata of a public image, cached like public files, and stores it beside the image', async () => {
    const { p, image } = await upload('portfolio');
    const key = image.url.slice('/files/'.length);
    expect(await server.deps.storage.read(previewJpegKeyOf(key))).toBeNull();

    const first = await fetch(previewUrl(image.url));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await first.arrayBuffer());
    expect([...body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(body).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, icc: meta.icc }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 600,
      exif: undefined,
      icc: undefined,
    });

    // Stored once: the second answer is the stored file, even with the original gone.
    const stored = await server.deps.storage.read(previewJpegKeyOf(key));
    expect(stored?.equals(body)).toBe(true);
    await server.deps.storage.put(previewJpegKeyOf(key), Buffer.concat([stored as Buffer, Buffer.from('marker')]), 'image/jpeg');
    const second = await fetch(previewUrl(image.url));
    expect(second.status).toBe(200);
    expect(
      Buffer.from(await second.arrayBuffer())
        .subarray(-6)
        .toString(),
    ).toBe('marker');

    // Deleting the image deletes its preview too.
    expect(await p.client.image.delete.mutate({ url: image.url })).toBe(true);
    expect(await server.deps.storage.read(previewJpegKeyOf(key))).toBeNull();
  });

  it('converts the image a variant belongs to, and one conversion serves requests made together', async () => {
    const { image } = await upload('banner');
    expect(image.variants.length).toBeGreaterThan(0);
    const answers = await Promise.all([image.url, image.variants[0].url, image.url].map((src) => fetch(previewUrl(src))));
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(bodies[1].equals(bodies[0]) && bodies[2].equals(bodies[0])).toBe(true);
  });

  it('converts many images asked for together, a few at a time (each answered)', async () => {
    const uploaded = await Promise.all(Array.from({ length: 5 }, () => upload('portfolio')));
    const answers = await Promise.all(uploaded.map(({ image }) => fetch(previewUrl(image.url))));
    const sizes = await Promise.all(answers.map(async (a) => (await sharp(Buffer.from(await a.arrayBuffer())).metadata()).width));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(sizes).toEqual([1200, 1200, 1200, 1200, 1200]);
  });

  it('answers a private photo, a missing image and a foreign URL with the 404 of /files, even to its owner', async () => {
    const { p, image } = await upload('reference');
    const refusals = [
      await fetch(previewUrl(image.url)),
      await p.client.fetch(previewUrl(image.url)),
      await fetch(previewUrl('/files/users/nobody/aaaaaaaa.webp')),
      await fetch(previewUrl('https://evil.example/x.webp')),
      await fetch(`${server.url}${PREVIEW_JPEG_PATH}`),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(await answer.json()).toEqual({ error: 'Not found' });
    }
    expect(await server.deps.storage.read(previewJpegKeyOf(image.url.slice('/files/'.length)))).toBeNull();
  });
});
