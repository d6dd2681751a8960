import { randomUUID } from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shopUsers } from '../../server/db/schema';
import { ADMIN_TABS } from '../../src/admin/location';
import { BOTH_WIDTHS, horizontalOverflow, useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';
import { insertShop } from '../support/maintenance-data';

// Issue 19, the admin console as an AppAdmin lives it, at 1280 and 390 px: every tab readable
// without sideways scroll, labels whole, the cleanup buttons each saying a distinct thing, a dry run
// that says it changed nothing, the Studios column counting studios, and failed loads and saves
// showing the spec's texts (spec 2 §8 Admin, Blog) with a Retry that recovers.

const app = useBrowserApp();

async function openConsole(page: Page, tab = 'dashboard') {
  const admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, app.server.deps.db);
  // Node cannot resolve admin.localhost (Chromium can): sign in from the console's own page.
  await page.goto(app.adminUrl);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  const status = await page.evaluate(async ({ email, password }) => {
    const response = await fetch('/trpc/auth.login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { email, password } }),
    });
    return response.status;
  }, admin);
  expect(status).toBe(200);
  await page.goto(`${app.adminUrl}/?tab=${tab}`);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  return admin;
}

/** Visible form labels whose text is cut (an ellipsis or clipped text): "Months Si…" for "Months Since Last Update". */
async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('label')]
      .filter((label) => label.offsetParent !== null && label.textContent?.trim())
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent?.trim() ?? ''),
  );
}

/** Tables that scroll sideways inside their container (a column off-screen): their aria-labels. */
async function sidewaysTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.MuiTableContainer-root')]
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => box.querySelector('table')?.getAttribute('aria-label') ?? '?'),
  );
}

/** Figures and texts inside a card that run past its edge (a long sum in a 390 px dashboard tile). */
async function textsPastTheirCard(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.MuiCard-root p')]
      .filter((p) => p instanceof HTMLElement && p.offsetParent !== null && p.scrollWidth > p.clientWidth + 1)
      .map((p) => p.textContent?.trim() ?? ''),
  );
}

const failWith500 = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify([
      {
        error: {
          json: { message: 'relation "users" does not exist', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } },
        },
      },
    ]),
  });
const dropConnection = (route: Route) => route.abort('failed');
/** Makes every call of a procedure fail until the returned function is called. */
async function breakCalls(page: Page, procedure: string, fail: (route: Route) => Promise<void>) {
  const matches = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.slice(6).split(',').includes(procedure);
  await page.route(matches, fail);
  return () => page.unroute(matches, fail);
}

describe('admin console journeys (issue 19)', () => {
  for (const width of BOTH_WIDTHS) {
    it(`every tab fits ${width} px with whole labels, and the cleanup form's numbers read in full`, async () => {
      const now = app.server.clock.now();
      await insertShop(app.server.deps.db, now, {
        name: `Wide Studio ${randomUUID().slice(0, 4)}`,
        isActive: true,
        quality: 3,
        ownerId: null,
      });
      const page = await app.newPage({ width });
      await openConsole(page);
      // Every tab of the console, a tab added later included.
      for (const { label: tab } of ADMIN_TABS) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel', { name: tab }).getByRole('heading').first().waitFor();
        await page.waitForFunction(() => !document.querySelector('[aria-label="Loading"]'));
        await page.waitForTimeout(200);
        expect({ tab, overflow: await horizontalOverflow(page) }).toEqual({ tab, overflow: 0 });
        expect({ tab, cut: await cutLabels(page) }).toEqual({ tab, cut: [] });
        expect({ tab, sidewaysTables: await sidewaysTables(page) }).toEqual({ tab, sidewaysTables: [] });
        expect({ tab, pastTheirCard: await textsPastTheirCard(page) }).toEqual({ tab, pastTheirCard: [] });
      }
      // Migrations is open: the three numbers of Inactive Shops Deletion, labels in full.
      for (const label of ['Months Since Last Update', 'Maximum Quality Score', 'Days Since Soft Delete'])
        await page.getByLabel(label).waitFor();

      // The studio edit dialog's number fields (Quality, Boost, Endorsements) too.
      await page.getByRole('tab', { name: 'Studio Management' }).click();
      await page
        .getByRole('button', { name: /^Edit Wide Studio/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: /Edit studio Wide Studio/ });
      await dialog.getByLabel('Endorsements').waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await cutLabels(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // And the blog post dialog.
      await page.getByRole('tab', { name: 'Blog Management' }).click();
      await page.getByRole('button', { name: 'New Post' }).click();
      await page.getByRole('dialog', { name: 'Create Blog Post' }).waitFor();
      await page.waitForTimeout(300);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await cutLabels(page)).toEqual([]);
    });
  }

  for (const width of BOTH_WIDTHS) {
    it(`the cleanup buttons each say a distinct true thing at ${width} px; a dry-run migration says it changed nothing`, async () => {
      const page = await app.newPage({ width });
      await openConsole(page, 'migrations');
      const card = page.getByRole('region', { name: 'Inactive Shops Deletion' });
      await card.getByRole('button', { name: 'Preview Both Phases', exact: true }).waitFor();
      const names = async () => (await card.getByRole('button').allTextContents()).filter((name) => /Phases|Delete Only/i.test(name));
      // Dry Run Mode is on by default: three previews, no twin of 'Preview Both Phases'.
      expect(await names()).toEqual(['Preview Both Phases', 'Preview Soft Delete Only', 'Preview Hard Delete Only']);
      await card.getByLabel('Dry Run Mode (Preview Only)').uncheck();
      expect(await names()).toEqual(['Preview Both Phases', 'Run Soft Delete Only', 'Run Hard Delete Only', 'RUN BOTH PHASES']);

      // The console functions default to a dry run (spec 2 §2): the result says so.
      const dry = await page.evaluate(() =>
        (
          window as unknown as { inklinkMigrations: { runShopRecordsMigration(): Promise<{ message: string }> } }
        ).inklinkMigrations.runShopRecordsMigration(),
      );
      expect(dry.message).toMatch(/^Dry run: \d+ records would be updated, 0 would fail\. Nothing was changed\.$/);
      // A real run keeps the spec's text.
      const tool = page.getByRole('region', { name: 'Shop Records Migration' });
      await tool.getByRole('button', { name: 'Run Shop Migration' }).click();
      await tool
        .getByRole('alert')
        .getByText(/^Migration completed with \d+ successful updates and 0 failures\.$/)
        .waitFor();
    });
  }

  for (const width of BOTH_WIDTHS) {
    it(`the Studios column counts the studios a user owns or belongs to at ${width} px`, async () => {
      const db = app.server.deps.db;
      const now = app.server.clock.now();
      const tag = `st${randomUUID().slice(0, 6)}`;
      const owner = await createUser({ firstName: `${tag}Owner` }, db);
      const member = await createUser({ firstName: `${tag}Member` }, db);
      const first = await insertShop(db, now, { name: `${tag} One`, ownerId: owner.id });
      const second = await insertShop(db, now, { name: `${tag} Two`, ownerId: owner.id });
      await db.insert(shopUsers).values([
        { shopId: first.id, userId: owner.id },
        { shopId: first.id, userId: member.id },
        { shopId: second.id, userId: member.id, shopUserType: 1 },
      ]);
      const page = await app.newPage({ width });
      await openConsole(page, 'users');
      await page.getByLabel('Search users').fill(tag);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const table = page.getByRole('table', { name: 'User Management' });
      // On a phone the header row is hidden (each cell shows its column's name instead).
      const headers = await table.getByRole('columnheader', { includeHidden: true }).allTextContents();
      const column = headers.indexOf('Studios');
      expect(column).toBeGreaterThan(0);
      const studiosOf = (name: string) =>
        table
          .getByRole('row', { name: new RegExp(name) })
          .getByRole('cell')
          .nth(column);
      await studiosOf(`${tag}Owner`).waitFor();
      expect(await studiosOf(`${tag}Owner`).textContent()).toBe('2');
      expect(await studiosOf(`${tag}Member`).textContent()).toBe('2');
      expect(await studiosOf(`${tag}Member`).getAttribute('data-label')).toBe('Studios');
    });
  }

  for (const width of BOTH_WIDTHS) {
    it(`failed loads and saves show the spec's texts with a Retry that recovers at ${width} px`, async () => {
      const db = app.server.deps.db;
      const now = app.server.clock.now();
      const tag = `rt${randomUUID().slice(0, 6)}`;
      const user = await createUser({ firstName: `${tag}Person` }, db);
      await insertShop(db, now, {
        name: `${tag} Studio`,
        displayName: `@${tag}-studio`,
        city: 'Retryville',
        searchCity: 'retryville',
        isActive: true,
        quality: 3,
      });
      const page = await app.newPage({ width });

      // User Management: Load Recent over a dropped connection, then Retry.
      const restoreUsersRecent = await breakCalls(page, 'admin.users.recent', dropConnection);
      await openConsole(page, 'users');
      await page.getByText('Failed to load users', { exact: true }).waitFor();
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
      await restoreUsersRecent();
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('button', { name: `Edit ${user.displayName}` }).waitFor();
      expect(await page.getByText('Failed to load users').count()).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);

      // A search that fails with a 500 (whose internal text must not show), then Retry.
      const restoreUsersSearch = await breakCalls(page, 'admin.users.search', failWith500);
      await page.getByLabel('Search users').fill(`${tag}Person`);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('Failed to search users', { exact: true }).waitFor();
      expect(await page.getByText(/does not exist/).count()).toBe(0);
      await restoreUsersSearch();
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByText('1 of 1 shown').waitFor();

      // A save that cannot reach the server: the spec's update text, the dialog stays open.
      const restoreUsersUpdate = await breakCalls(page, 'admin.users.update', dropConnection);
      await page.getByRole('button', { name: `Edit ${user.displayName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit user ${user.displayName}` });
      await dialog.getByLabel('City').fill('Tempe');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByText('Failed to update user', { exact: true }).waitFor();
      expect(await dialog.getByText('Failed to fetch').count()).toBe(0);
      await restoreUsersUpdate();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('User updated successfully').waitFor();

      // Studio Management: a failed save shows the studio text.
      const restoreStudiosUpdate = await breakCalls(page, 'admin.studios.update', failWith500);
      await page.getByRole('tab', { name: 'Studio Management' }).click();
      await page.getByLabel('Search studios').fill('Retryville');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('button', { name: `Edit ${tag} Studio` }).click();
      const studioDialog = page.getByRole('dialog', { name: `Edit studio ${tag} Studio` });
      await studioDialog.getByRole('button', { name: 'Save Changes' }).click();
      await studioDialog.getByText('Failed to update studio', { exact: true }).waitFor();
      await studioDialog.getByRole('button', { name: 'Cancel' }).click();
      await restoreStudiosUpdate();

      // Storefront Management: load and search failures.
      const restoreStorefrontsRecent = await breakCalls(page, 'admin.storefronts.recent', failWith500);
      await page.getByRole('tab', { name: 'Storefront Management' }).click();
      await page.getByText('Failed to load storefronts', { exact: true }).waitFor();
      await restoreStorefrontsRecent();
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByText(/^\d+ of \d+ shown$/).waitFor();
      expect(await page.getByText('Failed to load storefronts').count()).toBe(0);
      const restoreStorefrontsSearch = await breakCalls(page, 'admin.storefronts.search', dropConnection);
      await page.getByLabel('Search storefronts').fill('anything');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('Failed to search storefronts', { exact: true }).waitFor();
      await restoreStorefrontsSearch();

      // Blog Management: the list fails, Retry brings it back.
      const restoreBlogList = await breakCalls(page, 'admin.blog.list', dropConnection);
      await page.getByRole('tab', { name: 'Blog Management' }).click();
      await page.getByText('Failed to fetch blogs', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await page.getByText('Failed to fetch', { exact: true }).count()).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);
      await restoreBlogList();
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('region', { name: 'Blog statistics' }).waitFor();
      await page.getByText('Failed to fetch blogs').waitFor({ state: 'detached' });
      expect(await page.getByText(/^Failed to fetch blog/).count()).toBe(0);
    });
  }
});
