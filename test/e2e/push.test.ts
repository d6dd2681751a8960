import { describe, expect, it } from 'vitest';
import { createNotification } from '../../server/domains/notifications/create';
import { PUSH_TEXTS, pushPayload } from '../../server/domains/notifications/push/rules';
import { seriousViolations } from '../support/axe';
import { useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';

const app = useBrowserApp();

describe('/account/notifications', () => {
  it('shows the type × channel grid with the spec defaults and saves a change', async () => {
    const user = await createUser({}, app.server.deps.db);
    const page = await app.newPage();
    await app.signInAs(page, user);
    await page.goto(`${app.url}/account/notifications`);
    const messagesByEmail = page.getByRole('checkbox', { name: 'New messages: Email' });
    await messagesByEmail.waitFor();
    expect(await messagesByEmail.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'New messages: Push' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Booking confirmations: Email' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'General alerts: SMS' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The box follows the saved preferences, so it turns on once the save answers (not at the click).
    await messagesByEmail.click();
    await page.getByText('Notification preferences saved').waitFor();
    await expect.poll(() => messagesByEmail.isChecked()).toBe(true);
    await page.reload();
    await page.getByRole('checkbox', { name: 'New messages: Email' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'New messages: Email' }).isChecked()).toBe(true);
  });

  it("says so with the spec's text when notification permission is refused", async () => {
    const user = await createUser({}, app.server.deps.db);
    const page = await app.newPage();
    await app.signInAs(page, user);
    await page.goto(`${app.url}/account/notifications`);
    await page.getByRole('button', { name: 'Turn on push notifications' }).click();
    await page.getByText(PUSH_TEXTS.denied).first().waitFor();
  });
});

describe('the service worker', () => {
  it('shows a push with its deep link and tells the open page it was delivered', async () => {
    const user = await createUser({}, app.server.deps.db);
    const page = await app.newPage();
    await page.context().grantPermissions(['notifications'], { origin: app.url });
    await app.signInAs(page, user);
    await page.goto(`${app.url}/account/notifications`);
    await page.getByRole('button', { name: 'Turn on push notifications' }).click();
    // Headless Chromium has no push service to subscribe with: the spec's text says so. The
    // service worker is registered by then, and the devtools protocol can push to it directly.
    await page.getByRole('alert').getByText(PUSH_TEXTS.tokenFailed).waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(`${app.url}/sw.js`);

    const cdp = await page.context().newCDPSession(page);
    const registrations = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; isDeleted: boolean }> }) => {
        const live = event.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const id = await registrations;
    await page.evaluate(() => {
      const received: unknown[] = [];
      (window as unknown as { swMessages: unknown[] }).swMessages = received;
      navigator.serviceWorker.addEventListener('message', (event) => received.push(event.data));
    });
    const notificationId = await createNotification(
      { db: app.server.deps.db, user: null, deps: app.server.deps },
      { userId: user.id, type: 'message_received', title: 'New message from Maya', body: 'Could you do a swallow?', data: { threadId: 'thread-9' } },
    );
    const payload = pushPayload({ id: notificationId, type: 'message_received', title: 'New message from Maya', body: 'Could you do a swallow?', data: { threadId: 'thread-9' } });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.url, registrationId: id, data: JSON.stringify(payload) });

    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
        }),
      )
      .toEqual([{ title: 'New message from Maya', body: 'Could you do a swallow?', tag: notificationId, data: { notificationId, type: 'message_received', link: '/messages/thread-9' } }]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { swMessages: unknown[] }).swMessages))
      .toEqual([{ source: 'inklink-sw', type: 'delivered', notificationId, notificationType: 'message_received' }]);
  });
});
