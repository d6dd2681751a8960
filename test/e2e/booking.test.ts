import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artistBookingSettings, artists, artistTimeOff, artistWorkingHours, bookingRequests, bookings, bookingServices, localPaymentIntents } from '../../server/db/schema';
import { seriousViolations } from '../support/axe';
import { bookableArtist, signedIn } from '../support/booking-fixtures';
import { useBrowserApp } from '../support/browser';

const app = useBrowserApp();

/** Clicks Next in the week view until the week holding `startsAt` (in the browser's zone) shows. */
async function showWeekOf(page: Page, startsAt: Date) {
  const weeksAhead = await page.evaluate((iso) => {
    const monday = (d: Date) => {
      const day = new Date(d.getFullYear(), d.getMonth(), d.getDate());
      day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
      return day;
    };
    return Math.round((monday(new Date(iso)).getTime() - monday(new Date()).getTime()) / (7 * 86_400_000));
  }, startsAt.toISOString());
  for (let i = 0; i < weeksAhead; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
}

describe('booking in two browsers', () => {
  it('request with a reference photo → quote → slot and deposit → both calendars → consent signed; axe on intake, calendar and consent', async () => {
    const artist = await bookableArtist(app.server, { depositPolicy: 'fixed', depositFixedCents: 5000 });
    const client = await signedIn(app.server, { firstName: 'Maya', lastName: 'Reyes' });

    // The client finds the artist and opens the intake form from the profile.
    const clientPage = await app.newPage();
    await app.signInAs(clientPage, client.user);
    await clientPage.goto(`${app.url}/artist/${artist.slug}`);
    await clientPage.getByRole('link', { name: 'Book' }).click();
    await clientPage.waitForURL(`**/artist/${artist.slug}/booking`);
    await clientPage.getByRole('heading', { name: /^Book with / }).waitFor();
    await clientPage.getByRole('button', { name: 'Send Request' }).click();
    await clientPage.getByText('Describe your tattoo idea').waitFor();
    expect(await seriousViolations(clientPage)).toEqual([]);

    await clientPage.getByLabel('Your idea').fill('A fine-line swallow carrying a sprig of lavender');
    await clientPage.getByLabel('Placement').fill('left forearm');
    await clientPage.getByLabel('Size').fill('10 cm');
    await clientPage.getByLabel('Budget (USD)').fill('400');
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6a4c93' } }).jpeg().toBuffer();
    await clientPage.getByLabel('Reference photos').setInputFiles({ name: 'swallow.jpg', mimeType: 'image/jpeg', buffer: photo });
    await clientPage.getByLabel('Attached reference photos').getByRole('img', { name: 'Reference' }).waitFor();
    await clientPage.getByRole('button', { name: 'Send Request' }).click();
    await clientPage.waitForURL('**/calendar?request=*');
    const details = clientPage.getByRole('dialog');
    await details.getByText('Waiting for the artist').waitFor();
    await details.getByRole('img', { name: 'Reference' }).waitFor();

    // The artist sees the request with its photo and quotes one two-hour session at $400.
    const artistPage = await app.newPage();
    await app.signInAs(artistPage, artist.user);
    await artistPage.goto(`${app.url}/calendar`);
    const requests = artistPage.getByRole('region', { name: 'Booking requests' });
    await requests.getByRole('tab', { name: 'Received' }).click();
    await requests.getByRole('button', { name: /Maya Reyes: A fine-line swallow/ }).click();
    const artistDetails = artistPage.getByRole('dialog');
    await artistDetails.getByRole('img', { name: 'Reference' }).waitFor();
    await artistDetails.getByLabel('Minutes per session').fill('120');
    await artistDetails.getByLabel('Estimate (USD)').fill('400');
    await artistDetails.getByRole('button', { name: 'Send Quote' }).click();
    await artistDetails.getByText(/Quote: 1 × 120 min, estimate \$400\.00; deposit \$50\.00/).waitFor();

    // The client sees the quote, picks the first free time and pays the deposit with the test Visa.
    await clientPage.reload();
    await details.getByText('Quoted: pick your time').waitFor();
    const slots = details.getByRole('region', { name: 'Pick a time' });
    const firstSlot = slots.getByRole('button').first();
    await firstSlot.waitFor({ timeout: 15_000 });
    // Times are in the studio's zone (Los Angeles), grouped under their day, with the viewer's own in brackets when it differs.
    expect(await firstSlot.textContent()).toMatch(/^\d{1,2}:\d{2} [AP]M P[SD]T/);
    expect(await slots.getByRole('group').count()).toBeGreaterThan(1);
    await firstSlot.click();
    await clientPage.waitForURL('**/calendar?booking=*');
    const [request] = await app.server.deps.db.select().from(bookingRequests).where(eq(bookingRequests.clientId, client.user.id));
    const [booking] = await app.server.deps.db.select().from(bookings).where(eq(bookings.requestId, request.id));
    expect(booking.status).toBe('held');
    await details.getByText('Deposit $50.00: due').waitFor();
    await details.getByRole('button', { name: 'Pay Deposit $50.00' }).click();
    await details.getByText('Status: Confirmed').waitFor({ timeout: 15_000 });
    await details.getByText('Deposit $50.00: paid').waitFor();
    const [paid] = await app.server.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    const [charge] = await app.server.deps.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.id, paid.depositPaymentIntentId ?? ''));
    expect(charge).toMatchObject({ amount: 5000, status: 'succeeded', paymentMethodId: 'pm_card_visa' });

    // Both see the confirmed session on their calendar: the client under the artist's name, the artist under the client's.
    await details.getByRole('button', { name: 'Close' }).click();
    await showWeekOf(clientPage, booking.startsAt);
    const clientGrid = clientPage.getByRole('list', { name: 'week view' });
    await clientGrid.getByRole('button', { name: new RegExp(`Ink ${artist.slug}`) }).waitFor();
    expect(await seriousViolations(clientPage)).toEqual([]);

    await artistPage.goto(`${app.url}/calendar`);
    await showWeekOf(artistPage, booking.startsAt);
    await artistPage.getByRole('list', { name: 'week view' }).getByRole('button', { name: /Maya Reyes/ }).click();
    await artistDetails.getByText('Consent form not signed yet').waitFor();
    expect(await seriousViolations(artistPage)).toEqual([]);

    // The client signs the consent form from the session.
    await clientGrid.getByRole('button', { name: new RegExp(`Ink ${artist.slug}`) }).click();
    const consent = details.getByRole('form', { name: 'Consent form' });
    await consent.getByRole('button', { name: 'Sign Consent Form' }).waitFor();
    expect(await seriousViolations(clientPage)).toEqual([]);
    await consent.getByRole('button', { name: 'Sign Consent Form' }).click();
    await consent.getByText('Enter your legal name').waitFor();
    await consent.getByLabel('Legal name').fill('Maya Elena Reyes');
    await consent.getByLabel('Date of birth').fill('1994-05-17');
    for (const group of await consent.getByRole('radiogroup').all()) await group.getByRole('radio', { name: 'No' }).check();
    await consent.getByLabel('I have read and agree to the consent form').check();
    await consent.getByRole('button', { name: 'Sign Consent Form' }).click();
    await details.getByText(/Consent form signed by Maya Elena Reyes/).waitFor();
    const [signed] = await app.server.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(signed.status).toBe('confirmed');
    expect(signed.consent).toMatchObject({ legalName: 'Maya Elena Reyes', dateOfBirth: '1994-05-17' });

    // The artist's open session picks the signature up on reload.
    await artistPage.reload();
    await artistDetails.getByText(/Consent form signed by Maya Elena Reyes/).waitFor();
  }, 180_000);

  it('the artist sets policies, hours, time off and a flash service in /account/booking; closed books stop the intake', async () => {
    const artist = await bookableArtist(app.server, { depositPolicy: 'none' });
    const page = await app.newPage();
    await app.signInAs(page, artist.user);
    await page.goto(`${app.url}/account/booking`);
    const policy = page.getByRole('form', { name: 'Booking' });
    await policy.getByLabel('Deposit', { exact: true }).click();
    await page.getByRole('option', { name: 'Fixed amount' }).click();
    await policy.getByLabel('Deposit amount (USD)').fill('');
    await policy.getByRole('button', { name: 'Save Booking Settings' }).click();
    await policy.getByText('Enter the deposit in dollars and cents').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await policy.getByLabel('Deposit amount (USD)').fill('75');
    await policy.getByLabel('Confirmation').click();
    await page.getByRole('option', { name: 'After my approval' }).click();
    await policy.getByLabel('Books open (clients can send booking requests)').uncheck();
    await policy.getByRole('button', { name: 'Save Booking Settings' }).click();
    await policy.getByText('Booking settings saved').waitFor();
    const [saved] = await app.server.deps.db.select().from(artistBookingSettings).where(eq(artistBookingSettings.artistId, artist.user.id));
    expect(saved).toMatchObject({ depositPolicy: 'fixed', depositFixedCents: 7500, confirmationMode: 'approval' });
    const [profile] = await app.server.deps.db.select({ booksOpen: artists.booksOpen }).from(artists).where(eq(artists.userId, artist.user.id));
    expect(profile.booksOpen).toBe(false);

    // Own hours at the studio: every day but Sunday.
    const hours = page.getByRole('group', { name: `Hours at ${artist.studio.name}` });
    await hours.getByLabel(/Use the studio’s opening hours/).uncheck();
    await hours.getByRole('button', { name: /Operating Hours/ }).click();
    await hours.getByRole('checkbox', { name: 'Sunday' }).uncheck();
    await hours.getByRole('button', { name: `Save Hours at ${artist.studio.name}` }).click();
    await hours.getByText('Working hours saved').waitFor();
    const [own] = await app.server.deps.db.select().from(artistWorkingHours).where(eq(artistWorkingHours.artistId, artist.user.id));
    expect(own.hours.sunday?.open).toBe(false);
    expect(own.hours.monday).toMatchObject({ open: true, start: '10:00', end: '18:00' });

    // Time off, then a flash piece bookable at its price.
    const timeOff = page.getByRole('form', { name: 'Add time off' });
    await timeOff.getByLabel('From').fill('2031-07-01T00:00');
    await timeOff.getByLabel('Until').fill('2031-06-20T00:00');
    await timeOff.getByRole('button', { name: 'Add Time Off' }).click();
    await timeOff.getByText('Time off must end after it starts').waitFor();
    await timeOff.getByLabel('Until').fill('2031-07-15T00:00');
    await timeOff.getByLabel('Note').fill('Convention in Berlin');
    await timeOff.getByRole('button', { name: 'Add Time Off' }).click();
    await page.getByRole('list', { name: 'Planned time off' }).getByText('Convention in Berlin').waitFor();
    expect(await app.server.deps.db.select().from(artistTimeOff).where(eq(artistTimeOff.artistId, artist.user.id))).toHaveLength(1);

    const service = page.getByRole('form', { name: 'Add a service' });
    await service.getByLabel('Kind').click();
    await page.getByRole('option', { name: 'Flash piece' }).click();
    await service.getByLabel('Service name').fill('Swallow flash');
    await service.getByLabel('Length (minutes)').fill('90');
    await service.getByLabel('Price (USD)').fill('150');
    await service.getByRole('button', { name: 'Add Service' }).click();
    await page.getByRole('list', { name: 'My services' }).getByText('Flash piece · 90 min · $150.00').waitFor();
    const [flash] = await app.server.deps.db.select().from(bookingServices).where(eq(bookingServices.artistId, artist.user.id));
    expect(flash).toMatchObject({ kind: 'flash', name: 'Swallow flash', durationMinutes: 90, price: 15000, active: true });
    expect(await seriousViolations(page)).toEqual([]);

    // With the books closed, the intake says so instead of showing the form.
    const client = await signedIn(app.server);
    const clientPage = await app.newPage();
    await app.signInAs(clientPage, client.user);
    await clientPage.goto(`${app.url}/artist/${artist.slug}/booking`);
    await clientPage.getByText('This artist’s books are closed right now').waitFor();
    expect(await clientPage.getByRole('button', { name: 'Send Request' }).count()).toBe(0);
  }, 180_000);
});
