import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artists } from '../../server/db/schema';
import { useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';
import { postImage } from '../support/uploads';

// Issue 18: photos sent in a conversation and attached to a booking request are private files;
// the recipient's browser still shows them (a same-origin <img> sends the session cookie), a
// stranger's gets 404. Screenshots of the recipient's view at 1280 and 390 px wide go to
// test-results/screenshots/ to be looked at.

const app = useBrowserApp();
const SHOTS = path.resolve('test-results/screenshots');

/** The photos of the open conversation that the browser has decoded (naturalWidth > 0). */
const loadedPhotos = (page: Page) =>
  page.getByRole('img', { name: 'Photo in message' }).evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth > 0).length);

describe('private photos in the browser', () => {
  it("the artist sees the client's booking-request photo and message photo; a stranger gets 404 for both", async () => {
    const artist = await createUser({ firstName: 'Jonah', lastName: 'Park' }, app.server.deps.db);
    const client = await createUser({ firstName: 'Maya', lastName: 'Reyes' }, app.server.deps.db);
    const stranger = await createUser({}, app.server.deps.db);
    await app.server.deps.db.insert(artists).values({ userId: artist.id, name: 'Jonah Park', displayName: artist.displayName, booksOpen: true });

    const clientApi = app.server.client();
    await clientApi.auth.login.mutate({ email: client.email, password: client.password });
    const photo = (background: string) => sharp({ create: { width: 800, height: 600, channels: 3, background } }).jpeg().toBuffer();
    const upload = async (background: string) =>
      (await postImage(clientApi, app.url, { accountType: 'user', accountId: client.id, imageType: 'reference' }, await photo(background))).body as { id: string; url: string };
    const [reference, sketch] = [await upload('#2a9d8f'), await upload('#e76f51')];
    const request = await clientApi.booking.createRequest.mutate({
      artistId: artist.id,
      idea: 'A fine-line swallow',
      placement: 'wrist',
      size: '5 cm',
      referenceImageIds: [reference.id],
    });
    await clientApi.message.send.mutate({ threadId: request.threadId as string, body: 'And this one for the colours.', imageUrls: [sketch.url] });

    const artistPage = await app.newPage();
    await app.signInAs(artistPage, artist);
    await artistPage.goto(`${app.url}/messages/${request.threadId}`);
    await artistPage.getByLabel('Messages').getByText('And this one for the colours.').waitFor();
    await expect.poll(() => loadedPhotos(artistPage), { timeout: 10_000 }).toBe(2);
    fs.mkdirSync(SHOTS, { recursive: true });
    await artistPage.screenshot({ path: path.join(SHOTS, 'private-photos-recipient-1280.png') });
    await artistPage.setViewportSize({ width: 390, height: 844 });
    await artistPage.getByRole('img', { name: 'Photo in message' }).last().scrollIntoViewIfNeeded();
    await artistPage.screenshot({ path: path.join(SHOTS, 'private-photos-recipient-390.png') });

    const strangerPage = await app.newPage();
    await app.signInAs(strangerPage, stranger);
    for (const url of [reference.url, sketch.url]) {
      const response = await strangerPage.request.get(`${app.url}${url}`);
      expect({ status: response.status(), cache: response.headers()['cache-control'] }).toEqual({ status: 404, cache: 'private, no-store' });
      const mine = await artistPage.request.get(`${app.url}${url}`);
      expect({ status: mine.status(), cache: mine.headers()['cache-control'] }).toEqual({ status: 200, cache: 'private, no-store' });
    }
  });
});
