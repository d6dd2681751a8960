import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';

const app = useBrowserApp();

describe('entitlements (decision 042)', () => {
  it('a free artist is offered Artist Pro up front when opening a storefront, starts the trial, and then opens it', async () => {
    const artist = await createUser(
      { firstName: 'Fern', lastName: 'Free', userTypes: ['client', 'artist'], plan: 'free' },
      app.server.deps.db,
    );
    const page = await app.newPage();
    await app.signInAs(page, artist);
    await page.goto(`${app.url}/account/storefront`);
    // The prompt is there before anything is tried, and the create button waits for the plan.
    const prompt = page.getByRole('status').filter({ hasText: 'Artist Pro feature' });
    await prompt.getByText('A personal storefront: an Artist Pro feature. Upgrade to Artist Pro to use it.').waitFor();
    expect(await page.getByRole('button', { name: 'Create Storefront' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await prompt.getByRole('link', { name: 'Upgrade to Artist Pro' }).click();
    await page.waitForURL('**/payment/artist_pro');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByText('Your 30-day free trial has started.', { exact: false }).waitFor();

    await page.goto(`${app.url}/account/storefront`);
    await page.getByLabel('Storefront Name').fill('Fern Flash');
    await page.getByRole('button', { name: 'Create Storefront' }).click();
    await page.getByText('Fern Flash').first().waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Artist Pro feature' }).count()).toBe(0);
  });

  it('the pricing page lists what each plan unlocks', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/pricing`);
    for (const perk of ['Portfolio up to 30 images', 'Booking deposits', 'Sending payment requests', 'Walk-ins', 'A studio storefront']) {
      await page.getByText(perk, { exact: true }).waitFor();
    }
    await page.getByRole('link', { name: 'Start Free Trial of Studio' }).waitFor();
  });
});
