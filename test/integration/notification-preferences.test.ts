import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationDeliveries, notificationPreferences, notifications } from '../../server/db/schema';
import { createNotification } from '../../server/domains/notifications/create';
import { SMS_UNAVAILABLE } from '../../server/domains/notifications/preferences';
import { trpcError } from '../support/client';
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

const grid = (result: { types: Array<{ type: string; channels: Record<string, boolean> }> }) =>
  Object.fromEntries(result.types.map((t) => [t.type, Object.keys(t.channels).filter((c) => t.channels[c])]));

describe('notification preferences (/account/notifications)', () => {
  it("starts from the spec's defaults; SMS is off and unavailable without a provider", async () => {
    const { client } = await signedIn();
    const preferences = await client.notification.preferences.query();
    expect(preferences.smsAvailable).toBe(false);
    expect(grid(preferences)).toEqual({
      message_received: ['in_app', 'push'],
      invitation_studio: ['in_app', 'push', 'email'],
      invitation_event: ['in_app', 'push', 'email'],
      event_reminder: ['in_app', 'push', 'email'],
      event_updated: ['in_app', 'push'],
      booking_confirmed: ['in_app', 'push', 'email'],
      general_alert: ['in_app', 'push', 'email'],
    });
  });

  it('saves cells of the grid for the caller only, and new notifications use only the channels left on', async () => {
    const { user, client } = await signedIn();
    const other = await signedIn();
    const saved = await client.notification.updatePreferences.mutate({
      changes: [
        { type: 'message_received', channel: 'email', enabled: true },
        { type: 'message_received', channel: 'push', enabled: false },
      ],
    });
    expect(grid(saved).message_received).toEqual(['in_app', 'email']);
    expect(grid(await client.notification.preferences.query()).message_received).toEqual(['in_app', 'email']);
    expect(grid(await other.client.notification.preferences.query()).message_received).toEqual(['in_app', 'push']);

    const id = await createNotification(ctx(), { userId: user.id, type: 'message_received', title: 'New message', body: 'Hello' });
    const [note] = await server.deps.db.select().from(notifications).where(eq(notifications.id, id));
    expect(note.channels).toEqual(['in_app', 'email']);
    const deliveries = await server.deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, id));
    expect(deliveries.map((d) => d.channel).sort()).toEqual(['email', 'in_app']);
  });

  it('a type turned off in the app is neither listed nor counted in the badges', async () => {
    const { user, client } = await signedIn();
    await client.notification.updatePreferences.mutate({ changes: [{ type: 'booking_confirmed', channel: 'in_app', enabled: false }] });
    await createNotification(ctx(), { userId: user.id, type: 'booking_confirmed', title: 'Booked', body: 'See you' });
    await createNotification(ctx(), { userId: user.id, type: 'event_updated', title: 'Moved', body: 'Now at 3pm' });
    expect(await client.notification.unseenCounts.query()).toEqual({ inbox: 0, calendar: 1, total: 1 });
    expect((await client.notification.list.query({})).items.map((n) => n.title)).toEqual(['Moved']);
  });

  it('refuses SMS without a provider, unknown types and empty saves with the message, writing nothing', async () => {
    const { user, client } = await signedIn();
    const cases: Array<[unknown, string]> = [
      [{ changes: [{ type: 'general_alert', channel: 'sms', enabled: true }] }, SMS_UNAVAILABLE],
      [{ changes: [{ type: 'birthday', channel: 'email', enabled: true }] }, 'Unknown notification type'],
      [{ changes: [{ type: 'general_alert', channel: 'pigeon', enabled: true }] }, 'Unknown notification channel'],
      [{ changes: [] }, 'Nothing to save'],
    ];
    for (const [input, message] of cases) {
      expect(await trpcError(client.notification.updatePreferences.mutate(input as never))).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    expect(await server.deps.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id))).toEqual([]);
    expect(await trpcError(server.client().notification.preferences.query())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
