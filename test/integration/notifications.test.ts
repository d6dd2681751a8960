import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationDeliveries, notificationPreferences, notifications } from '../../server/db/schema';
import { createNotification } from '../../server/domains/notifications/create';
import { MINUTE } from '../../server/lib/time';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

const server = useTestServer();
const ctx = () => ({ db: server.deps.db, user: null, deps: server.deps });

async function signedIn() {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

describe('createNotification', () => {
  it('schedules each channel at delay × multiplier, in_app delivered at once, SMS never without a provider', async () => {
    const { user } = await signedIn();
    const before = server.clock.now().getTime();
    const id = await createNotification(ctx(), { userId: user.id, type: 'general_alert', title: 'Hi', body: 'There', channels: ['in_app', 'push', 'email', 'sms'] });
    const rows = await server.deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, id));
    const byChannel = Object.fromEntries(rows.map((r) => [r.channel, r]));
    expect(Object.keys(byChannel).sort()).toEqual(['email', 'in_app', 'push']);
    expect(byChannel.in_app.status).toBe('sent');
    expect(byChannel.push.status).toBe('pending');
    expect(byChannel.email.status).toBe('scheduled');
    // general_alert is patient by default: 15 minutes × 2.
    const emailDelay = byChannel.email.scheduledFor.getTime() - before;
    expect(emailDelay).toBeGreaterThanOrEqual(30 * MINUTE);
    expect(emailDelay).toBeLessThan(31 * MINUTE);
  });

  it("filters channels by the user's preferences", async () => {
    const { user } = await signedIn();
    await server.deps.db.insert(notificationPreferences).values([
      { userId: user.id, type: 'invitation_studio', channel: 'email', enabled: false },
      { userId: user.id, type: 'invitation_studio', channel: 'push', enabled: false },
    ]);
    const id = await createNotification(ctx(), { userId: user.id, type: 'invitation_studio', title: 'Join', body: 'us' });
    const [row] = await server.deps.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row.channels).toEqual(['in_app']);
  });
});

describe('notification procedures', () => {
  it('lists newest first with deep links, counts inbox and calendar separately, and hides expired ones', async () => {
    const { user, client } = await signedIn();
    await createNotification(ctx(), { userId: user.id, type: 'invitation_studio', title: 'Invite', body: 'Join', data: { invitationId: 'i1', link: '/invite/abc' } });
    await createNotification(ctx(), { userId: user.id, type: 'event_reminder', title: 'Soon', body: 'Your appointment starts in 15 minutes', data: { eventId: 'e1' } });
    await createNotification(ctx(), { userId: user.id, type: 'message_received', title: 'Msg', body: 'Hi', data: { threadId: 't1' } });
    await createNotification(ctx(), { userId: user.id, type: 'message_received', title: 'Old', body: 'Gone', expiresAt: new Date(server.clock.now().getTime() - 1000) });
    expect(await client.notification.unseenCounts.query()).toEqual({ inbox: 2, calendar: 1, total: 3 });
    const list = await client.notification.list.query({});
    expect(list.items.map((n) => n.title)).toEqual(['Msg', 'Soon', 'Invite']);
    expect(list.items.map((n) => n.link)).toEqual(['/messages/t1', '/events/e1', '/invite/abc']);
  });

  it('marking seen cancels the e-mail not yet sent; mark all seen clears the badges', async () => {
    const { user, client } = await signedIn();
    const id = await createNotification(ctx(), { userId: user.id, type: 'invitation_studio', title: 'Invite', body: 'Join' });
    await client.notification.markSeen.mutate({ id });
    const [email] = await server.deps.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.notificationId, id), eq(notificationDeliveries.channel, 'email')));
    expect(email.status).toBe('cancelled');
    const [row] = await server.deps.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ seen: true, escalationCancelled: true });
    expect(row.seenAt).toBeInstanceOf(Date);

    await createNotification(ctx(), { userId: user.id, type: 'message_received', title: 'A', body: 'a' });
    await createNotification(ctx(), { userId: user.id, type: 'booking_confirmed', title: 'B', body: 'b' });
    expect((await client.notification.unseenCounts.query()).total).toBe(2);
    expect(await client.notification.markAllSeen.mutate()).toEqual({ ok: true, marked: 2 });
    expect(await client.notification.unseenCounts.query()).toEqual({ inbox: 0, calendar: 0, total: 0 });
  });
});
