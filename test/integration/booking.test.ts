import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, bookings, images, mailOutbox, messages, notifications } from '../../server/db/schema';
import { sendDayBeforeEmails, sendDueReminders } from '../../server/domains/booking/service/reminders';
import { expireStaleRequests } from '../../server/domains/booking/service/requests';
import { bookableArtist, localDate, quotedRequest, requestInput, setBooksOpen, signedIn } from '../support/booking-fixtures';
import { trpcError } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer();
const TZ = 'America/Los_Angeles';

beforeAll(() => {
  // A fixed Monday noon in Los Angeles, so slots and notice windows are predictable.
  server.clock.set(new Date('2031-03-03T20:00:00Z'));
});

async function firstSlot(client: Awaited<ReturnType<typeof signedIn>>['client'], requestId: string, shopId: string, plusDays = 1) {
  const { slots, timezone } = await client.booking.availability.query({
    requestId,
    shopId,
    from: localDate(server.clock.now(), TZ, plusDays),
    days: 1,
  });
  expect(timezone).toBe(TZ);
  return slots[0];
}

describe('request-first intake', () => {
  it('opens a conversation with the artist that carries the request and its reference photos', async () => {
    const artist = await bookableArtist(server);
    const client = await signedIn(server);
    const [photo] = await server.deps.db
      .insert(images)
      .values({
        url: `/files/users/${client.user.id}/ref.webp`,
        accountId: client.user.id,
        accountType: 'user',
        imageType: 'reference',
        uploadedBy: client.user.id,
      })
      .returning();
    const request = await client.client.booking.createRequest.mutate({
      ...requestInput(artist.user.id, artist.studio.id),
      referenceImageIds: [photo.id],
    });
    expect(request).toMatchObject({ status: 'pending', budget: 40000 });
    expect(request.expiresAt.getTime() - request.createdAt.getTime()).toBe(7 * 86_400_000);
    const [message] = await server.deps.db
      .select()
      .from(messages)
      .where(eq(messages.threadId, request.threadId ?? ''));
    expect(message.body).toContain('Placement: left forearm');
    expect(message.body).toContain('Budget: $400.00');
    expect(message.attachments).toEqual([{ type: 'image', url: photo.url }]);
    const view = await artist.client.booking.request.query({ requestId: request.id });
    expect(view).toMatchObject({ role: 'artist', referencePhotos: [{ id: photo.id }] });
  });

  it('answers bad input with the form messages and writes nothing', async () => {
    const artist = await bookableArtist(server);
    const client = await signedIn(server);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ idea: ' ' }, 'Describe your tattoo idea'],
      [{ placement: '' }, 'Tell the artist where the tattoo goes'],
      [{ size: '' }, 'Give an approximate size'],
      [{ budget: -5 }, 'Enter your budget in dollars'],
    ];
    for (const [override, message] of cases) {
      const error = await trpcError(
        client.client.booking.createRequest.mutate({ ...requestInput(artist.user.id, artist.studio.id), ...override } as never),
      );
      expect(error).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    for (const artistId of [artist.user.id, artist.user.id.toUpperCase()]) {
      const error = await trpcError(artist.client.booking.createRequest.mutate(requestInput(artistId, artist.studio.id)));
      expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'You cannot send a booking request to yourself' });
    }
    const foreign = await signedIn(server);
    const [photo] = await server.deps.db
      .insert(images)
      .values({
        url: '/files/x.webp',
        accountId: foreign.user.id,
        accountType: 'user',
        imageType: 'reference',
        uploadedBy: foreign.user.id,
      })
      .returning();
    expect(
      await trpcError(
        client.client.booking.createRequest.mutate({ ...requestInput(artist.user.id, artist.studio.id), referenceImageIds: [photo.id] }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Reference photos must be uploaded by you first',
    });
    expect(await server.deps.db.select().from(bookingRequests).where(eq(bookingRequests.clientId, client.user.id))).toEqual([]);
  });

  it('refuses an artist whose books are closed', async () => {
    const artist = await bookableArtist(server);
    const client = await signedIn(server);
    await setBooksOpen(artist.client, false);
    expect(await trpcError(client.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id)))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'This artist’s books are closed right now',
    });
  });

  it('names each client to the artist by first and last name, or by display name when they gave none', async () => {
    const artist = await bookableArtist(server);
    const named = await signedIn(server, { firstName: 'Maya', lastName: 'Reyes' });
    const unnamed = await signedIn(server, { firstName: '', lastName: '' });
    for (const person of [named, unnamed]) await person.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));
    const received = await artist.client.booking.requests.query({ role: 'artist' });
    expect(received.items.map((r) => r.clientName).sort()).toEqual(['Maya Reyes', unnamed.user.displayName].sort());
  });
});

describe('the request status machine', () => {
  it('walks ask → answer → quote → scheduled, and refuses every illegal move with the status in the message', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'percent', depositPercent: 20 });
    const client = await signedIn(server);
    const stranger = await signedIn(server);
    const { id: requestId } = await client.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));
    const quote = { requestId, sessionCount: 2, sessionMinutes: 180, estimate: 120000 };

    expect(await trpcError(stranger.client.booking.request.query({ requestId }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Booking request not found',
    });
    expect(await trpcError(client.client.booking.quote.mutate(quote))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the artist can answer this request',
    });
    expect(await trpcError(artist.client.booking.answer.mutate({ requestId, answer: 'hm' }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the client can do that',
    });
    expect(await trpcError(client.client.booking.answer.mutate({ requestId, answer: 'hm' }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'This request is pending and cannot be changed that way',
    });

    expect(await artist.client.booking.ask.mutate({ requestId, question: 'Colour or black and grey?' })).toMatchObject({
      status: 'question',
      question: 'Colour or black and grey?',
    });
    expect(await trpcError(artist.client.booking.ask.mutate({ requestId, question: 'again?' }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
    });
    expect(await client.client.booking.answer.mutate({ requestId, answer: 'Black and grey' })).toMatchObject({
      status: 'pending',
      question: null,
    });
    // The percent policy: 20% of $1,200.
    expect(await artist.client.booking.quote.mutate(quote)).toMatchObject({ status: 'quoted', deposit: 24000, sessionCount: 2 });
    for (const call of [
      () => artist.client.booking.decline.mutate({ requestId, reason: 'busy' }),
      () => artist.client.booking.quote.mutate(quote),
      () => artist.client.booking.ask.mutate({ requestId, question: 'x' }),
    ]) {
      expect(await trpcError(call())).toMatchObject({
        code: 'PRECONDITION_FAILED',
        message: 'This request is quoted and cannot be changed that way',
      });
    }
    const slot = await firstSlot(client.client, requestId, artist.studio.id);
    await client.client.booking.pickSlot.mutate({ requestId, shopId: artist.studio.id, startsAt: slot.startsAt });
    expect(await trpcError(client.client.booking.cancelRequest.mutate({ requestId }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'This request is scheduled and cannot be changed that way',
    });
    const thread = await server.deps.db
      .select({ body: messages.body })
      .from(messages)
      .innerJoin(bookingRequests, eq(bookingRequests.threadId, messages.threadId))
      .where(eq(bookingRequests.id, requestId));
    expect(thread.map((m) => m.body)).toContainEqual(
      expect.stringContaining('Deposit $240.00 (non-refundable, applied to the final session)'),
    );
  });

  it('a declined request keeps its reason and cannot be quoted; a client can cancel a pending one', async () => {
    const artist = await bookableArtist(server);
    const client = await signedIn(server);
    const declined = await client.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));
    expect(await trpcError(artist.client.booking.decline.mutate({ requestId: declined.id, reason: ' ' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Tell the client why you are declining',
    });
    expect(await artist.client.booking.decline.mutate({ requestId: declined.id, reason: 'Not my style' })).toMatchObject({
      status: 'declined',
      declineReason: 'Not my style',
    });
    expect(
      await trpcError(artist.client.booking.quote.mutate({ requestId: declined.id, sessionCount: 1, sessionMinutes: 60, estimate: 10000 })),
    ).toMatchObject({
      message: 'This request is declined and cannot be changed that way',
    });
    const cancelled = await client.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));
    expect(await trpcError(artist.client.booking.cancelRequest.mutate({ requestId: cancelled.id }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await client.client.booking.cancelRequest.mutate({ requestId: cancelled.id })).toMatchObject({ status: 'cancelled' });
  });

  it('expires a request the artist leaves unanswered for 7 days, suggesting artists with open books', async () => {
    const artist = await bookableArtist(server);
    const other = await bookableArtist(server);
    const client = await signedIn(server);
    const request = await client.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));
    server.clock.advance(7 * 86_400_000 - 60_000);
    await expireStaleRequests(server.deps);
    expect((await client.client.booking.request.query({ requestId: request.id })).status).toBe('pending');
    server.clock.advance(120_000);
    expect(await expireStaleRequests(server.deps)).toBeGreaterThanOrEqual(1);
    const view = await client.client.booking.request.query({ requestId: request.id });
    expect(view.status).toBe('expired');
    expect(view.suggestions.map((s) => s.userId)).not.toContain(artist.user.id);
    expect(view.suggestions.length).toBeGreaterThan(0);
    const [note] = await server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.user.id), eq(notifications.type, 'general_alert')));
    expect(note.title).toBe('Your booking request expired');
    expect(note.body).toContain(other.slug === '' ? '' : 'Artists with open books you might like');
    expect(
      await trpcError(artist.client.booking.quote.mutate({ requestId: request.id, sessionCount: 1, sessionMinutes: 60, estimate: 10000 })),
    ).toMatchObject({
      message: 'This request is expired and cannot be changed that way',
    });
  });
});

describe('scheduling', () => {
  it('offers slots in the studio’s timezone from its hours, minus booked time and buffer', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none', bufferMinutes: 30 });
    const client = await signedIn(server);
    const request = await quotedRequest(artist, client);
    const { slots } = await client.client.booking.availability.query({
      requestId: request.id,
      shopId: artist.studio.id,
      from: localDate(server.clock.now(), TZ),
      days: 1,
    });
    // 10:00 to 16:00 starts (2-hour sessions end by 18:00), every 30 minutes: 13 slots.
    expect(slots).toHaveLength(13);
    const local = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit' }).format(d);
    expect(local(slots[0].startsAt)).toBe('10:00 AM');
    expect(local(slots[12].startsAt)).toBe('4:00 PM');
    const booked = await client.client.booking.pickSlot.mutate({
      requestId: request.id,
      shopId: artist.studio.id,
      startsAt: slots[0].startsAt,
    });
    // Automatic confirmation without a deposit.
    expect(booked).toMatchObject({ status: 'confirmed', depositStatus: 'none', timezone: TZ });
    const second = await quotedRequest(artist, await signedIn(server));
    const after = await client.client.booking.availability
      .query({ requestId: second.id, shopId: artist.studio.id, from: localDate(server.clock.now(), TZ), days: 1 })
      .catch(() => null);
    expect(after).toBeNull(); // not this client's request
    const { slots: left } = await artist.client.booking.availability.query({
      requestId: second.id,
      shopId: artist.studio.id,
      from: localDate(server.clock.now(), TZ),
      days: 1,
    });
    // 10:00–12:00 booked plus 30 minutes of buffer: the next start is 12:30.
    expect(local(left[0].startsAt)).toBe('12:30 PM');
  });

  it('refuses a time that is not offered, and a slot that is taken', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none' });
    const [a, b] = [await signedIn(server), await signedIn(server)];
    const [ra, rb] = [await quotedRequest(artist, a), await quotedRequest(artist, b)];
    const slot = await firstSlot(a.client, ra.id, artist.studio.id);
    const offHours = new Date(slot.startsAt.getTime() - 3 * 3_600_000);
    expect(
      await trpcError(a.client.booking.pickSlot.mutate({ requestId: ra.id, shopId: artist.studio.id, startsAt: offHours })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'That time is not available. Please pick another slot.',
    });
    await a.client.booking.pickSlot.mutate({ requestId: ra.id, shopId: artist.studio.id, startsAt: slot.startsAt });
    expect(
      await trpcError(b.client.booking.pickSlot.mutate({ requestId: rb.id, shopId: artist.studio.id, startsAt: slot.startsAt })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'That time was just taken. Please pick another slot.',
    });
    expect(
      await trpcError(a.client.booking.pickSlot.mutate({ requestId: ra.id, shopId: artist.studio.id, startsAt: slot.startsAt })),
    ).toMatchObject({
      message: 'Every session of this quote is already booked',
    });
  });

  it('holds a slot while the deposit is due and releases it when the hold runs out', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'fixed', depositFixedCents: 5000 });
    const [a, b] = [await signedIn(server), await signedIn(server)];
    const [ra, rb] = [await quotedRequest(artist, a), await quotedRequest(artist, b)];
    const slot = await firstSlot(a.client, ra.id, artist.studio.id, 2);
    const held = await a.client.booking.pickSlot.mutate({ requestId: ra.id, shopId: artist.studio.id, startsAt: slot.startsAt });
    expect(held).toMatchObject({ status: 'held', deposit: 5000, depositStatus: 'due' });
    expect(
      await trpcError(b.client.booking.pickSlot.mutate({ requestId: rb.id, shopId: artist.studio.id, startsAt: slot.startsAt })),
    ).toMatchObject({ code: 'CONFLICT' });
    server.clock.advance(16 * 60_000);
    const taken = await b.client.booking.pickSlot.mutate({ requestId: rb.id, shopId: artist.studio.id, startsAt: slot.startsAt });
    expect(taken.status).toBe('held');
    const [released] = await server.deps.db.select().from(bookings).where(eq(bookings.id, held.id));
    expect(released).toMatchObject({ status: 'cancelled', cancelReason: 'The deposit was not paid in time' });
  });

  it('approval mode: held until the artist approves; then booking_confirmed and an e-mail with the .ics', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none', confirmationMode: 'approval' });
    const client = await signedIn(server);
    const request = await quotedRequest(artist, client);
    const slot = await firstSlot(client.client, request.id, artist.studio.id, 3);
    const held = await client.client.booking.pickSlot.mutate({ requestId: request.id, shopId: artist.studio.id, startsAt: slot.startsAt });
    expect(held).toMatchObject({ status: 'held', holdExpiresAt: null });
    expect(await trpcError(client.client.booking.approve.mutate({ bookingId: held.id }))).toMatchObject({ code: 'FORBIDDEN' });
    const confirmed = await artist.client.booking.approve.mutate({ bookingId: held.id });
    expect(confirmed.status).toBe('confirmed');
    expect(await trpcError(artist.client.booking.approve.mutate({ bookingId: held.id }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'This booking is confirmed and cannot be changed that way',
    });
    const notes = await server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'booking_confirmed'), eq(notifications.userId, client.user.id)));
    expect(notes).toHaveLength(1);
    expect(notes[0].data).toMatchObject({ bookingId: held.id });
    const [mail] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.user.email));
    expect(mail.attachments[0]).toMatchObject({ filename: 'booking.ics', contentType: expect.stringContaining('text/calendar') });
    expect(mail.attachments[0].content).toContain(`UID:booking-${held.id}@inklink`);
  });
});

describe('booking status machine and policy', () => {
  it('cancel, complete and reschedule follow the machine', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none' });
    const client = await signedIn(server);
    const request = await quotedRequest(artist, client, { sessionCount: 2 });
    const slot = await firstSlot(client.client, request.id, artist.studio.id, 5);
    const booking = await client.client.booking.pickSlot.mutate({
      requestId: request.id,
      shopId: artist.studio.id,
      startsAt: slot.startsAt,
    });
    expect(await trpcError(artist.client.booking.complete.mutate({ bookingId: booking.id }))).toMatchObject({
      message: 'A session can be completed once it has started',
    });
    // Client reschedule: one free move outside the 48-hour notice window.
    const policy = async () => (await client.client.booking.byId.query({ bookingId: booking.id })).policy;
    expect(await policy()).toEqual({ rescheduleNoticeHours: 48, reschedulesLeft: 1 });
    const later = new Date(slot.startsAt.getTime() + 3 * 3_600_000);
    const moved = await client.client.booking.reschedule.mutate({ bookingId: booking.id, startsAt: later });
    expect(moved).toMatchObject({ status: 'confirmed', rescheduleCount: 1 });
    expect(await policy()).toEqual({ rescheduleNoticeHours: 48, reschedulesLeft: 0 });
    expect(await trpcError(client.client.booking.reschedule.mutate({ bookingId: booking.id, startsAt: slot.startsAt }))).toMatchObject({
      message: 'You have used your free reschedules for this booking',
    });
    const [update] = await server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'event_updated'), eq(notifications.userId, artist.user.id)));
    expect(update.body).toContain('moved to');
    const cancelled = await client.client.booking.cancel.mutate({ bookingId: booking.id, reason: 'Sick' });
    expect(cancelled.status).toBe('cancelled');
    for (const call of [
      () => client.client.booking.cancel.mutate({ bookingId: booking.id }),
      () => artist.client.booking.complete.mutate({ bookingId: booking.id }),
    ]) {
      expect(await trpcError(call())).toMatchObject({
        code: 'PRECONDITION_FAILED',
        message: 'This booking is cancelled and cannot be changed that way',
      });
    }
  });
});

describe('deposits', () => {
  it('a paid deposit confirms the booking (automatic mode); a declined card changes nothing', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'fixed', depositFixedCents: 7500 });
    const client = await signedIn(server);
    const request = await quotedRequest(artist, client);
    const slot = await firstSlot(client.client, request.id, artist.studio.id, 7);
    const held = await client.client.booking.pickSlot.mutate({ requestId: request.id, shopId: artist.studio.id, startsAt: slot.startsAt });
    expect(await trpcError(artist.client.booking.payDeposit.mutate({ bookingId: held.id, paymentMethodId: 'pm_card_visa' }))).toMatchObject(
      { code: 'FORBIDDEN' },
    );
    const declined = await trpcError(
      client.client.booking.payDeposit.mutate({ bookingId: held.id, paymentMethodId: 'pm_card_chargeDeclined' }),
    );
    expect(declined).toMatchObject({ code: 'PRECONDITION_FAILED', message: expect.stringMatching(/^Payment processing failed: /) });
    expect((await client.client.booking.byId.query({ bookingId: held.id })).depositStatus).toBe('due');
    const paid = await client.client.booking.payDeposit.mutate({ bookingId: held.id, paymentMethodId: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'confirmed', depositStatus: 'paid', deposit: 7500, holdExpiresAt: null });
    expect(paid.depositPaymentIntentId).toBeTruthy();
    expect(await trpcError(client.client.booking.payDeposit.mutate({ bookingId: held.id, paymentMethodId: 'pm_card_visa' }))).toMatchObject(
      { message: 'No deposit is due for this booking' },
    );
  });

  it('keeps the deposit for a late cancellation and lets it move to a new date when cancelled in time', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'fixed', depositFixedCents: 5000 });
    const client = await signedIn(server);
    // Inside the 48-hour notice window: forfeited.
    const late = await quotedRequest(artist, client);
    const soon = await firstSlot(client.client, late.id, artist.studio.id, 1);
    const lateBooking = await client.client.booking.pickSlot.mutate({
      requestId: late.id,
      shopId: artist.studio.id,
      startsAt: soon.startsAt,
    });
    await client.client.booking.payDeposit.mutate({ bookingId: lateBooking.id, paymentMethodId: 'pm_card_visa' });
    expect(await client.client.booking.cancel.mutate({ bookingId: lateBooking.id })).toMatchObject({
      status: 'cancelled',
      depositStatus: 'forfeited',
    });
    // Outside it: transferable, and the next pick carries the paid deposit (nothing due).
    const early = await quotedRequest(artist, client);
    const later = await firstSlot(client.client, early.id, artist.studio.id, 8);
    const first = await client.client.booking.pickSlot.mutate({ requestId: early.id, shopId: artist.studio.id, startsAt: later.startsAt });
    const paid = await client.client.booking.payDeposit.mutate({ bookingId: first.id, paymentMethodId: 'pm_card_visa' });
    expect(await client.client.booking.cancel.mutate({ bookingId: first.id })).toMatchObject({ depositStatus: 'transferable' });
    const again = await client.client.booking.pickSlot.mutate({
      requestId: early.id,
      shopId: artist.studio.id,
      startsAt: new Date(later.startsAt.getTime() + 86_400_000),
    });
    expect(again).toMatchObject({
      status: 'confirmed',
      depositStatus: 'paid',
      deposit: 5000,
      depositPaymentIntentId: paid.depositPaymentIntentId,
    });
  });
});

describe('consent form', () => {
  it('checks 18+ on the session day, keeps the signed text, and signs once', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none' });
    const client = await signedIn(server);
    const request = await quotedRequest(artist, client);
    const slot = await firstSlot(client.client, request.id, artist.studio.id, 6);
    const booking = await client.client.booking.pickSlot.mutate({
      requestId: request.id,
      shopId: artist.studio.id,
      startsAt: slot.startsAt,
    });
    const sessionDay = localDate(slot.startsAt, TZ, 0);
    const [y, m, d] = sessionDay.split('-');
    const answers = { allergies: false, pregnant: false, bloodThinners: false, conditions: false, substances: false };
    const form = { bookingId: booking.id, legalName: 'Ada Lovelace', answers, healthNotes: '', agree: true as const };
    // Turns 18 the day after the session: refused.
    const dayAfter = `${Number(y) - 18}-${m}-${String(Number(d) + 1).padStart(2, '0')}`;
    expect(await trpcError(client.client.booking.signConsent.mutate({ ...form, dateOfBirth: dayAfter }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You must be 18 or older to get a tattoo',
    });
    expect(
      await trpcError(client.client.booking.signConsent.mutate({ ...form, agree: false as never, dateOfBirth: '1990-01-01' })),
    ).toMatchObject({ message: 'You must agree to the consent form' });
    expect(await trpcError(artist.client.booking.signConsent.mutate({ ...form, dateOfBirth: '1990-01-01' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const signed = await client.client.booking.signConsent.mutate({ ...form, dateOfBirth: `${Number(y) - 18}-${m}-${d}` });
    expect(signed.consent?.text).toContain('I, Ada Lovelace, consent to be tattooed by');
    expect(signed.consent?.answers).toEqual(answers);
    expect(await trpcError(client.client.booking.signConsent.mutate({ ...form, dateOfBirth: '1990-01-01' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'The consent form is already signed',
    });
  });
});

describe('reminders', () => {
  it('sends event_reminder 15 minutes before (once), and a day-before e-mail that chases the consent form', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none' });
    const client = await signedIn(server);
    const request = await quotedRequest(artist, client);
    const slot = await firstSlot(client.client, request.id, artist.studio.id, 10);
    const booking = await client.client.booking.pickSlot.mutate({
      requestId: request.id,
      shopId: artist.studio.id,
      startsAt: slot.startsAt,
    });
    const remindersFor = () =>
      server.deps.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, 'event_reminder'), eq(notifications.userId, client.user.id)));

    server.clock.set(new Date(slot.startsAt.getTime() - 25 * 3_600_000));
    await sendDayBeforeEmails(server.deps);
    server.clock.set(new Date(slot.startsAt.getTime() - 23 * 3_600_000));
    await sendDayBeforeEmails(server.deps);
    const dayBefore = await server.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, client.user.email)));
    const tomorrow = dayBefore.filter((m) => m.subject.startsWith('Tomorrow'));
    expect(tomorrow).toHaveLength(1);
    expect(tomorrow[0].text).toContain('Your consent form is not signed yet');

    server.clock.set(new Date(slot.startsAt.getTime() - 16 * 60_000));
    await sendDueReminders(server.deps);
    expect(await remindersFor()).toHaveLength(0);
    server.clock.set(new Date(slot.startsAt.getTime() - 15 * 60_000));
    await sendDueReminders(server.deps);
    await sendDueReminders(server.deps);
    const reminders = await remindersFor();
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      body: expect.stringContaining('starts in 15 minutes'),
      data: expect.objectContaining({ bookingId: booking.id }),
    });
  });
});

describe('walk-ins', () => {
  it('studio staff add a confirmed walk-in; others cannot; it blocks the artist’s time', async () => {
    const artist = await bookableArtist(server, { depositPolicy: 'none' });
    const stranger = await signedIn(server);
    const startsAt = new Date(server.clock.now().getTime() + 30 * 86_400_000);
    const input = {
      shopId: artist.studio.id,
      artistId: artist.user.id,
      clientName: 'Walk-in Sam',
      title: 'Flash heart',
      startsAt,
      durationMinutes: 60,
    };
    expect(await trpcError(stranger.client.booking.addWalkIn.mutate(input))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the studio’s staff can do that',
    });
    expect(await artist.client.booking.addWalkIn.mutate(input)).toMatchObject({ status: 'confirmed', clientName: 'Walk-in Sam' });
    expect(
      await trpcError(artist.client.booking.addWalkIn.mutate({ ...input, startsAt: new Date(startsAt.getTime() + 30 * 60_000) })),
    ).toMatchObject({ code: 'CONFLICT' });
  });
});
