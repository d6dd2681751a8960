import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { sendDayBeforeEmails } from '../../server/domains/booking/service/reminders';
import { bookableArtist, bookFirstSlot, quotedRequest, signedIn } from '../support/booking-fixtures';
import { useTestServer } from '../support/server';

const server = useTestServer();

beforeAll(() => {
  // Monday noon in Los Angeles: tomorrow's first slot (10:00) is 22 hours away, inside the day-before window.
  server.clock.set(new Date('2031-03-03T20:00:00Z'));
});

async function bookTomorrow(artist: Awaited<ReturnType<typeof bookableArtist>>, client: Awaited<ReturnType<typeof signedIn>>) {
  const request = await quotedRequest(artist, client);
  return bookFirstSlot(server, artist, client, request.id);
}

const mailTo = (email: string, subjectStart: string) =>
  server.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, `${subjectStart}%`)));

describe('booking e-mails', () => {
  it('the day-before e-mail greets the client by first name and chases the unpaid deposit and the consent form', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'fixed', depositFixedCents: 5000 });
    const client = await signedIn(server, { firstName: 'Maya', lastName: 'Reyes' });
    const booking = await bookTomorrow(artist, client);
    expect(booking).toMatchObject({ status: 'held', depositStatus: 'due' });
    await sendDayBeforeEmails(server.deps);
    const [mail] = await mailTo(client.user.email, 'Tomorrow');
    expect(mail.text.startsWith('Hi Maya,\n')).toBe(true);
    expect(mail.text).toContain('Your deposit is not paid yet: pay it to keep your slot.');
    expect(mail.text).toContain('Your consent form is not signed yet');
  });

  it('a client without a first name is greeted by handle; nothing is chased that is not missing', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none' });
    const client = await signedIn(server, { firstName: '' });
    const booking = await bookTomorrow(artist, client);
    expect(booking.status).toBe('confirmed');
    const [confirmation] = await mailTo(client.user.email, 'Booking confirmed');
    expect(confirmation.text.startsWith(`Hi ${client.user.displayName},\n`)).toBe(true);
    await sendDayBeforeEmails(server.deps);
    const [dayBefore] = await mailTo(client.user.email, 'Tomorrow');
    expect(dayBefore.text.startsWith(`Hi ${client.user.displayName},\n`)).toBe(true);
    expect(dayBefore.text).not.toContain('deposit');
    expect(dayBefore.text).toContain('Your consent form is not signed yet');
  });
});
