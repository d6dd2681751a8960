import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artists, images, shops, shopUsers } from '../../server/db/schema';
import { seriousViolations } from '../support/axe';
import { BOTH_WIDTHS, horizontalOverflow, PHONE_WIDTH, useBrowserApp } from '../support/browser';
import { createUser, signIn } from '../support/factories';
import { studioInput } from '../support/studio-fixtures';

// Issue 19 ("every journey as a real user lives it"), the studios items, at 1280 and 390 px:
// 4 activation, 5 links to records without a slug, 11 the members at 390, 13 the Studios menu's
// failed load, 15 a showcase studio's residents' work.

const app = useBrowserApp();
const db = () => app.server.deps.db;
let serial = 0;
const tag = () => `${Date.now().toString(36).slice(-4)}${++serial}`;

/** An imported studio (no URL slug) owned by `ownerId`, bookable, with `artistUserId` as a resident. */
async function importedStudio(name: string, ownerId: string) {
  const [shop] = await db()
    .insert(shops)
    .values({
      name,
      urlSlug: null,
      ownerId,
      city: 'Quenby',
      state: 'OR',
      searchName: name.toLowerCase(),
      searchCity: 'quenby',
      isBookable: true,
      isActive: true,
    })
    .returning();
  return shop;
}

/** An artist profile without a slug (imported), books open. */
async function sluglessArtist(name: string) {
  const user = await createUser({ firstName: name.split(' ')[0], lastName: name.split(' ')[1] ?? '' }, db());
  const [profile] = await db()
    .insert(artists)
    .values({
      userId: user.id,
      name,
      displayName: user.displayName,
      urlSlug: null,
      city: 'Quenby',
      state: 'OR',
      booksOpen: true,
      isActive: true,
    })
    .returning();
  return { user, profile };
}

const path = (page: Page) => new URL(page.url()).pathname;

describe('records without a URL slug open by id (issue 19, item 5)', () => {
  for (const width of BOTH_WIDTHS) {
    it(`a studio and an artist without a slug are found in search and open, with their booking and manage links, at ${width}px`, async () => {
      const owner = await createUser({}, db());
      const name = `Slugless Studio ${tag()}`;
      const shop = await importedStudio(name, owner.id);
      const artistName = `Nomad ${tag()}`;
      const { user: artistUser, profile } = await sluglessArtist(artistName);
      await db().insert(shopUsers).values({ shopId: shop.id, userId: artistUser.id });

      const page = await app.newPage({ width });
      await app.signInAs(page, owner);
      await page.goto(`${app.url}/studios`);
      await page.getByLabel('Search studios').fill(name.toLowerCase());
      await page.getByRole('link', { name: new RegExp(name) }).click();
      await page.getByRole('heading', { name }).waitFor();
      expect(path(page)).toBe(`/studio/id/${shop.id}`);

      await page.getByRole('link', { name: 'Book' }).click();
      await page.getByRole('heading', { name: `Book at ${name}` }).waitFor();
      expect(path(page)).toBe(`/studio/id/${shop.id}/booking`);
      await page.goBack();
      await page.getByRole('link', { name: 'Manage' }).click();
      await page.getByRole('heading', { name: `Manage ${name}` }).waitFor();
      expect(path(page)).toBe(`/studio/id/${shop.id}/manage`);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.getByRole('link', { name: 'View studio page' }).click();
      await page.getByRole('heading', { name }).waitFor();
      expect(path(page)).toBe(`/studio/id/${shop.id}`);

      // The owner's own menu (the drawer on a phone) opens it by id too.
      await page.goto(`${app.url}/`);
      if (width === PHONE_WIDTH) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('list', { name: 'My studios' }).getByRole('link', { name }).click();
      } else {
        await page.getByRole('button', { name: 'Studios' }).click();
        await page.getByRole('menuitem', { name }).click();
      }
      await page.getByRole('heading', { name }).waitFor();
      expect(path(page)).toBe(`/studio/id/${shop.id}`);

      await page.goto(`${app.url}/artists`);
      await page.getByLabel('Search artists').fill(artistName.toLowerCase());
      await page.getByRole('link', { name: new RegExp(artistName) }).click();
      await page.getByRole('heading', { name: artistName }).waitFor();
      expect(path(page)).toBe(`/artist/id/${profile.id}`);
      // The artist's studio (no slug either) from their profile.
      expect(await page.getByRole('link', { name }).getAttribute('href')).toBe(`/studio/id/${shop.id}`);
      await page.getByRole('link', { name: 'Book' }).click();
      await page.getByRole('heading', { name: `Book with ${artistName}` }).waitFor();
      expect(path(page)).toBe(`/artist/id/${profile.id}/booking`);
      expect(await horizontalOverflow(page)).toBe(0);
    });
  }
});

describe('studio members on a phone (issue 19, item 11)', () => {
  for (const width of BOTH_WIDTHS) {
    it(`every member field shows its whole label and nothing scrolls sideways at ${width}px`, async () => {
      const owner = await createUser({ firstName: 'Rosalind', lastName: 'Featherstonehaugh' }, db());
      const client = app.server.client();
      await signIn(client, owner);
      const studio = await client.studio.create.mutate(studioInput({ name: `Members Hall ${tag()}` }));
      const page = await app.newPage({ width });
      await app.signInAs(page, owner);
      await page.goto(`${app.url}/studio/${studio.urlSlug}/manage`);
      const members = page.getByLabel('Studio members');
      await members.getByText(owner.displayName).first().waitFor();
      const cut = await members
        .locator('label')
        .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
      expect(cut).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

describe('the Studios menu when its load fails (issue 19, item 13)', () => {
  for (const width of BOTH_WIDTHS) {
    it(`shows "Failed to fetch user studios" with Retry, and Retry loads them, at ${width}px`, async () => {
      const owner = await createUser({}, db());
      const client = app.server.client();
      await signIn(client, owner);
      const studio = await client.studio.create.mutate(studioInput({ name: `Retry Rooms ${tag()}` }));
      const page = await app.newPage({ width });
      await app.signInAs(page, owner);
      let failing = true;
      await page.route(/\/trpc\/[^?]*studio\.mine/, (route) => (failing ? route.fulfill({ status: 500, body: 'down' }) : route.continue()));
      await page.goto(`${app.url}/`);
      const open = async () => {
        if (width === PHONE_WIDTH) await page.getByRole('button', { name: 'Open navigation' }).click();
        else await page.getByRole('button', { name: 'Studios' }).click();
      };
      await open();
      await page.getByText('Failed to fetch user studios').waitFor();
      failing = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByText(studio.name).first().waitFor();
      expect(await page.getByText('Failed to fetch user studios').count()).toBe(0);
    });
  }
});

describe('Create New Studio keeps its toggles; activation is requested, decided, announced (issue 19, item 4)', () => {
  for (const width of BOTH_WIDTHS) {
    it(`the owner asks for activation, an admin activates it in the console, the owner is told, at ${width}px`, async () => {
      const owner = await createUser({}, db());
      const name = `Lanternfish Ink ${tag()}`;
      const page = await app.newPage({ width });
      await app.signInAs(page, owner);
      await page.goto(`${app.url}/`);
      {
        // The Studios menu on a laptop, the side drawer's My Studios on a phone.
        if (width === PHONE_WIDTH) await page.getByRole('button', { name: 'Open navigation' }).click();
        else await page.getByRole('button', { name: 'Studios' }).click();
        await page.getByRole('button', { name: 'Add studio' }).click();
        const dialog = page.getByRole('dialog', { name: 'Create New Studio' });
        await dialog.getByLabel('Studio Name').fill(name);
        await dialog.getByLabel('Address').fill('88 Alder St');
        await dialog.getByLabel('City').fill('Quenby');
        await dialog.getByLabel('State').click();
        await page.getByRole('option', { name: 'OR', exact: true }).click();
        await dialog.getByLabel('Zip Code').fill('97201');
        await dialog.getByLabel('Phone').fill('503-555-0199');
        await dialog.getByLabel('Email').fill('hi@lanternfish.test');
        await dialog.getByLabel('Accept Booking Requests').check();
        await dialog.getByLabel("Show Artists' Portfolios").check();
        await dialog.getByRole('button', { name: 'Create Studio' }).click();
      }
      await page.getByRole('heading', { name }).waitFor();
      const [saved] = await db().select().from(shops).where(eq(shops.name, name));
      expect(saved).toMatchObject({ isBookable: true, useArtistsPortfolios: true, isActive: false });
      // Accept Booking Requests was kept: the studio takes bookings.
      await page.getByRole('link', { name: 'Book' }).waitFor();

      const note = page.getByRole('region', { name: 'Studio activation' });
      await note.getByText('This studio is not yet active on InkLink.').waitFor();
      await note.getByText(/Activation means an InkLink admin has reviewed/).waitFor();
      await note.getByRole('button', { name: 'Request activation' }).click();
      await note.getByText(/^Activation requested on /).waitFor();
      await page.getByText(/^Activation requested on \w{3} \d{1,2}, \d{4}$/).waitFor();
      expect(await note.getByRole('button', { name: 'Request activation' }).count()).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // A visitor reads the spec's sentence and nothing of the owner's.
      const visitor = await app.newPage({ width });
      await app.signInAs(visitor, await createUser({}, db()));
      await visitor.goto(page.url());
      await visitor.getByText('This studio is not yet active on InkLink.').waitFor();
      expect(await visitor.getByRole('button', { name: 'Request activation' }).count()).toBe(0);
      expect(await visitor.getByText(/Activation requested/).count()).toBe(0);

      const adminUser = await createUser({ userTypes: ['client', 'AppAdmin'] }, db());
      const admin = await app.newPage({ width });
      await admin.goto(app.adminUrl);
      await admin.getByLabel('Email').fill(adminUser.email);
      await admin.getByLabel('Password').fill(adminUser.password);
      await admin.getByRole('button', { name: 'Sign In to Admin Dashboard' }).click();
      await admin.getByRole('tab', { name: 'Studio Activations' }).click();
      await admin.getByRole('heading', { name: 'Studio Activations' }).waitFor();
      const request = admin.getByRole('region', { name: `Activation request for ${name}` });
      await request.waitFor();
      expect(await seriousViolations(admin)).toEqual([]);
      await request.getByRole('button', { name: 'Activate' }).click();
      await admin.getByText(`${name} is now active`).waitFor();
      expect(await request.count()).toBe(0);
      expect(await horizontalOverflow(admin)).toBe(0);

      await page.reload();
      await page.getByRole('heading', { name }).waitFor();
      await page.getByText('Active', { exact: true }).waitFor();
      expect(await page.getByText('This studio is not yet active on InkLink.').count()).toBe(0);
      await page.goto(`${app.url}/inbox`);
      await page.getByText(`${name} is now active on InkLink`).waitFor();
    });
  }
});

describe("a showcase studio shows its residents' work (issue 19, item 15)", () => {
  for (const width of BOTH_WIDTHS) {
    it(`with Show Artists' Portfolios on, visitors see the studio's images and its resident's together at ${width}px`, async () => {
      const owner = await createUser({}, db());
      const client = app.server.client();
      await signIn(client, owner);
      const studio = await client.studio.create.mutate(studioInput({ name: `Showcase Row ${tag()}`, useArtistsPortfolios: true }));
      const { user: resident } = await sluglessArtist(`Resident ${tag()}`);
      await db().insert(shopUsers).values({ shopId: studio.id, userId: resident.id });
      const file = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
        .webp()
        .toBuffer();
      const stored = await Promise.all(
        [
          [studio.id, 'shop'],
          [resident.id, 'user'],
        ].map(async ([accountId, accountType]) => {
          const key = `${accountType}s/${accountId}/e2e-${tag()}.webp`;
          const url = await app.server.deps.storage.put(key, file, 'image/webp');
          return { url, storageKey: key, accountId, accountType: accountType as 'shop' | 'user', imageType: 'portfolio' as const };
        }),
      );
      await db().insert(images).values(stored);

      const page = await app.newPage({ width });
      await app.signInAs(page, await createUser({}, db()));
      await page.goto(`${app.url}/studio/${studio.urlSlug}`);
      await page.getByRole('button', { name: 'Open image 2 of Portfolio' }).waitFor();
      expect(await page.getByRole('button', { name: /of Portfolio$/ }).count()).toBe(2);
      expect(await horizontalOverflow(page)).toBe(0);

      // The owner keeps the studio's own gallery to upload to, and sees the resident's beside it.
      const ownerPage = await app.newPage({ width });
      await app.signInAs(ownerPage, owner);
      await ownerPage.goto(`${app.url}/studio/${studio.urlSlug}`);
      await ownerPage.getByLabel('Upload to Portfolio').waitFor({ state: 'attached' });
      await ownerPage.getByRole('button', { name: 'Open image 1 of Portfolio from our artists' }).waitFor();
    });
  }
});
