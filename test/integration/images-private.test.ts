import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { artists, images, pendingFileDeletions, shopUsers } from '../../server/db/schema';
import { movePrivateFiles } from '../../server/domains/images/move-private-files';
import { ACCOUNT_IMAGE_TYPES as IMAGE_TYPES, type ImageType } from '../../server/domains/images/rules';
import { localFilesDir } from '../../server/providers/storage';
import type { TestClient } from '../support/client';
import { type Person, person as signedInPerson } from '../support/commerce-fixtures';
import type { createUser } from '../support/factories';
import { useTestServer } from '../support/server';
import { studioInput } from '../support/studio-fixtures';
import { postImage } from '../support/uploads';

// Issue 18, deliverable 1: photos sent in conversations and attached to booking requests are
// private to the parties. Every kind is tried as a stranger (signed in and signed out) and as a
// party: lists, counts, the file and each of its stored cuts.

const server = useTestServer();
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#642' } }).jpeg().toBuffer();
});

const person = (overrides: Parameters<typeof createUser>[0] = {}) => signedInPerson(server, overrides);

type Uploaded = { id: string; url: string; imageType: ImageType; visibility: string; variants: Array<{ url: string }> };
async function upload(p: Person, imageType: ImageType, account: { accountType: 'user' | 'shop'; accountId: string } = { accountType: 'user', accountId: p.user.id }) {
  const result = await postImage(p.client, server.url, { ...account, imageType }, jpeg);
  expect(result.status).toBe(201);
  return result.body as unknown as Uploaded;
}

/** The image's file and every stored cut of it. */
const filesOf = (image: { url: string; variants: Array<{ url: string }> }) => [image.url, ...image.variants.map((v) => v.url)];

/** GET of each file, as the client (or signed out): status and Cache-Control. */
async function fetchAll(urls: string[], client?: TestClient) {
  return Promise.all(
    urls.map(async (url) => {
      const response = await (client ? client.fetch : fetch)(`${server.url}${url}`);
      await response.arrayBuffer();
      return { url, status: response.status, cache: response.headers.get('cache-control') };
    }),
  );
}
const served = (urls: string[], cache: string) => urls.map((url) => ({ url, status: 200, cache }));
const refused = (urls: string[]) => urls.map((url) => ({ url, status: 404, cache: 'private, no-store' }));
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

/**
 * A reference photo as stored before migration 0023 (public, in the sender's own folder, here with
 * one stored cut), sent to a recipient in a conversation.
 */
async function legacyPhoto(visibility: 'public' | 'private' = 'public') {
  const sender = await person();
  const recipient = await person();
  const webp = await sharp(jpeg).webp().toBuffer();
  const [key, cutKey] = [`users/${sender.user.id}/legacyphoto.webp`, `users/${sender.user.id}/legacyphoto-300.webp`];
  const [url, cutUrl] = [await server.deps.storage.put(key, webp, 'image/webp'), await server.deps.storage.put(cutKey, webp, 'image/webp')];
  const variants = [{ size: '300', url: cutUrl, width: 300, height: 300 }];
  const [legacy] = await server.deps.db
    .insert(images)
    .values({ url, accountId: sender.user.id, accountType: 'user', imageType: 'reference', visibility, storageKey: key, variants, uploadedBy: sender.user.id })
    .returning({ id: images.id });
  const { threadId } = await sender.client.thread.open.mutate({ userId: recipient.user.id });
  await sender.client.message.send.mutate({ threadId, body: 'old photo', imageUrls: [url] });
  return { sender, recipient, key, cutKey, url, cutUrl, legacy, threadId };
}

describe('private images', () => {
  it('every kind has its visibility: only reference photos are private, stored apart from the public ones', async () => {
    const owner = await person();
    const uploaded = await Promise.all(IMAGE_TYPES.map((t) => upload(owner, t)));
    expect(Object.fromEntries(uploaded.map((i) => [i.imageType, i.visibility]))).toEqual({
      portfolio: 'public',
      flash: 'public',
      reference: 'private',
      avatar: 'public',
      banner: 'public',
    });
    const reference = uploaded.find((i) => i.imageType === 'reference');
    expect(reference?.url).toMatch(/^\/files\/private\/users\/[0-9a-f-]+\/[a-z0-9]+\.webp$/);
  });

  it('lists and counts only public kinds to others; the owner sees their own private ones', async () => {
    const owner = await person();
    const stranger = await person();
    const uploaded = await Promise.all(IMAGE_TYPES.map((t) => upload(owner, t)));
    const reference = uploaded.find((i) => i.imageType === 'reference');

    const strangerList = await stranger.client.image.list.query({ accountId: owner.user.id });
    expect(strangerList.items.map((i) => i.imageType).sort()).toEqual(['avatar', 'banner', 'flash', 'portfolio']);
    expect((await stranger.client.image.list.query({ accountId: owner.user.id, imageType: 'reference' })).items).toEqual([]);
    expect(await stranger.client.image.counts.query({ accountId: owner.user.id, imageTypes: [...IMAGE_TYPES] })).toEqual({
      portfolio: 1,
      flash: 1,
      reference: 0,
      avatar: 1,
      banner: 1,
    });

    expect((await owner.client.image.list.query({ accountId: owner.user.id, imageType: 'reference' })).items.map((i) => i.url)).toEqual([reference?.url]);
    expect((await owner.client.image.counts.query({ accountId: owner.user.id, imageTypes: ['reference'] })).reference).toBe(1);
  });

  it('serves every public file and cut to anyone, cacheable; a private photo only to the parties of its conversation, never stored', async () => {
    const sender = await person();
    const recipient = await person();
    const stranger = await person();
    const uploaded = await Promise.all(IMAGE_TYPES.map((t) => upload(sender, t)));
    const publicFiles = uploaded.filter((i) => i.visibility === 'public').flatMap(filesOf);
    const reference = uploaded.find((i) => i.imageType === 'reference') as Uploaded;
    // Four public images, and their cut sizes: avatar 3, banner 3, portfolio 2 (its card sizes).
    expect(publicFiles.length).toBe(4 + 8);

    expect(await fetchAll(publicFiles)).toEqual(served(publicFiles, PUBLIC_CACHE));
    expect(await fetchAll(publicFiles, stranger.client)).toEqual(served(publicFiles, PUBLIC_CACHE));

    // Before it is sent, the photo is its uploader's alone.
    expect(await fetchAll([reference.url], sender.client)).toEqual(served([reference.url], PRIVATE_CACHE));
    expect(await fetchAll([reference.url], recipient.client)).toEqual(refused([reference.url]));

    const { threadId } = await sender.client.thread.open.mutate({ userId: recipient.user.id });
    await sender.client.message.send.mutate({ threadId, imageUrls: [reference.url] });
    expect(await fetchAll([reference.url], recipient.client)).toEqual(served([reference.url], PRIVATE_CACHE));
    expect(await fetchAll([reference.url], sender.client)).toEqual(served([reference.url], PRIVATE_CACHE));
    expect(await fetchAll([reference.url], stranger.client)).toEqual(refused([reference.url]));
    expect(await fetchAll([reference.url])).toEqual(refused([reference.url]));
    // A file that does not exist answers the same as one that is not yours.
    const missing = reference.url.replace(/[a-z0-9]+\.webp$/, 'aaaaaaaaaaaaaaaaaaaaaaaaaa.webp');
    expect(await fetchAll([missing], stranger.client)).toEqual(refused([missing]));
  });

  it("shows a photo sent to a studio to the studio's managers, not to a member without the manage permission", async () => {
    const owner = await person({ userTypes: ['client', 'studio'] });
    const client = await person();
    const member = await person();
    const studio = await owner.client.studio.create.mutate(studioInput({ name: `Private ${owner.user.id.slice(0, 8)}` }));
    await server.deps.db.insert(shopUsers).values({ shopId: studio.id, userId: member.user.id });
    const photo = await upload(client, 'reference');
    const { threadId } = await client.client.thread.open.mutate({ shopId: studio.id });
    await client.client.message.send.mutate({ threadId, imageUrls: [photo.url] });
    expect(await fetchAll([photo.url], owner.client)).toEqual(served([photo.url], PRIVATE_CACHE));
    expect(await fetchAll([photo.url], member.client)).toEqual(refused([photo.url]));
  });

  it("shows a booking request's reference photo to its artist, not to strangers", async () => {
    const artist = await person({ userTypes: ['client', 'artist'] });
    const client = await person();
    const stranger = await person();
    await server.deps.db.insert(artists).values({ userId: artist.user.id, name: 'Private Artist', displayName: artist.user.displayName, booksOpen: true });
    const photo = await upload(client, 'reference');
    const request = await client.client.booking.createRequest.mutate({ artistId: artist.user.id, idea: 'A fern', placement: 'arm', size: '8 cm', referenceImageIds: [photo.id] });
    expect((await artist.client.booking.request.query({ requestId: request.id })).referencePhotos.map((p) => p.url)).toEqual([photo.url]);
    expect(await fetchAll([photo.url], artist.client)).toEqual(served([photo.url], PRIVATE_CACHE));
    expect(await fetchAll([photo.url], stranger.client)).toEqual(refused([photo.url]));
    expect((await artist.client.image.list.query({ accountId: client.user.id })).items).toEqual([]);
  });

  it("serves a private image's stored cuts by its rule", async () => {
    const owner = await person();
    const stranger = await person();
    const avatar = await upload(owner, 'avatar');
    // No private kind has cuts today; an image turned private must take its cuts with it.
    await server.deps.db.update(images).set({ visibility: 'private' }).where(eq(images.id, avatar.id));
    expect(avatar.variants.length).toBe(3);
    expect(await fetchAll(filesOf(avatar), stranger.client)).toEqual(refused(filesOf(avatar)));
    expect(await fetchAll(filesOf(avatar), owner.client)).toEqual(served(filesOf(avatar), PRIVATE_CACHE));
  });

  it('makes reference photos stored before the change private (the data step of the migration), then moves their files under private/', async () => {
    const { sender, recipient, key, cutKey, url, cutUrl, legacy, threadId } = await legacyPhoto();
    const stranger = await person();
    expect(await fetchAll([url, cutUrl], stranger.client)).toEqual(served([url, cutUrl], PUBLIC_CACHE));

    const migration = fs.readFileSync(new URL('../../drizzle/0023_private_images.sql', import.meta.url), 'utf8');
    const dataStep = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "images"'));
    expect(dataStep).toBeDefined();
    await server.deps.db.execute(sql.raw(dataStep as string));

    expect(await fetchAll([url, cutUrl], stranger.client)).toEqual(refused([url, cutUrl]));
    expect(await fetchAll([url, cutUrl], recipient.client)).toEqual(served([url, cutUrl], PRIVATE_CACHE));
    expect(await stranger.client.image.counts.query({ accountId: sender.user.id, imageTypes: ['reference'] })).toEqual({ reference: 0 });

    // The files move under private/ (on S3 out of the bucket's public-read part); the conversation follows.
    const ctx = { db: server.deps.db, user: null, deps: server.deps };
    // (Other private images of this file's database move too: the avatar turned private above.)
    expect(await movePrivateFiles(ctx)).toMatchObject({ failed: 0 });
    const [moved] = await server.deps.db.select().from(images).where(eq(images.id, legacy.id));
    expect(moved.url).toBe(`/files/private/${key}`);
    expect(moved.variants.map((v) => v.url)).toEqual([`/files/private/${cutKey}`]);
    const [message] = (await recipient.client.message.list.query({ threadId })).items;
    expect(message.attachments).toEqual([{ type: 'image', url: moved.url }]);
    const newFiles = filesOf(moved);
    expect(await fetchAll(newFiles, recipient.client)).toEqual(served(newFiles, PRIVATE_CACHE));
    expect(await fetchAll(newFiles, stranger.client)).toEqual(refused(newFiles));
    expect(fs.existsSync(path.join(localFilesDir(server.deps.config), key))).toBe(false);
    expect(fs.existsSync(path.join(localFilesDir(server.deps.config), cutKey))).toBe(false);
    expect(await server.deps.db.select().from(pendingFileDeletions)).toEqual([]);
    expect(await movePrivateFiles(ctx)).toEqual({ moved: 0, failed: 0 });
  });

  it('moves a photo once when two moves run at the same time', async () => {
    const { recipient, legacy, threadId } = await legacyPhoto('private');
    const ctx = { db: server.deps.db, user: null, deps: server.deps };
    await Promise.all([movePrivateFiles(ctx), movePrivateFiles(ctx)]);
    const [moved] = await server.deps.db.select().from(images).where(eq(images.id, legacy.id));
    expect(moved.url).toMatch(/^\/files\/private\/users\/[0-9a-f-]+\/legacyphoto\.webp$/);
    const [message] = (await recipient.client.message.list.query({ threadId })).items;
    expect(message.attachments).toEqual([{ type: 'image', url: moved.url }]);
    expect(await fetchAll(filesOf(moved), recipient.client)).toEqual(served(filesOf(moved), PRIVATE_CACHE));
  });
});
