import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../server/db/schema';
import { studioTimeToInstant } from '../../server/domains/booking/rules';
import { seriousViolations } from '../support/axe';
import { bookableArtist } from '../support/booking-fixtures';
import { useBrowserApp } from '../support/browser';

const app = useBrowserApp();

describe('walk-ins on the shop schedule', () => {
  it('studio staff add a walk-in in studio time from /calendar; it is confirmed and the form checks its input', async () => {
    const owner = await bookableArtist(app.server, { timezone: 'America/New_York' });
    const page = await app.newPage();
    await app.signInAs(page, owner.user);
    await page.goto(`${app.url}/calendar`);
    await page.getByLabel('Schedule').click();
    await page.getByRole('option', { name: `${owner.studio.name} (whole shop)` }).click();
    const form = page.getByRole('form', { name: 'Add a walk-in' });
    await form.getByLabel('Client name').fill('Sam Walker');
    await form.getByRole('button', { name: 'Add Walk-in' }).click();
    await form.getByText('Choose the artist').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('Artist').click();
    await page.getByRole('option').first().click();
    await form.getByLabel('Tattoo').fill('Flash heart, wrist');
    await form.getByRole('button', { name: 'Add Walk-in' }).click();
    await form.getByText('Pick a time').waitFor();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + 3 * 86_400_000));
    await form.getByLabel('Starts (studio time, America/New_York)').fill(`${day}T11:00`);
    await form.getByLabel('Length (minutes)').fill('45');
    await form.getByRole('button', { name: 'Add Walk-in' }).click();
    await form.getByText(/^Walk-in added: Sam Walker, .* 11:00 AM E[SD]T$/).waitFor();

    const [walkIn] = await app.server.deps.db.select().from(bookings).where(eq(bookings.shopId, owner.studio.id));
    expect(walkIn).toMatchObject({ status: 'confirmed', clientName: 'Sam Walker', title: 'Flash heart, wrist', clientId: null });
    expect(walkIn.startsAt.toISOString()).toBe(studioTimeToInstant(`${day}T11:00`, 'America/New_York')?.toISOString());
    expect(walkIn.endsAt.getTime() - walkIn.startsAt.getTime()).toBe(45 * 60_000);
  }, 180_000);
});
