import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';

const app = useBrowserApp();

describe('messaging in two browsers', () => {
  it('a client messages an artist from the artist page; the artist sees the badge, replies with a photo; the client sees it', async () => {
    const artist = await createUser({ firstName: 'Jonah', lastName: 'Park' }, app.server.deps.db);
    const client = await createUser({ firstName: 'Maya', lastName: 'Reyes' }, app.server.deps.db);
    const artistApi = app.server.client();
    await artistApi.auth.login.mutate({ email: artist.email, password: artist.password });
    await artistApi.artist.saveMine.mutate({ name: 'Jonah Park', urlSlug: 'jonah-e2e', tattooStyles: ['Fine Line'] });

    // The artist is already looking at the app, with nothing unseen.
    const artistPage = await app.newPage();
    await app.signInAs(artistPage, artist);
    await artistPage.goto(app.url);
    await artistPage.getByRole('link', { name: 'Inbox', exact: true }).waitFor();

    const clientPage = await app.newPage();
    await app.signInAs(clientPage, client);
    await clientPage.goto(`${app.url}/artist/jonah-e2e`);
    await clientPage.getByRole('button', { name: 'Message' }).click();
    await clientPage.waitForURL('**/messages/**');
    await clientPage.getByLabel('Message', { exact: true }).fill('Hi Jonah! Could you do a fine-line swallow?');
    await clientPage.getByRole('button', { name: 'Send' }).click();
    await clientPage.getByLabel('Messages').getByText('Hi Jonah! Could you do a fine-line swallow?').waitFor();

    // The badge rises without a reload, well before the 30-second refresh could have done it.
    await artistPage.getByRole('link', { name: 'Inbox, 1 unseen' }).waitFor({ timeout: 10_000 });
    await artistPage.goto(`${app.url}/messages`);
    await artistPage.getByRole('link', { name: /Maya Reyes/ }).click();
    await artistPage.getByLabel('Messages').getByText('Hi Jonah! Could you do a fine-line swallow?').waitFor();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a9d8f' } }).jpeg().toBuffer();
    await artistPage.getByLabel('Attach photos').setInputFiles({ name: 'sketch.jpg', mimeType: 'image/jpeg', buffer: photo });
    await artistPage.getByRole('img', { name: 'Photo to send' }).waitFor();
    await artistPage.getByLabel('Message', { exact: true }).fill('Here is a first sketch.');
    await artistPage.getByRole('button', { name: 'Send' }).click();

    // The client's open conversation picks the reply up without a reload.
    await clientPage.getByLabel('Messages').getByText('Here is a first sketch.').waitFor({ timeout: 15_000 });
    await clientPage.getByRole('img', { name: 'Photo in message' }).waitFor();
    expect(await artistPage.getByRole('link', { name: 'Inbox', exact: true }).count()).toBe(1);
  });
});
