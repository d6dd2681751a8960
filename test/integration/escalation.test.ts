import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notificationDeliveries, notifications } from '../../server/db/schema';
import { ESCALATION_PROFILE_VALUES, NOTIFICATION_TYPE_VALUES } from '../../server/db/schema/notifications';
import { createNotification } from '../../server/domains/notifications/create';
import { NOTIFICATION_CHANNELS } from '../../server/domains/notifications/rules';
import { deliverDueMail } from '../../server/jobs/mail';
import { dispatchDueNotifications } from '../../server/jobs/notifications';
import { MINUTE } from '../../server/lib/time';
import { createUser, signIn } from '../support/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/server';

// The escalation table (spec 1 §9) end to end: every type × profile schedules its e-mail at
// delay(type) × multiplier(profile) minutes, and an e-mail whose notification was seen first
// never reaches the (real, loopback) SMTP server.

const EMAIL_DELAY = { message_received: 10, invitation_studio: 5, invitation_event: 5, event_reminder: 2, event_updated: 8, booking_confirmed: 3, general_alert: 15 };
const MULTIPLIER = { instant: 0, urgent: 0.5, normal: 1, patient: 2, cost_sensitive: 4 };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.close();
  server?.deps.mail.close();
  await smtp?.close();
});

const ctx = () => ({ db: server.deps.db, user: null, deps: server.deps });

/** Runs both loops until nothing is due: the dispatcher queues e-mails, the mail job hands them to SMTP. */
async function deliverEverythingDue() {
  while ((await dispatchDueNotifications(server.deps)) + (await deliverDueMail(server.deps)) > 0) {}
}

async function signedIn() {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

describe('escalation table: every type × profile', () => {
  it('schedules in_app and push at once and the e-mail at delay × multiplier; SMS never without a provider', async () => {
    const { user, client } = await signedIn();
    // E-mail on for every type, so the types whose default leaves it off are measured too.
    await client.notification.updatePreferences.mutate({ changes: NOTIFICATION_TYPE_VALUES.map((type) => ({ type, channel: 'email' as const, enabled: true })) });
    for (const type of NOTIFICATION_TYPE_VALUES) {
      for (const profile of ESCALATION_PROFILE_VALUES) {
        const id = await createNotification(ctx(), { userId: user.id, type, title: `${type} ${profile}`, body: 'Body', escalationProfile: profile, channels: [...NOTIFICATION_CHANNELS] });
        const [note] = await server.deps.db.select().from(notifications).where(eq(notifications.id, id));
        const rows = await server.deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, id));
        const minutesAfter = Object.fromEntries(rows.map((d) => [d.channel, (d.scheduledFor.getTime() - note.createdAt.getTime()) / MINUTE]));
        const expected = EMAIL_DELAY[type] * MULTIPLIER[profile];
        expect({ type, profile, minutesAfter }).toEqual({ type, profile, minutesAfter: { in_app: 0, push: 0, email: expected } });
        const email = rows.find((d) => d.channel === 'email');
        expect(email?.status).toBe(expected === 0 ? 'pending' : 'scheduled');
      }
    }
  });
});

describe('an e-mail and the notification seen before it is due', () => {
  it('never sends the e-mail of a seen notification to SMTP; the unseen one arrives when due, not before', async () => {
    const seer = await signedIn();
    const ignorer = await signedIn();
    const notify = (userId: string) =>
      createNotification(ctx(), { userId, type: 'booking_confirmed', title: 'Booking confirmed', body: 'See you Friday at 3pm.', data: { bookingId: 'booking-7' } });
    const seenId = await notify(seer.user.id);
    await notify(ignorer.user.id);

    server.clock.advance(2 * MINUTE);
    await seer.client.notification.markSeen.mutate({ id: seenId });
    await deliverEverythingDue();
    expect(smtp.received.filter((m) => m.to.includes(ignorer.user.email))).toHaveLength(0);

    server.clock.advance(1 * MINUTE + 1000);
    await deliverEverythingDue();
    const toIgnorer = smtp.received.filter((m) => m.to.includes(ignorer.user.email));
    expect(toIgnorer).toHaveLength(1);
    expect(decodeQuotedPrintable(toIgnorer[0].raw)).toContain(`${server.deps.config.appOrigin}/bookings/booking-7`);

    server.clock.advance(60 * MINUTE);
    await deliverEverythingDue();
    expect(smtp.received.filter((m) => m.to.includes(seer.user.email))).toHaveLength(0);
    expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, seer.user.email))).toHaveLength(0);
    const [email] = await server.deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, seenId)).then((rows) => rows.filter((d) => d.channel === 'email'));
    expect(email.status).toBe('cancelled');
  });
});
