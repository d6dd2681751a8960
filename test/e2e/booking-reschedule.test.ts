import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../server/db/schema';
import { seriousViolations } from '../support/axe';
import { bookableArtist, bookFirstSlot, quotedRequest, signedIn } from '../support/booking-fixtures';
import { useBrowserApp } from '../support/browser';

const app = useBrowserApp();

describe('rescheduling from /calendar', () => {
  it('the client sees the artist’s policy, moves the session to another offered time once, then has no free move left', async () => {
    const artist = await bookableArtist(app.server, { depositPolicy: 'none' });
    const client = await signedIn(app.server);
    const request = await quotedRequest(artist, client);
    const booking = await bookFirstSlot(app.server, artist, client, request.id, 5);

    const page = await app.newPage();
    await app.signInAs(page, client.user);
    await page.goto(`${app.url}/calendar?booking=${booking.id}`);
    const session = page.getByRole('dialog', { name: 'Session' });
    await session.getByText('You can reschedule once for free, up to 48 hours before the session.').waitFor();
    await session.getByRole('button', { name: 'Reschedule' }).click();
    const picker = session.getByRole('region', { name: 'Pick a new time' });
    const first = picker.getByRole('group').first().getByRole('button').first();
    await first.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await first.click();
    await session.getByText('You have used your free reschedules for this booking.').waitFor();

    const [moved] = await app.server.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(moved.rescheduleCount).toBe(1);
    expect(moved.status).toBe('confirmed');
    expect(moved.startsAt.getTime()).not.toBe(booking.startsAt.getTime());
    expect(moved.endsAt.getTime() - moved.startsAt.getTime()).toBe(booking.endsAt.getTime() - booking.startsAt.getTime());
  }, 180_000);
});
