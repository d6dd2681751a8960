import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images, messages } from '../../server/db/schema';
import { MINUTE } from '../../server/lib/time';
import { BOTH_WIDTHS, horizontalOverflow, useBrowserApp } from '../support/browser';
import { paymentRequestCast } from '../support/payments-fixtures';

// Issue 19, item 3: a conversation with photos and a payment request opens at its newest item and
// stays there while the photos load; older pages do not move what is being read; Enter sends.
const app = useBrowserApp();

const OLDER_MESSAGES = 45;
/** Photos are served this late (ms), so they arrive well after the conversation's first paint. */
const PHOTO_DELAY_MS = 1_500;

/**
 * A conversation of 45 short messages, every fifth with a photo (the newer half of those with a
 * stored size, the older half without), then a payment request as the newest item.
 */
async function photoConversation() {
  const cast = await paymentRequestCast(app.server);
  const { artist, payer, threadId } = cast;
  const db = app.server.deps.db;
  const start = app.server.clock.now().getTime() - (OLDER_MESSAGES + 5) * MINUTE;
  const photoUrl = (n: number) => `/files/e2e-photos/${threadId}/photo-${n}.jpg`;
  const withPhoto = (n: number) => n % 5 === 0;
  await db.insert(images).values(
    Array.from({ length: OLDER_MESSAGES }, (_, n) => n)
      .filter((n) => withPhoto(n) && n >= OLDER_MESSAGES / 2)
      .map((n) => ({
        url: photoUrl(n),
        accountId: artist.user.id,
        accountType: 'user' as const,
        imageType: 'reference' as const,
        uploadedBy: artist.user.id,
        width: 640,
        height: 480,
      })),
  );
  await db.insert(messages).values(
    Array.from({ length: OLDER_MESSAGES }, (_, n) => ({
      threadId,
      senderId: n % 2 ? payer.user.id : artist.user.id,
      body: `Message ${n}`,
      attachments: withPhoto(n) ? [{ type: 'image' as const, url: photoUrl(n) }] : [],
      hasAttachments: withPhoto(n),
      readBy: [artist.user.id],
      createdAt: new Date(start + n * MINUTE),
    })),
  );
  await cast.request({ description: 'Deposit for the koi sleeve' });
  return cast;
}

/** Serves every conversation photo PHOTO_DELAY_MS late: a 640×480 JPEG, wider than any bubble. */
async function slowPhotos(page: Page) {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e76f51' } })
    .jpeg()
    .toBuffer();
  await page.route('**/files/e2e-photos/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, PHOTO_DELAY_MS));
    await route.fulfill({ status: 200, contentType: 'image/jpeg', body: jpeg }).catch(() => {});
  });
}

const photosLoaded = (page: Page) =>
  page.waitForFunction(
    () => {
      const photos = [...document.querySelectorAll<HTMLImageElement>('img[alt="Photo in message"]')];
      return photos.length > 0 && photos.every((img) => img.complete && img.naturalWidth > 0);
    },
    undefined,
    { timeout: 15_000 },
  );

/** Two frames, so resize observers and layout have had their turn. */
const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Whether the element is wholly inside the Messages box and the window. */
async function whollyShown(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    const list = document.querySelector('[aria-label="Messages"]');
    if (!element || !list) return `missing ${sel}`;
    const box = element.getBoundingClientRect();
    const frame = list.getBoundingClientRect();
    const shown = box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1 && box.top >= 0 && box.bottom <= window.innerHeight;
    return shown
      ? 'shown'
      : `not shown: element ${Math.round(box.top)}–${Math.round(box.bottom)}, list ${Math.round(frame.top)}–${Math.round(frame.bottom)}, window 0–${window.innerHeight}`;
  }, selector);
}

const PAY_BUTTON = '[aria-label^="Payment request"] button';

/** The first "Message N" text showing in the Messages box, and its distance below the box's top edge. */
const firstShownMessage = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector('[aria-label="Messages"]');
    if (!list) return null;
    const top = list.getBoundingClientRect().top;
    for (const node of list.querySelectorAll('p')) {
      const box = node.getBoundingClientRect();
      if (/^Message \d+$/.test(node.textContent ?? '') && box.bottom > top)
        return { text: node.textContent ?? '', offset: Math.round(box.top - top) };
    }
    return null;
  });

/** Where that message now is (px below the box's top edge; "in place" allows the 1 px of subpixel rounding). */
const offsetOf = (page: Page, text: string) =>
  page.evaluate((wanted) => {
    const list = document.querySelector('[aria-label="Messages"]');
    const node = [...(list?.querySelectorAll('p') ?? [])].find((p) => p.textContent === wanted);
    return list && node ? Math.round(node.getBoundingClientRect().top - list.getBoundingClientRect().top) : null;
  }, text);

describe('a conversation with photos and a payment request', () => {
  for (const width of BOTH_WIDTHS) {
    it(`opens at the newest item and stays there while photos load; older pages keep the place; Enter sends (${width} px)`, async () => {
      const { payer, threadId } = await photoConversation();
      const page = await app.newPage({ width });
      await slowPhotos(page);
      await app.signInAs(page, payer.user);
      await page.goto(`${app.url}/messages/${threadId}`);
      const pay = page.getByRole('button', { name: 'Pay', exact: true });
      await pay.waitFor();
      await settled(page);
      expect(await whollyShown(page, PAY_BUTTON)).toBe('shown');

      // The photos arrive late; the newest item is still in view after they do.
      await photosLoaded(page);
      await settled(page);
      expect(await whollyShown(page, PAY_BUTTON)).toBe('shown');
      expect(await whollyShown(page, '[aria-label^="Payment request"]')).toBe('shown');

      // Every photo fits its bubble, and nothing scrolls sideways.
      const spill = await page.evaluate(() =>
        [...document.querySelectorAll('img[alt="Photo in message"]')].map((img) => {
          const bubble = img.parentElement?.getBoundingClientRect();
          return bubble ? Math.max(0, Math.round(img.getBoundingClientRect().right - bubble.right)) : -1;
        }),
      );
      expect(spill.every((px) => px === 0)).toBe(true);
      expect(await horizontalOverflow(page)).toBe(0);

      // Enter sends; Shift+Enter starts a new line; an Enter that ends an IME composition does not send.
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.click();
      await box.pressSequentially('Sounds good');
      await box.press('Shift+Enter');
      await box.pressSequentially('see you Friday');
      expect(await box.inputValue()).toBe('Sounds good\nsee you Friday');
      await box.evaluate((el) => {
        el.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 229, isComposing: true, bubbles: true, cancelable: true }),
        );
      });
      await page.waitForTimeout(300);
      expect(await box.inputValue()).toBe('Sounds good\nsee you Friday');
      await box.press('Enter');
      const sent = page.getByLabel('Messages').getByText(/^Sounds good\s+see you Friday$/);
      await sent.waitFor();
      expect(await box.inputValue()).toBe('');
      await settled(page);
      expect(
        await sent.evaluate(
          (el) => el.getBoundingClientRect().bottom <= (el.closest('[aria-label="Messages"]')?.getBoundingClientRect().bottom ?? 0) + 1,
        ),
      ).toBe(true);

      // Scrolled to the top, loading older messages leaves the message being read where it was,
      // also once their (slow, unsized) photos have come in.
      await page.evaluate(() => {
        const list = document.querySelector('[aria-label="Messages"]');
        if (list) list.scrollTop = 0;
      });
      await settled(page);
      const reading = await firstShownMessage(page);
      expect(reading).not.toBeNull();
      const before = await page.locator('[aria-label="Messages"] p', { hasText: /^Message \d+$/ }).count();
      await page.getByRole('button', { name: 'Load earlier messages' }).click();
      await page.waitForFunction((count) => document.querySelectorAll('[aria-label="Messages"] p').length > count + 5, before);
      await settled(page);
      expect(Math.abs((await offsetOf(page, reading!.text))! - reading!.offset)).toBeLessThanOrEqual(1);
      await photosLoaded(page);
      await settled(page);
      expect(Math.abs((await offsetOf(page, reading!.text))! - reading!.offset)).toBeLessThanOrEqual(1);
      expect(await horizontalOverflow(page)).toBe(0);
    });
  }
});

/** What the server answers for a fault (a 500): tRPC's error entry, superjson-wrapped, with the generic message. */
const faultEntry = (path: string) => ({
  error: {
    json: {
      message: 'Something went wrong on our side. Please try again.',
      code: -32603,
      data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path },
    },
  },
});

/**
 * Makes one tRPC procedure fail with a 500 in this page until the returned function is called. A
 * batch holding other calls too gets their real answers and the fault in that one's place.
 */
async function failing(page: Page, procedure: string) {
  const handler = async (route: Route) => {
    const paths = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, '')).split(',');
    if (!paths.includes(procedure)) return route.fallback();
    if (paths.length === 1)
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify([faultEntry(procedure)]) });
    const real = await route.fetch();
    const answers = (await real.json()) as unknown[];
    return route.fulfill({
      status: 207,
      contentType: 'application/json',
      body: JSON.stringify(answers.map((answer, i) => (paths[i] === procedure ? faultEntry(procedure) : answer))),
    });
  };
  await page.route('**/trpc/**', handler);
  return () => page.unroute('**/trpc/**', handler);
}

describe('a payment request whose calls fail', () => {
  for (const width of BOTH_WIDTHS) {
    it(`shows the spec's "Failed to …" texts, and a load that failed comes back with Retry (${width} px)`, async () => {
      const { artist, payer, threadId, request } = await paymentRequestCast(app.server);
      await request({ description: 'Deposit for the koi sleeve' });

      // The payee: the card's load fails, then Retry brings it.
      const payeePage = await app.newPage({ width });
      await app.signInAs(payeePage, payer.user);
      const restoreLoad = await failing(payeePage, 'paymentRequest.byId');
      await payeePage.goto(`${app.url}/messages/${threadId}`);
      const loadFailed = payeePage.getByRole('alert').filter({ hasText: 'Failed to fetch payment request' });
      await loadFailed.waitFor();
      expect(await horizontalOverflow(payeePage)).toBe(0);
      await restoreLoad();
      await loadFailed.getByRole('button', { name: 'Retry' }).click();
      await payeePage.getByRole('button', { name: 'Pay', exact: true }).waitFor();

      // Declining fails on the server's side: the spec's text, and the request is still open.
      await failing(payeePage, 'paymentRequest.decline');
      await payeePage.getByRole('button', { name: 'Decline', exact: true }).click();
      const dialog = payeePage.getByRole('dialog', { name: 'Decline this payment request?' });
      await dialog.getByLabel('Reason').fill('Wrong amount');
      await dialog.getByRole('button', { name: 'Decline request' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Failed to decline payment request' }).waitFor();
      expect(await dialog.getByRole('alert').textContent()).toBe('Failed to decline payment request');

      // The requester: cancelling fails the same way.
      const requesterPage = await app.newPage({ width });
      await app.signInAs(requesterPage, artist.user);
      await failing(requesterPage, 'paymentRequest.cancel');
      await requesterPage.goto(`${app.url}/messages/${threadId}`);
      await requesterPage.getByRole('button', { name: 'Cancel request' }).click();
      const cancelFailed = requesterPage.getByRole('alert').filter({ hasText: 'Failed to cancel payment request' });
      await cancelFailed.waitFor();
      expect(await cancelFailed.textContent()).toBe('Failed to cancel payment request');
      expect(await horizontalOverflow(requesterPage)).toBe(0);
    });
  }
});
