import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notificationDeliveries, notifications } from '../../server/db/schema';
import { createNotification, type NewNotification } from '../../server/domains/notifications/create';
import { dispatchDueNotifications, dispatchDueNotificationsFor } from '../../server/jobs/notifications';
import { MINUTE } from '../../server/lib/time';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

const server = useTestServer();
const ctx = () => ({ db: server.deps.db, user: null, deps: server.deps });
const drain = async () => {
  let total = 0;
  for (let handled = await dispatchDueNotifications(server.deps); handled > 0; handled = await dispatchDueNotifications(server.deps)) total += handled;
  return total;
};

describe('notification dispatcher', () => {
  it('sends the e-mail when it is due, not before, with the deep link; push without a device is skipped', async () => {
    const user = await createUser({}, server.deps.db);
    const id = await createNotification(ctx(), {
      userId: user.id,
      type: 'invitation_studio',
      title: 'Invitation from Iron Rose',
      body: 'You are invited to join Iron Rose.',
      data: { link: '/invite/code123' },
    });
    await drain();
    const mailsNow = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mailsNow).toHaveLength(0);
    const [push] = await server.deps.db.select().from(notificationDeliveries).where(and(eq(notificationDeliveries.notificationId, id), eq(notificationDeliveries.channel, 'push')));
    expect(push).toMatchObject({ status: 'skipped', lastError: 'No push device registered' });

    server.clock.advance(5 * MINUTE + 1000);
    await drain();
    const [mail] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail).toMatchObject({ subject: 'Invitation from Iron Rose' });
    expect(mail.text).toContain(`${server.deps.config.appOrigin}/invite/code123`);
    const [note] = await server.deps.db.select().from(notifications).where(eq(notifications.id, id));
    expect(note.status).toBe('sent');
  });

  it('never sends the e-mail of a notification seen before it was due', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    const id = await createNotification(ctx(), { userId: user.id, type: 'booking_confirmed', title: 'Booked', body: 'See you soon' });
    await client.notification.markSeen.mutate({ id });
    server.clock.advance(60 * MINUTE);
    await drain();
    expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toHaveLength(0);
  });

  it("claims at most the spec's pending list (50) at once; a job run claims again while claims are full, within its time", async () => {
    const user = await createUser({}, server.deps.db);
    const due: Omit<NewNotification, 'title'> = {
      userId: user.id,
      type: 'general_alert',
      body: 'Due',
      escalationProfile: 'instant',
      channels: ['email'],
    };
    for (let i = 0; i < 120; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, k) => createNotification(ctx(), { ...due, title: `Due ${i + k}` })));
    }
    expect(await dispatchDueNotifications(server.deps)).toBe(50);
    // A run out of time stops after one claim; one with time left takes the rest.
    expect(await dispatchDueNotificationsFor(server.deps, 0)).toBe(50);
    expect(await dispatchDueNotificationsFor(server.deps, 60_000)).toBe(20);
    expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toHaveLength(120);
  });

  it('two dispatchers running at once deliver each of 1,000 due items exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser({}, server.deps.db)));
    const ids: string[] = [];
    // Created ten at a time, so a busy machine still sets up 1,000 well within the time limit.
    for (let i = 0; i < 1000; i += 10) {
      const batch = Array.from({ length: 10 }, (_, k) =>
        createNotification(ctx(), { userId: users[(i + k) % 4].id, type: 'general_alert', title: `Alert ${i + k}`, body: 'Body', escalationProfile: 'instant', channels: ['email'] }),
      );
      ids.push(...(await Promise.all(batch)));
    }
    // Two loops on their own connections (PostgreSQL: separate pool connections), as two servers would run them.
    const [a, b] = await Promise.all([drain(), drain()]);
    expect(a + b).toBe(1000);
    const mails = await server.deps.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, users.map((u) => u.email)));
    expect(mails).toHaveLength(1000);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(1000);
    const [sent] = await server.deps.db
      .select({ n: count(), attempts: sql<number>`max(${notificationDeliveries.attempts})::int` })
      .from(notificationDeliveries)
      .where(and(inArray(notificationDeliveries.notificationId, ids), eq(notificationDeliveries.status, 'sent')));
    // Every delivery sent, each claimed once.
    expect(sent).toEqual({ n: 1000, attempts: 1 });
  }, 180_000);
});
