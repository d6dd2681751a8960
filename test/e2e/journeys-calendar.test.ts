import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { bookableArtist, bookFirstSlot, quotedRequest, requestInput, setBooksOpen, signedIn } from '../support/booking-fixtures';
import { BOTH_WIDTHS, horizontalOverflow, PHONE_WIDTH, useBrowserApp } from '../support/browser';

// Issue 19, the calendar and booking journeys as people live them, at a laptop's and a phone's width.

const app = useBrowserApp();

/** Errors the page's own code logged (a 404 answer's "Failed to load resource" is the browser's, not the app's). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

/** Moves the week or day view forward to the one holding `startsAt` (the browser's local days). */
async function moveTo(page: Page, startsAt: Date, unit: 'week' | 'day') {
  const steps = await page.evaluate(
    ([iso, by]) => {
      const start = (d: Date) => {
        const day = new Date(d.getFullYear(), d.getMonth(), d.getDate());
        if (by === 'week') day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
        return day;
      };
      return Math.round((start(new Date(iso)).getTime() - start(new Date()).getTime()) / ((by === 'week' ? 7 : 1) * 86_400_000));
    },
    [startsAt.toISOString(), unit] as const,
  );
  for (let i = 0; i < steps; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
}

describe('/calendar opens on what there is to act on', () => {
  for (const width of BOTH_WIDTHS) {
    it(`an artist with a request waiting opens on Received, and the tabs count the requests (${width}px)`, async () => {
      const artist = await bookableArtist(app.server);
      const client = await signedIn(app.server);
      await client.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));

      const page = await app.newPage({ width });
      await app.signInAs(page, artist.user);
      await page.goto(`${app.url}/calendar`);
      const requests = page.getByRole('region', { name: 'Booking requests' });
      const received = requests.getByRole('tab', { name: /^Received/ });
      await received.waitFor();
      expect(await received.getAttribute('aria-selected')).toBe('true');
      await requests.getByRole('tab', { name: 'Received (1), 1 awaiting your answer', exact: true }).waitFor();
      await requests.getByRole('tab', { name: 'Sent (0)', exact: true }).waitFor();
      await requests.getByRole('button', { name: /A fine-line swallow/ }).waitFor();
      expect(await requests.getByText('No requests yet').count()).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // The client, whose request waits on the artist, opens on Sent with it listed.
      const clientPage = await app.newPage({ width });
      await app.signInAs(clientPage, client.user);
      await clientPage.goto(`${app.url}/calendar`);
      const sent = clientPage.getByRole('region', { name: 'Booking requests' }).getByRole('tab', { name: 'Sent (1)', exact: true });
      await sent.waitFor();
      expect(await sent.getAttribute('aria-selected')).toBe('true');
      expect(await horizontalOverflow(clientPage)).toBe(0);
    }, 120_000);
  }
});

describe('the week on a phone', () => {
  for (const width of BOTH_WIDTHS) {
    it(`appointments are readable in full, by week and day by day (${width}px)`, async () => {
      const artist = await bookableArtist(app.server, { depositPolicy: 'none' });
      const client = await signedIn(app.server);
      const request = await quotedRequest(artist, client);
      const booking = await bookFirstSlot(app.server, artist, client, request.id, 1);

      const page = await app.newPage({ width });
      await app.signInAs(page, client.user);
      await page.goto(`${app.url}/calendar`);
      await moveTo(page, booking.startsAt, 'week');
      const appointment = page.getByRole('list', { name: 'week view' }).getByRole('button', { name: new RegExp(`Ink ${artist.slug}`) });
      await appointment.waitFor();
      const box = await appointment.boundingBox();
      // On a phone the day is a full-width row (an agenda), not a seventh of the screen.
      expect(box?.width).toBeGreaterThan(width === PHONE_WIDTH ? 300 : 120);
      expect(await appointment.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await horizontalOverflow(page)).toBe(0);

      // Day by day: the day view, moved to the appointment's day.
      await page.getByRole('button', { name: 'Day', exact: true }).click();
      await page.getByRole('button', { name: 'Today', exact: true }).click();
      await moveTo(page, booking.startsAt, 'day');
      await page
        .getByRole('list', { name: 'day view' })
        .getByRole('button', { name: new RegExp(`Ink ${artist.slug}`) })
        .waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
    }, 120_000);
  }
});

describe('the artist profile says whether the books are open, and offers booking only then', () => {
  for (const width of BOTH_WIDTHS) {
    it(`books closed: no Book button, a way to ask instead; books open: Book (${width}px)`, async () => {
      const artist = await bookableArtist(app.server);
      await setBooksOpen(artist.client, false);
      const client = await signedIn(app.server);
      const page = await app.newPage({ width });
      await app.signInAs(page, client.user);
      await page.goto(`${app.url}/artist/${artist.slug}`);
      await page.getByText('Books closed', { exact: true }).waitFor();
      await page.getByText(/is not taking booking requests right now/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Message' }).waitFor();
      expect(await page.getByRole('link', { name: 'Book', exact: true }).count()).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);

      await setBooksOpen(artist.client, true);
      await page.reload();
      await page.getByText('Books open', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Book', exact: true }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
    }, 120_000);
  }
});

describe('notification deep links open real pages, for the right person only', () => {
  for (const width of BOTH_WIDTHS) {
    it(`/bookings/{id} and /events/{id} for the parties, not-found for anyone else (${width}px)`, async () => {
      const artist = await bookableArtist(app.server, { depositPolicy: 'none' });
      const client = await signedIn(app.server);
      const stranger = await signedIn(app.server);
      const request = await quotedRequest(artist, client);
      const booking = await bookFirstSlot(app.server, artist, client, request.id, 1);

      // The client opens the booking_confirmed notification from the inbox.
      const page = await app.newPage({ width });
      const errors = consoleErrors(page);
      await app.signInAs(page, client.user);
      await page.goto(`${app.url}/inbox`);
      await page
        .getByRole('list', { name: 'Notifications' })
        .getByRole('button', { name: /Booking confirmed/ })
        .click();
      await page.waitForURL(`**/bookings/${booking.id}`);
      await page.getByRole('heading', { name: 'Session', level: 1 }).waitFor();
      await page.getByText('Status: Confirmed', { exact: false }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);

      await page.goto(`${app.url}/events/${booking.id}`);
      await page.getByRole('heading', { name: 'Appointment', level: 1 }).waitFor();
      await page.getByText(`with Ink ${artist.slug}`, { exact: false }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Session Details' }).click();
      await page.waitForURL(`**/bookings/${booking.id}`);

      // The artist sees the same booking.
      const artistPage = await app.newPage({ width });
      await app.signInAs(artistPage, artist.user);
      await artistPage.goto(`${app.url}/bookings/${booking.id}`);
      await artistPage.getByRole('heading', { name: 'Session', level: 1 }).waitFor();

      // Someone else gets the same not-found for this booking, for one that does not exist, and for no id.
      const other = await app.newPage({ width });
      const otherErrors = consoleErrors(other);
      await app.signInAs(other, stranger.user);
      for (const path of [
        `/bookings/${booking.id}`,
        `/bookings/${randomUUID()}`,
        '/bookings/not-an-id',
        `/events/${booking.id}`,
        `/events/${randomUUID()}`,
      ]) {
        await other.goto(`${app.url}${path}`);
        await other.getByRole('heading', { name: 'Booking not found' }).waitFor();
        expect(await other.getByText(booking.title).count()).toBe(0);
        expect(await horizontalOverflow(other)).toBe(0);
      }
      expect([...errors, ...otherErrors]).toEqual([]);
    }, 120_000);

    it(`/invitations/{id}: the invitee accepts there; anyone else gets not-found (${width}px)`, async () => {
      const owner = await bookableArtist(app.server);
      const invitee = await signedIn(app.server, { userTypes: ['client', 'artist'] });
      const someoneElse = await signedIn(app.server);
      const invitation = await owner.client.studio.addMember.mutate({ studioId: owner.studio.id, invitee: invitee.user.displayName });

      const other = await app.newPage({ width });
      const errors = consoleErrors(other);
      await app.signInAs(other, someoneElse.user);
      for (const id of [invitation.id, randomUUID(), 'not-an-id']) {
        await other.goto(`${app.url}/invitations/${id}`);
        await other.getByText('Invitation not found').waitFor();
        expect(await other.getByText(`Studio ${owner.slug}`).count()).toBe(0);
      }
      expect(errors).toEqual([]);

      const page = await app.newPage({ width });
      await app.signInAs(page, invitee.user);
      await page.goto(`${app.url}/invitations/${invitation.id}`);
      await page.getByRole('heading', { name: `Studio ${owner.slug}` }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByText(`You joined Studio ${owner.slug}.`).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
    }, 120_000);
  }
});
