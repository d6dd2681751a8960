import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notificationDeliveries, notifications, shopUsers } from '../../server/db/schema';
import { dispatchDueNotifications } from '../../server/jobs/notifications';
import { MINUTE } from '../../server/lib/time';
import { trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function signedIn() {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

describe('threads and messages', () => {
  it('opens one thread per pair even when both open it at once, and lists it for both', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const [one, two, three] = await Promise.all([
      a.client.thread.open.mutate({ userId: b.user.id }),
      b.client.thread.open.mutate({ userId: a.user.id }),
      a.client.thread.open.mutate({ userId: b.user.id }),
    ]);
    expect(new Set([one.threadId, two.threadId, three.threadId]).size).toBe(1);
    expect(await trpcError(a.client.thread.open.mutate({ userId: a.user.id }))).toMatchObject({ code: 'BAD_REQUEST', message: 'You cannot message yourself' });
    expect(await trpcError(a.client.thread.open.mutate({ userId: a.user.id.toUpperCase() }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You cannot message yourself',
    });
    await a.client.message.send.mutate({ threadId: one.threadId, body: 'Hi! Do you have time for a consult?' });
    const list = await b.client.thread.list.query({});
    expect(list.items[0]).toMatchObject({ id: one.threadId, unread: 1, lastMessagePreview: 'Hi! Do you have time for a consult?' });
    expect(list.items[0].participants.map((p) => p.id)).toEqual([a.user.id]);
  });

  it('pages messages newest first, 20 at a time', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const { threadId } = await a.client.thread.open.mutate({ userId: b.user.id });
    for (let i = 0; i < 23; i++) {
      await a.client.message.send.mutate({ threadId, body: `message ${i}` });
      server.clock.advance(1000);
    }
    const first = await b.client.message.list.query({ threadId });
    expect(first.items).toHaveLength(20);
    expect(first.items[0].body).toBe('message 22');
    const second = await b.client.message.list.query({ threadId, cursor: first.nextCursor });
    expect(second.items.map((m) => m.body)).toEqual(['message 2', 'message 1', 'message 0']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses empty messages and photos the sender did not upload', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const { threadId } = await a.client.thread.open.mutate({ userId: b.user.id });
    expect(await trpcError(a.client.message.send.mutate({ threadId, body: '   ' }))).toMatchObject({ code: 'BAD_REQUEST', message: 'Write a message or attach a photo' });
    expect(await trpcError(a.client.message.send.mutate({ threadId, imageUrls: ['/files/users/x/y.webp'] }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Photos must be uploaded by you before they are sent',
    });
  });

  it('sends a photo the sender uploaded', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const { threadId } = await a.client.thread.open.mutate({ userId: b.user.id });
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#345' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('accountType', 'user');
    form.append('accountId', a.user.id);
    form.append('imageType', 'reference');
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'ref.jpg');
    const uploaded = (await (await a.client.fetch(`${server.url}/api/images`, { method: 'POST', body: form })).json()) as { url: string };
    const message = await a.client.message.send.mutate({ threadId, imageUrls: [uploaded.url] });
    expect(message).toMatchObject({ hasAttachments: true, attachments: [{ type: 'image', url: uploaded.url }] });
    expect((await b.client.thread.list.query({})).items[0].lastMessagePreview).toBe('📷 Photo');
  });

  it('notifies the recipient; reading the thread marks it read and cancels the e-mail not yet sent', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const { threadId } = await a.client.thread.open.mutate({ userId: b.user.id });
    await a.client.message.send.mutate({ threadId, body: 'Are you free Friday?' });
    expect((await b.client.notification.unseenCounts.query()).inbox).toBe(1);
    await b.client.thread.markRead.mutate({ threadId });
    expect((await b.client.notification.unseenCounts.query()).inbox).toBe(0);
    expect((await b.client.thread.list.query({})).items[0].unread).toBe(0);
    const [note] = await server.deps.db.select().from(notifications).where(and(eq(notifications.userId, b.user.id), eq(notifications.type, 'message_received')));
    const [email] = await server.deps.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.notificationId, note.id), eq(notificationDeliveries.channel, 'email')));
    // message_received has no e-mail by default; when the user enables it, reading cancels it.
    expect(email?.status ?? 'cancelled').toBe('cancelled');
    server.clock.advance(30 * MINUTE);
    await dispatchDueNotifications(server.deps);
    expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, b.user.email))).toHaveLength(0);
  });

  it("lets a studio's managers read and answer its conversations; a stranger sees nothing", async () => {
    const owner = await signedIn();
    const studio = await owner.client.studio.create.mutate({
      name: 'Chat Studio',
      address: '5 Chat St',
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
      timezone: 'America/Los_Angeles',
      phone: '503-555-0190',
      email: 'chat@studio.test',
    });
    const manager = await signedIn();
    await server.deps.db.insert(shopUsers).values({ shopId: studio.id, userId: manager.user.id, permissions: { calendar: true, manage: true } });
    const client = await signedIn();
    const { threadId } = await client.client.thread.open.mutate({ shopId: studio.id });
    await client.client.message.send.mutate({ threadId, body: 'Do you take walk-ins?' });
    expect((await owner.client.notification.unseenCounts.query()).inbox).toBe(1);
    const inbox = await manager.client.thread.list.query({ shopIds: [studio.id] });
    expect(inbox.items.map((t) => t.id)).toEqual([threadId]);
    await manager.client.message.send.mutate({ threadId, body: 'Saturdays from 10!' });
    const stranger = await signedIn();
    expect(await trpcError(stranger.client.message.list.query({ threadId }))).toMatchObject({ code: 'NOT_FOUND', message: 'Conversation not found' });
    expect((await stranger.client.thread.list.query({ shopIds: [studio.id] })).items).toHaveLength(0);
  });
});
