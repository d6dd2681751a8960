import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/factories';
import { useBrowserApp } from '../support/browser';

const app = useBrowserApp();

describe('studios in the browser', () => {
  it('creates a studio through the dialog, sets its hours, and another user finds it by city prefix', async () => {
    const owner = await createUser({ firstName: 'Rosa' }, app.server.deps.db);
    const page = await app.newPage();
    await app.signInAs(page, owner);
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Studios' }).click();
    await page.getByRole('menuitem', { name: 'No studios found' }).waitFor();
    await page.getByRole('button', { name: 'Add studio' }).click();

    const dialog = page.getByRole('dialog', { name: 'Create New Studio' });
    await dialog.getByRole('button', { name: 'Create Studio' }).click();
    await dialog.getByText('Studio name is required').waitFor();

    await dialog.getByLabel('Studio Name').fill('Quillfeather Tattoo');
    await dialog.getByLabel('Address').fill('88 Alder St');
    await dialog.getByLabel('City').fill('Xanadu Falls');
    await dialog.getByLabel('State').click();
    await page.getByRole('option', { name: 'OR', exact: true }).click();
    await dialog.getByLabel('Zip Code').fill('97201');
    await dialog.getByLabel('Phone').fill('503-555-0199');
    await dialog.getByLabel('Email').fill('hi@quillfeather.test');
    await dialog.getByLabel('Accepting Guest Artists').check();
    await dialog.getByRole('button', { name: 'Create Studio' }).click();

    await page.waitForURL('**/studio/quillfeather-tattoo');
    await page.getByRole('heading', { name: 'Quillfeather Tattoo' }).waitFor();
    await page.getByText('No hours set').waitFor();

    await page.getByRole('link', { name: 'Manage' }).click();
    await page.waitForURL('**/studio/quillfeather-tattoo/manage');
    await page.getByRole('button', { name: /Operating Hours/ }).click();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await page.getByRole('checkbox', { name: day }).check();
    }
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Studio updated successfully').waitFor();
    await page.getByRole('link', { name: 'View studio page' }).click();
    await page.getByText('Mon-Fri 9am-5pm').waitFor();

    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a2be2' } }).jpeg().toBuffer();
    await page.getByLabel('Upload to Portfolio').setInputFiles({ name: 'healed-piece.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Open image 1 of Portfolio' }).click();
    await page.getByRole('img', { name: 'Portfolio image' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();

    const visitor = await createUser({}, app.server.deps.db);
    const other = await app.newPage();
    await app.signInAs(other, visitor);
    await other.goto(`${app.url}/studios`);
    await other.getByLabel('Search studios').fill('xana');
    await other.getByRole('link', { name: /Quillfeather Tattoo/ }).click();
    await other.getByRole('heading', { name: 'Quillfeather Tattoo' }).waitFor();
    expect(await other.getByRole('link', { name: 'Manage' }).count()).toBe(0);

    await other.goto(`${app.url}/studio/quillfeather-tattoo/manage`);
    await other.getByRole('heading', { name: 'Access denied' }).waitFor();
  });
});

describe('studio banners', () => {
  it('a manager uploads a banner on the manage page, the studio page shows it, and removing it brings back the band', async () => {
    const owner = await createUser({}, app.server.deps.db);
    const client = app.server.client();
    await signIn(client, owner);
    const studio = await client.studio.create.mutate({
      name: 'Banner Bay Tattoo',
      address: '5 Pier Rd',
      city: 'Astoria',
      state: 'OR',
      zipCode: '97103',
      timezone: 'America/Los_Angeles',
      phone: '503-555-0100',
      email: 'hi@bannerbay.test',
    });
    const page = await app.newPage();
    await app.signInAs(page, owner);
    await page.goto(`${app.url}/studio/${studio.urlSlug}/manage`);
    const banner = page.getByRole('img', { name: 'Banner Bay Tattoo banner' });
    await page.getByText('No banner yet').waitFor();
    const wide = await sharp({ create: { width: 2400, height: 800, channels: 3, background: '#1f6f8b' } }).jpeg().toBuffer();
    await page.getByLabel('Banner image file').setInputFiles({ name: 'storefront-sign.jpg', mimeType: 'image/jpeg', buffer: wide });
    await banner.waitFor();

    await page.getByRole('link', { name: 'View studio page' }).click();
    await page.getByRole('heading', { name: 'Banner Bay Tattoo' }).waitFor();
    await banner.waitFor();
    expect(await banner.getAttribute('srcset')).toMatch(/-500-156\.webp 500w, .*-640-200\.webp 640w, .*-800-250\.webp 800w, .*\.webp 1920w$/);
    // Loaded: the browser picked a stored size and decoded it.
    await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    await page.goto(`${app.url}/studio/${studio.urlSlug}/manage`);
    await page.getByRole('button', { name: 'Remove banner' }).click();
    await page.getByText('No banner yet').waitFor();
    await page.goto(`${app.url}/studio/${studio.urlSlug}`);
    await page.getByRole('heading', { name: 'Banner Bay Tattoo' }).waitFor();
    expect(await banner.count()).toBe(0);
  });
});

describe('studio invitations', () => {
  it('an invited artist sees the inbox badge, opens the invitation and joins the studio', async () => {
    const owner = await createUser({}, app.server.deps.db);
    const artist = await createUser({ firstName: 'Ivy' }, app.server.deps.db);
    const ownerClient = app.server.client();
    await ownerClient.auth.login.mutate({ email: owner.email, password: owner.password });
    const studio = await ownerClient.studio.create.mutate({
      name: 'Invite Parlor',
      address: '9 Ink Way',
      city: 'Portland',
      state: 'OR',
      zipCode: '97205',
      timezone: 'America/Los_Angeles',
      phone: '503-555-0111',
      email: 'invite@parlor.test',
    });
    await ownerClient.studio.addMember.mutate({ studioId: studio.id, invitee: artist.displayName, shopUserType: 1 });

    const page = await app.newPage();
    await app.signInAs(page, artist);
    await page.goto(app.url);
    await page.getByRole('link', { name: 'Inbox, 1 unseen' }).click();
    await page.getByRole('button', { name: /Invitation from Invite Parlor/ }).click();
    await page.waitForURL('**/invitations/**');
    await page.getByText('invited you as a guest artist').waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('You joined Invite Parlor.').waitFor();
    await page.getByRole('link', { name: 'Go to the studio' }).click();
    await page.getByText('Guest artists', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Inbox', exact: true }).count()).toBe(1);
  });
});
