import { afterAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { signedIn } from '../support/booking-fixtures';
import { useBrowserApp } from '../support/browser';
import { startGoogleApi } from '../support/google-api';

// The app talks to a local server that speaks Google's consent, token and Calendar v3 endpoints.
const google = await startGoogleApi();
const app = useBrowserApp({ env: google.env });
afterAll(() => google.close());

describe('Google Calendar on /calendar', () => {
  it('connects through Google’s consent and the callback page, returns to the calendar, disconnects; axe clean', async () => {
    const person = await signedIn(app.server);
    google.consent.email = 'e2e.artist@gmail.com';
    const page = await app.newPage();
    await app.signInAs(page, person.user);
    await page.goto(`${app.url}/calendar`);
    const card = page.getByRole('region', { name: 'Google Calendar' });
    await card.getByRole('link', { name: 'Connect Google Calendar' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('link', { name: 'Connect Google Calendar' }).click();
    await page.waitForURL('**/calendar/oauth/callback?**');
    await page.getByText('Google Calendar connected as e2e.artist@gmail.com').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Back on /calendar by itself, showing the connection.
    await page.waitForURL(`${app.url}/calendar`);
    await card.getByText('Connected as e2e.artist@gmail.com').waitFor();
    await card.getByRole('button', { name: 'Disconnect Google Calendar' }).click();
    await card.getByRole('link', { name: 'Connect Google Calendar' }).waitFor();
    expect(google.revoked.length).toBeGreaterThan(0);
  });

  it('says why when access is declined on Google’s page, with the way back', async () => {
    const person = await signedIn(app.server);
    const page = await app.newPage();
    await app.signInAs(page, person.user);
    await page.goto(`${app.url}/calendar`);
    google.consent.deny = true;
    try {
      await page.getByRole('link', { name: 'Connect Google Calendar' }).click();
      await page.getByText('Google Calendar was not connected: you declined access on Google’s page.').waitFor();
    } finally {
      google.consent.deny = false;
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to Calendar' }).click();
    await page.waitForURL(`${app.url}/calendar`);
  });
});
