import { expect } from 'vitest';
import { seriousViolations } from './axe';
import type { BrowserApp } from './browser';
import { createUser } from './factories';

/**
 * A free user on /payment/artist_pro who subscribes with the card ending 3220 (decision 040): the
 * page shows `terms`, `button` subscribes, and the local challenge dialog named `dialog` opens.
 */
export async function subscribeWithChallengeCard(
  app: BrowserApp,
  firstName: string,
  expected: { terms: string; button: string; dialog: string },
) {
  const user = await createUser({ firstName, lastName: 'Okafor', plan: 'free' }, app.server.deps.db);
  const page = await app.newPage();
  await app.signInAs(page, user);
  await page.goto(`${app.url}/payment/artist_pro`);
  await page.getByRole('heading', { name: 'Subscribe to Artist Pro' }).waitFor();
  await page.getByText(expected.terms).waitFor();
  await page.getByRole('combobox', { name: 'Test card' }).click();
  await page.getByRole('option', { name: 'Visa ending 3220 (asks for 3-D Secure)' }).click();
  await page.getByRole('button', { name: expected.button }).click();
  const challenge = page.getByRole('dialog', { name: expected.dialog });
  await challenge.getByRole('button', { name: 'Complete authentication' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  return { user, page, challenge };
}
