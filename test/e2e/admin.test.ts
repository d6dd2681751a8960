import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shops } from '../../server/db/schema';
import { ACCESS_DENIED_MESSAGE } from '../../server/domains/admin/inputs';
import { SMS_DISABLED_MESSAGE } from '../../server/domains/notifications/rules';
import { seriousViolations } from '../support/axe';
import { useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';
import { insertDeletedShop, insertShop } from '../support/maintenance-data';

// The admin console on admin.localhost (spec 2 §2, §6): sign-in, the access gate, a studio edit,
// the cleanup preview, and axe on every tab.

const app = useBrowserApp();

async function signInThroughForm(page: Page, user: { email: string; password: string }) {
  await page.goto(app.adminUrl);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In to Admin Dashboard' }).click();
}

describe('admin console', () => {
  it('an AppAdmin signs in, finds a studio by city, changes its quality, and previews both cleanup phases', async () => {
    const admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, app.server.deps.db);
    const now = app.server.clock.now();
    const studio = await insertShop(app.server.deps.db, now, { name: 'Juniper Needle', displayName: '@juniper-needle', city: 'Zephyrhills', searchCity: 'zephyrhills', isActive: true, quality: 4 });
    await insertShop(app.server.deps.db, now, { name: 'Dusty Corner' });
    await insertDeletedShop(app.server.deps.db, now, 90, { name: 'Long Gone Ink' });

    const page = await app.newPage();
    await page.goto(`${app.adminUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: 'Sign In to Admin Dashboard' }).click();
    await page.getByText('Please enter your email address').waitFor();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In to Admin Dashboard' }).click();
    await page.getByText('Invalid email or password').waitFor();
    // Editing a field clears the error.
    await page.getByLabel('Password').fill(admin.password);
    expect(await page.getByText('Invalid email or password').count()).toBe(0);
    await page.getByRole('button', { name: 'Sign In to Admin Dashboard' }).click();

    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByText('Admin Mode').waitFor();
    await page.getByText('Active studios', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Studio Management' }).click();
    expect(new URL(page.url()).search).toBe('?tab=studios');
    await page.getByLabel('Search studios').fill('Zephyr');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('cell', { name: 'Zephyrhills' }).first().waitFor();
    await page.getByRole('button', { name: 'Edit Juniper Needle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit studio Juniper Needle' });
    expect(await dialog.getByLabel('Studio ID').getAttribute('readonly')).not.toBeNull();
    await dialog.getByLabel('Quality').fill('11');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Quality must be between 0 and 10').waitFor();
    await dialog.getByLabel('Quality').fill('7');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Studio updated successfully').waitFor();
    const [saved] = await app.server.deps.db.select().from(shops).where(eq(shops.id, studio.id));
    expect(saved.quality).toBe(7);
    await page.getByRole('row', { name: /Juniper Needle/ }).getByRole('cell', { name: '7', exact: true }).waitFor();
    // The message shows for 3 seconds.
    await page.getByText('Studio updated successfully').waitFor({ state: 'detached', timeout: 6000 });

    await page.getByRole('tab', { name: 'Migrations' }).click();
    await page.getByRole('heading', { name: 'Database Migrations' }).waitFor();
    await page.getByText('Manage database migrations and data transformations.').waitFor();
    await page.getByRole('button', { name: 'Preview Soft Delete Only' }).waitFor();
    expect(await page.getByRole('button', { name: 'Preview Hard Delete Only' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Preview Both Phases', exact: true }).click();
    const tiles = page.getByRole('region', { name: 'Cleanup results' });
    for (const label of ['Analyzed', 'Would Soft Delete', 'Would Hard Delete', 'Protected', 'Failed']) await tiles.getByText(label, { exact: true }).waitFor();
    await page.getByRole('button', { name: /Shops to Soft Delete \(1\)/ }).click();
    await page.getByRole('cell', { name: 'Dusty Corner' }).waitFor();
    await page.getByRole('log', { name: 'Inactive Shops Deletion log' }).getByText(/DRY RUN/).waitFor();
    expect((await app.server.deps.db.select().from(shops).where(eq(shops.name, 'Dusty Corner')))[0].deleted).toBe(false);
    await page.getByRole('table', { name: 'Run history' }).getByText('shop-cleanup (dry run)').first().waitFor();

    await page.getByRole('button', { name: admin.displayName }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  });

  it.each(['Owner', 'Administrative'] as const)('shows a %s user the exact access-denied text', async (userType) => {
    const user = await createUser({ userTypes: ['client', userType] }, app.server.deps.db);
    const page = await app.newPage();
    await signInThroughForm(page, user);
    await page.getByText(ACCESS_DENIED_MESSAGE).waitFor();
    await page.getByRole('link', { name: 'Go to Main Site' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Main Site' }).getAttribute('href')).toBe(app.url);
  });

  it('offers only the channels a test notification can be delivered on, and says why SMS is not one', async () => {
    const admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, app.server.deps.db);
    const page = await app.newPage();
    await signInThroughForm(page, admin);
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const channels = page.getByRole('group', { name: 'Channels' });
    await channels.getByRole('checkbox').first().waitFor();
    const offered = await channels.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent));
    expect(offered).toEqual(['in_app', 'push', 'email']);
    await channels.getByText(SMS_DISABLED_MESSAGE).waitFor();
  });

  it('passes axe on the login screen and every tab, with rows in the tables', async () => {
    const admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, app.server.deps.db);
    const now = app.server.clock.now();
    await insertShop(app.server.deps.db, now, { name: 'Axe Studio', isActive: true, isVerified: true, isFeatured: true, boost: 5 });
    await insertShop(app.server.deps.db, now, { name: 'Axe Closed Studio', deleted: true, deletedAt: now });
    const page = await app.newPage();
    await page.goto(app.adminUrl);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await signInThroughForm(page, admin);
    const tabs: Array<[string, string]> = [
      ['Dashboard', 'Platform overview'],
      ['User Management', 'User Management'],
      ['Artist Management', 'Artist Management'],
      ['Studio Management', 'Studio Management'],
      ['Storefront Management', 'Storefront Management'],
      ['Blog Management', 'Blog Management'],
      ['Notifications', 'Create Test Notification'],
      ['Payment Testing', 'Payment Testing Dashboard'],
      ['Migrations', 'Database Migrations'],
    ];
    for (const [tab, heading] of tabs) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-label="Loading"]'));
      expect({ tab, violations: await seriousViolations(page) }).toEqual({ tab, violations: [] });
    }
    await page.getByRole('tab', { name: 'Blog Management' }).click();
    await page.getByRole('button', { name: 'New Post' }).click();
    await page.getByRole('dialog', { name: 'Create Blog Post' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
