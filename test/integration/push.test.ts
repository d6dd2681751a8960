import { and, eq } from 'drizzle-orm';
import net from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, pushDevices, sessions } from '../../server/db/schema';
import { createNotification } from '../../server/domains/notifications/create';
import { INVALID_SUBSCRIPTION } from '../../server/domains/notifications/push/inputs';
import { dispatchDueNotifications } from '../../server/jobs/notifications';
import { DAY, MINUTE } from '../../server/lib/time';
import { createPushProvider } from '../../server/providers/push';
import { UNKNOWN_PUSH_SERVICE } from '../../server/providers/push/endpoints';
import { trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { pushServiceCa, startPushService } from '../support/push-service';
import { useTestServer } from '../support/server';

// Web push end to end: devices registered through the procedures, notifications sent by the
// dispatcher through web-push to a push service on loopback that decrypts them with the
// subscription's keys (RFC 8291) and checks the VAPID signature (RFC 8292).

const vapid = webpush.generateVAPIDKeys();
const pushConfig = { appOrigin: 'http://localhost:3000', mail: { smtpUrl: undefined, from: 'InkLink <no-reply@inklink.local>' }, vapid, dataDir: '' };
/** The loopback push service is the one known service here (added once it listens). */
const testServices: string[] = [];
const push = createPushProvider(pushConfig, { services: testServices, ca: pushServiceCa, allowAddress: (address) => address === '127.0.0.1' });
const server = useTestServer({ overrides: { push } });
let service: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  service = await startPushService();
  testServices.push(new URL(service.url).host);
});
afterAll(() => service.close());

const ctx = () => ({ db: server.deps.db, user: null, deps: server.deps });
const device = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
  endpoint: subscription.endpoint,
  keys: subscription.keys,
  deviceType: 'desktop' as const,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
});
const devicesOf = (userId: string) => server.deps.db.select().from(pushDevices).where(eq(pushDevices.userId, userId));
const pushDelivery = async (notificationId: string) =>
  (await server.deps.db.select().from(notificationDeliveries).where(and(eq(notificationDeliveries.notificationId, notificationId), eq(notificationDeliveries.channel, 'push'))))[0];

async function signedIn() {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

async function withDevice() {
  const { user, client } = await signedIn();
  const subscription = service.subscribe();
  await client.push.register.mutate(device(subscription));
  return { user, client, subscription };
}

describe('push device registration', () => {
  it('gives browsers the VAPID public key', async () => {
    expect(await server.client().push.publicKey.query()).toEqual({ publicKey: vapid.publicKey });
  });

  it('registers one row per subscription with deviceType and userAgent, tied to the session', async () => {
    const { user, client, subscription } = await withDevice();
    await client.push.register.mutate({ ...device(subscription), deviceType: 'mobile' });
    const rows = await devicesOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, deviceType: 'mobile', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' });
    expect(await client.push.status.query({ endpoint: subscription.endpoint })).toMatchObject({ registered: true });
    expect(await client.push.status.query({ endpoint: `${service.url}/push/unknown` })).toEqual({ registered: false, refreshedAt: null });
  });

  it('refreshes an unchanged token in place, and deletes and re-creates one whose details changed', async () => {
    const { user, client, subscription } = await withDevice();
    const [before] = await devicesOf(user.id);
    server.clock.advance(8 * DAY);
    expect(await client.push.refresh.mutate(device(subscription))).toMatchObject({ action: 'refreshed' });
    const [refreshed] = await devicesOf(user.id);
    expect(refreshed.id).toBe(before.id);
    expect(refreshed.refreshedAt.getTime() - before.refreshedAt.getTime()).toBeGreaterThanOrEqual(8 * DAY);

    // Same endpoint, new keys: a new row.
    const rekeyed = service.subscribe();
    const changed = { endpoint: subscription.endpoint, keys: rekeyed.keys };
    expect(await client.push.refresh.mutate(device(changed))).toMatchObject({ action: 'recreated' });
    const [recreated] = await devicesOf(user.id);
    expect(recreated.id).not.toBe(before.id);
    expect(recreated.p256dh).toBe(rekeyed.keys.p256dh);

    // A new subscription replacing the old one: the old token is gone.
    const replacement = service.subscribe();
    expect(await client.push.refresh.mutate({ ...device(replacement), previousEndpoint: subscription.endpoint })).toMatchObject({ action: 'recreated' });
    expect((await devicesOf(user.id)).map((d) => d.endpoint)).toEqual([replacement.endpoint]);
  });

  it('keeps one row per subscription when the same browser registers and refreshes at once', async () => {
    const { user, client } = await signedIn();
    const subscription = service.subscribe();
    const rekeyed = { endpoint: subscription.endpoint, keys: service.subscribe().keys };
    const calls = Array.from({ length: 8 }, (_, i) =>
      i % 2 === 0 ? client.push.register.mutate(device(subscription)) : client.push.refresh.mutate(device(i % 4 === 1 ? rekeyed : subscription)),
    );
    await Promise.all(calls);
    expect(await devicesOf(user.id)).toHaveLength(1);
  });

  it('moves a browser to whoever registers it next, and removes it on logout', async () => {
    const first = await withDevice();
    const second = await signedIn();
    await second.client.push.register.mutate(device(first.subscription));
    expect(await devicesOf(first.user.id)).toHaveLength(0);
    expect(await devicesOf(second.user.id)).toHaveLength(1);

    await second.client.auth.logout.mutate();
    expect(await devicesOf(second.user.id)).toHaveLength(0);
  });

  it('refuses bad subscriptions with the message and writes nothing; unregisters only your own device', async () => {
    const { user, client, subscription } = await withDevice();
    for (const bad of [
      { ...device(subscription), endpoint: 'http://127.0.0.1:1/push/plain-http' },
      { ...device(subscription), endpoint: 'not a url' },
      { ...device(subscription), keys: { p256dh: 'short', auth: subscription.keys.auth } },
      { ...device(subscription), keys: { p256dh: subscription.keys.p256dh, auth: 'x' } },
    ]) {
      expect(await trpcError(client.push.register.mutate(bad))).toMatchObject({ code: 'BAD_REQUEST', message: INVALID_SUBSCRIPTION });
    }
    expect(await devicesOf(user.id)).toHaveLength(1);

    const stranger = await signedIn();
    expect(await trpcError(stranger.client.push.unregister.mutate({ endpoint: subscription.endpoint }))).toMatchObject({ code: 'NOT_FOUND', message: 'Push device not found' });
    expect(await devicesOf(user.id)).toHaveLength(1);
    await client.push.unregister.mutate({ endpoint: subscription.endpoint });
    expect(await devicesOf(user.id)).toHaveLength(0);
    expect(await trpcError(server.client().push.register.mutate(device(subscription)))).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('push delivery by the dispatcher', () => {
  it('sends an encrypted payload with a VAPID signature that the subscription decrypts: title, body and deep link', async () => {
    const { user, subscription } = await withDevice();
    const id = await createNotification(ctx(), { userId: user.id, type: 'message_received', title: 'New message from Maya', body: 'Could you do a fine-line swallow?', data: { threadId: 'thread-42' } });
    await dispatchDueNotifications(server.deps);
    expect(subscription.received.map((p) => JSON.parse(p))).toEqual([
      { notificationId: id, type: 'message_received', title: 'New message from Maya', body: 'Could you do a fine-line swallow?', link: '/messages/thread-42', tag: id },
    ]);
    const request = service.requests.find((r) => r.endpoint === subscription.endpoint);
    expect(request).toMatchObject({ error: null, headers: { urgency: 'normal', ttl: '86400', 'content-encoding': 'aes128gcm' } });
    expect(await pushDelivery(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('deletes a device the push service says is gone (410) and records the push as skipped', async () => {
    const { user, subscription } = await withDevice();
    service.answer(subscription, 410);
    const id = await createNotification(ctx(), { userId: user.id, type: 'general_alert', title: 'Alert', body: 'Body' });
    await dispatchDueNotifications(server.deps);
    expect(await devicesOf(user.id)).toHaveLength(0);
    expect(await pushDelivery(id)).toMatchObject({ status: 'skipped', lastError: 'No push device registered' });
  });

  it('retries a failing push service with backoff up to maxAttempts, then records it failed', async () => {
    const { user, subscription } = await withDevice();
    service.answer(subscription, 503);
    const id = await createNotification(ctx(), { userId: user.id, type: 'booking_confirmed', title: 'Booked', body: 'See you Friday' });
    await dispatchDueNotifications(server.deps);
    expect(await pushDelivery(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('push service answered 503') });
    // Not before the backoff (2 minutes after the first attempt).
    await dispatchDueNotifications(server.deps);
    expect((await pushDelivery(id)).attempts).toBe(1);
    server.clock.advance(2 * MINUTE);
    await dispatchDueNotifications(server.deps);
    expect(await pushDelivery(id)).toMatchObject({ status: 'pending', attempts: 2 });
    server.clock.advance(4 * MINUTE);
    await dispatchDueNotifications(server.deps);
    expect(await pushDelivery(id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await devicesOf(user.id)).toHaveLength(1);
  });

  it('counts a push as sent when one device got it, without retrying the others into duplicates', async () => {
    const { user, client, subscription } = await withDevice();
    const laptop = service.subscribe();
    await client.push.register.mutate(device(laptop));
    service.answer(laptop, 500);
    const id = await createNotification(ctx(), { userId: user.id, type: 'invitation_studio', title: 'Join Iron Rose', body: 'You are invited' });
    await dispatchDueNotifications(server.deps);
    expect(subscription.received).toHaveLength(1);
    expect(await pushDelivery(id)).toMatchObject({ status: 'sent', lastError: expect.stringContaining('1 of 2 devices failed') });
  });
});

/** A plain TCP listener on loopback that records every connection: the SSRF target. */
async function startProbeTarget() {
  const connections: string[] = [];
  const probe = net.createServer((socket) => {
    connections.push(`${socket.remoteAddress}:${socket.remotePort}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, connections, close: () => new Promise<void>((resolve) => probe.close(() => resolve())) };
}

describe('push endpoints and server-side requests (issue 18, SSRF)', () => {
  it('refuses endpoints that are not on a known push service, and no request reaches them', async () => {
    const target = await startProbeTarget();
    try {
      const { user, client, subscription } = await withDevice();
      for (const endpoint of [
        `https://127.0.0.1:${target.port}/push/probe`,
        `https://localhost:${target.port}/push/probe`,
        'https://169.254.169.254/latest/meta-data/',
        'https://[::1]/push/probe',
        'https://fcm.googleapis.com.evil.example/fcm/send/x',
        `https://user:pw@${new URL(service.url).host}/push/x`,
      ]) {
        expect(await trpcError(client.push.register.mutate({ ...device(subscription), endpoint }))).toMatchObject({ code: 'BAD_REQUEST', message: UNKNOWN_PUSH_SERVICE });
        expect(await trpcError(client.push.refresh.mutate({ ...device(subscription), endpoint }))).toMatchObject({ code: 'BAD_REQUEST', message: UNKNOWN_PUSH_SERVICE });
      }
      expect((await devicesOf(user.id)).map((d) => d.endpoint)).toEqual([subscription.endpoint]);
      expect(target.connections).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('re-checks at send time: a device stored before the allow-list is deleted, never connected to', async () => {
    const target = await startProbeTarget();
    try {
      const { user } = await signedIn();
      const legacy = service.subscribe();
      const [session] = await server.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
      await server.deps.db.insert(pushDevices).values({
        userId: user.id,
        sessionId: session.id,
        endpoint: `https://127.0.0.1:${target.port}/push/legacy`,
        p256dh: legacy.keys.p256dh,
        auth: legacy.keys.auth,
        deviceType: 'desktop',
        createdAt: server.clock.now(),
        refreshedAt: server.clock.now(),
      });
      const id = await createNotification(ctx(), { userId: user.id, type: 'general_alert', title: 'Alert', body: 'Body' });
      await dispatchDueNotifications(server.deps);
      expect(target.connections).toEqual([]);
      expect(await devicesOf(user.id)).toHaveLength(0);
      expect(await pushDelivery(id)).toMatchObject({ status: 'skipped' });
    } finally {
      await target.close();
    }
  });

  it('refuses a known push service name that resolves to a private address (checked after DNS, at connect)', async () => {
    const target = await startProbeTarget();
    try {
      const resolved: string[] = [];
      // A push service host whose DNS answer points inside: loopback, or a public address plus loopback.
      const rebinding = createPushProvider(pushConfig, {
        services: [`fcm.googleapis.com:${target.port}`, `updates.push.services.mozilla.com:${target.port}`],
        resolver: async (hostname) => {
          resolved.push(hostname);
          return hostname === 'fcm.googleapis.com'
            ? [{ address: '127.0.0.1', family: 4 }]
            : [
                { address: '8.8.8.8', family: 4 },
                { address: '::ffff:127.0.0.1', family: 6 },
              ];
        },
      });
      const keys = service.subscribe().keys;
      const options = { ttlSeconds: 60, urgency: 'normal' as const };
      for (const host of ['fcm.googleapis.com', 'updates.push.services.mozilla.com']) {
        const endpoint = `https://${host}:${target.port}/fcm/send/x`;
        expect(rebinding.acceptsEndpoint(endpoint)).toBe(true);
        await expect(rebinding.send({ endpoint, ...keys }, 'hello', options)).rejects.toThrow(/non-public address/);
      }
      expect(resolved).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com']);
      expect(target.connections).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
