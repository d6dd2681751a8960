import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BOTH_WIDTHS, horizontalOverflow, useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';

// Issue 26, item 10: spec 1 §2 sends the dashboard's Manage Artist Profile to /account (and
// /artistprofile redirects there); for an artist /account then opens the Artist Profile section.
// Edit Profile (also /account) still opens Profile, and /account/artist keeps working.

const app = useBrowserApp();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const selectedTab = (page: Page) => page.getByRole('tab', { selected: true }).textContent();

describe("Manage Artist Profile opens /account at the artist's section (issue 26, item 10)", () => {
  for (const width of BOTH_WIDTHS) {
    it(`goes to /account with Artist Profile open; Edit Profile opens Profile at ${width}px`, async () => {
      const artist = await createUser({ firstName: 'Ines', userTypes: ['client', 'artist'] }, app.server.deps.db);
      const page = await app.newPage({ width });
      await app.signInAs(page, artist);

      await page.goto(app.url);
      await page.getByRole('link', { name: 'Manage Artist Profile' }).click();
      await page.getByLabel('Artist Name').waitFor();
      expect(pathOf(page)).toBe('/account');
      expect(await selectedTab(page)).toBe('Artist Profile');
      expect(await horizontalOverflow(page)).toBe(0);

      await page.goto(app.url);
      await page.getByRole('link', { name: 'Edit Profile' }).click();
      await page.getByRole('tab', { name: 'Profile', exact: true, selected: true }).waitFor();
      expect(pathOf(page)).toBe('/account');
      expect(await page.getByLabel('Artist Name').count()).toBe(0);

      await page.goto(`${app.url}/artistprofile`);
      await page.getByLabel('Artist Name').waitFor();
      expect(pathOf(page)).toBe('/account');

      await page.goto(`${app.url}/account/artist`);
      await page.getByLabel('Artist Name').waitFor();
      expect(await selectedTab(page)).toBe('Artist Profile');
    });
  }

  it('a client has no Manage Artist Profile, and /account#artist opens Profile for them', async () => {
    const client = await createUser({ userTypes: ['client'] }, app.server.deps.db);
    const page = await app.newPage();
    await app.signInAs(page, client);
    await page.goto(app.url);
    await page.getByRole('link', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByRole('link', { name: 'Manage Artist Profile' }).count()).toBe(0);
    await page.goto(`${app.url}/account#artist`);
    await page.getByRole('tab', { name: 'Profile', exact: true, selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Artist Profile' }).count()).toBe(0);
  });
});
