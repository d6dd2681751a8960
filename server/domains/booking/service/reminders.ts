import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { bookings } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { type ServiceCtx, withTransaction } from '../../../service-context';
import { DAY, MINUTE } from '../../../lib/time';
import { queueMail } from '../../../providers/mail/outbox';
import { formatInZone } from '../../../lib/timezone';
import { createNotification } from '../../notifications/create';
import { REMINDER_MINUTES } from '../constants';
import { eventDetails } from './confirmation';
import { mailRecipient } from './mail-recipient';
import { releaseExpiredHolds } from './pick-slot';
import { expireStaleRequests } from './requests';

/**
 * event_reminder 15 minutes before each confirmed session, to the client and the artist. Each
 * booking is claimed by setting reminder_sent_at in the same statement that selects it, so two
 * nodes running this loop never remind twice.
 */
export async function sendDueReminders(deps: AppDeps): Promise<number> {
  const ctx: ServiceCtx = { db: deps.db, user: null, deps };
  return withTransaction(ctx, async (tx) => {
    const now = deps.clock.now();
    const due = await tx.db
      .update(bookings)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          isNull(bookings.reminderSentAt),
          gt(bookings.startsAt, now),
          lte(bookings.startsAt, new Date(now.getTime() + REMINDER_MINUTES * MINUTE)),
        ),
      )
      .returning();
    for (const booking of due) {
      const details = await eventDetails(tx, booking);
      for (const userId of [booking.clientId, booking.artistId]) {
        if (!userId) continue;
        await createNotification(tx, {
          userId,
          type: 'event_reminder',
          title: 'Upcoming appointment',
          body: `${booking.title} with ${details.artistName} at ${details.shopName} starts in 15 minutes.`,
          // Opens /events/{eventId}: a booking is its own calendar event.
          data: { bookingId: booking.id, eventId: booking.id },
        });
      }
    }
    return due.length;
  });
}

/** The day-before e-mail to the client, which also chases an unpaid deposit or an unsigned consent form. */
export async function sendDayBeforeEmails(deps: AppDeps): Promise<number> {
  const ctx: ServiceCtx = { db: deps.db, user: null, deps };
  return withTransaction(ctx, async (tx) => {
    const now = deps.clock.now();
    const due = await tx.db
      .update(bookings)
      .set({ dayBeforeSentAt: now })
      .where(
        and(
          inArray(bookings.status, ['held', 'confirmed']),
          isNull(bookings.dayBeforeSentAt),
          gt(bookings.startsAt, now),
          lte(bookings.startsAt, new Date(now.getTime() + DAY)),
        ),
      )
      .returning();
    for (const booking of due) {
      if (!booking.clientId) continue;
      const client = await mailRecipient(tx, booking.clientId);
      if (!client) continue;
      const details = await eventDetails(tx, booking);
      const missing = [
        booking.depositStatus === 'due' ? 'Your deposit is not paid yet: pay it to keep your slot.' : null,
        booking.consent ? null : 'Your consent form is not signed yet: please sign it before you arrive.',
      ].filter(Boolean);
      await queueMail(tx, {
        to: client.email,
        subject: `Tomorrow: ${booking.title} with ${details.artistName}`,
        text: [
          client.greeting,
          '',
          `See you ${formatInZone(booking.startsAt, booking.timezone)} at ${details.shopName}.`,
          ...missing,
          '',
          `${deps.config.appOrigin}/calendar?booking=${booking.id}`,
        ].join('\n'),
      });
    }
    return due.length;
  });
}

/** The booking loop: releases unpaid holds, expires unanswered requests, sends reminders. */
export async function runBookingSweeps(deps: AppDeps) {
  const ctx: ServiceCtx = { db: deps.db, user: null, deps };
  const released = (await releaseExpiredHolds(ctx)).length;
  return {
    released,
    expired: await expireStaleRequests(deps),
    reminders: await sendDueReminders(deps),
    dayBefore: await sendDayBeforeEmails(deps),
  };
}
