import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { artists, bookingRequests, images } from '../../server/db/schema';
import { seriousViolations } from '../support/axe';
import { bookableArtist, signedIn } from '../support/booking-fixtures';
import { useBrowserApp } from '../support/browser';

const app = useBrowserApp();

describe('finding an artist with open books and booking a flash piece', () => {
  it('/artists filters by books open; the booking page offers the services and books priced flash directly', async () => {
    const artist = await bookableArtist(app.server, { depositPolicy: 'percent', depositPercent: 20 });
    const closed = await bookableArtist(app.server);
    await app.server.deps.db.update(artists).set({ name: 'Quillon Closed', booksOpen: false }).where(eq(artists.userId, closed.user.id));
    await app.server.deps.db.update(artists).set({ name: 'Quillon Open' }).where(eq(artists.userId, artist.user.id));
    const [image] = await app.server.deps.db
      .insert(images)
      .values({ url: '/favicon.ico', accountId: artist.user.id, accountType: 'user', imageType: 'flash', uploadedBy: artist.user.id })
      .returning();
    await artist.client.booking.saveService.mutate({
      kind: 'flash',
      name: 'Swallow flash',
      durationMinutes: 60,
      price: 15000,
      flashImageId: image.id,
    });
    await artist.client.booking.saveService.mutate({ kind: 'session', name: 'Full day', durationMinutes: 360 });

    const client = await signedIn(app.server);
    const page = await app.newPage();
    await app.signInAs(page, client.user);
    await page.goto(`${app.url}/artists`);
    await page.getByLabel('Search artists').fill('Quillon');
    await page.getByRole('heading', { name: 'Quillon Closed' }).waitFor();
    const booksOpen = page.getByRole('group', { name: 'Availability' }).getByRole('button', { name: 'Books open' });
    await booksOpen.click();
    expect(await booksOpen.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('heading', { name: 'Quillon Closed' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Quillon Open' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The profile says the books are open; the booking page lists the services.
    await page.getByRole('heading', { name: 'Quillon Open' }).click();
    await page.waitForURL(`**/artist/${artist.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Quillon Open' }).waitFor();
    await page.getByText('Books open', { exact: true }).waitFor();
    const bookable = page.getByRole('region', { name: 'Flash you can book' });
    await bookable.getByRole('img', { name: 'Swallow flash' }).waitFor();
    await bookable.getByText('Swallow flash · $150.00 · 60 min').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await bookable.getByRole('link', { name: 'Book Swallow flash' }).click();
    await page.waitForURL(`**/artist/${artist.slug}/booking?service=*`);
    const services = page.getByRole('radiogroup', { name: 'What would you like to book?' });
    await page.getByText('Booked directly at this price: you pick your time right after sending.').waitFor();
    expect(await services.getByRole('radio', { name: /Swallow flash/ }).isChecked()).toBe(true);
    await services.getByRole('radio', { name: /Full day/ }).check();
    await page.getByText('The artist confirms the price with a quote before you pick a time.').waitFor();
    await services.getByRole('radio', { name: /Swallow flash/ }).check();
    await page.getByText('Booked directly at this price: you pick your time right after sending.').waitFor();
    await services.getByText('Flash piece · 60 min · $150.00').waitFor();
    await services.getByRole('img', { name: 'Swallow flash' }).waitFor();
    expect(await page.getByLabel('Your idea').inputValue()).toBe('Swallow flash');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Placement').fill('right ankle');
    await page.getByLabel('Size').fill('6 cm');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.waitForURL('**/calendar?request=*');
    const requestId = new URL(page.url()).searchParams.get('request') ?? '';
    await page
      .getByRole('dialog')
      .getByText(/Quote: 1 × 60 min, estimate \$150\.00; deposit \$30\.00/)
      .waitFor();
    const [request] = await app.server.deps.db.select().from(bookingRequests).where(eq(bookingRequests.id, requestId));
    expect(request).toMatchObject({ status: 'quoted', estimate: 15000, deposit: 3000, sessionMinutes: 60, placement: 'right ankle' });
  }, 180_000);
});
