import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

// public/sw.js run in a fake service worker scope: what it shows on push, and what it does and
// posts to the pages on click and on dismiss (spec 1 §7 Push: delivered, clicked, dismissed, navigate).

const SOURCE = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://inklink.test';

type Page = { url: string; messages: unknown[]; focused: boolean; focus(): Promise<void>; postMessage(m: unknown): void };
const page = (url: string): Page => ({
  url,
  messages: [],
  focused: false,
  async focus() {
    this.focused = true;
  },
  postMessage(m) {
    this.messages.push(m);
  },
});

function worker(pages: Page[]) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    skipWaiting: () => {},
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: {
      claim: async () => {},
      matchAll: async () => pages,
      openWindow: async (url: string) => {
        opened.push(url);
        const fresh = page(`${ORIGIN}${url}`);
        pages.push(fresh);
        return fresh;
      },
    },
  };
  vm.runInNewContext(SOURCE, { self, URL, JSON });
  const fire = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { fire, shown, opened };
}

const payload = { notificationId: 'n1', type: 'message_received', title: 'New message from Maya', body: 'Hi!', link: '/messages/t1', tag: 'n1' };
const notification = (data: unknown) => ({ data, closed: false, close() {} });

describe('the service worker (public/sw.js)', () => {
  it('shows a push with its tag and deep link and posts delivered to every page', async () => {
    const open = page(`${ORIGIN}/`);
    const sw = worker([open]);
    await sw.fire('push', { data: { json: () => payload } });
    expect(sw.shown).toEqual([{ title: 'New message from Maya', options: { body: 'Hi!', tag: 'n1', icon: '/favicon.svg', data: { notificationId: 'n1', type: 'message_received', link: '/messages/t1' } } }]);
    expect(open.messages).toEqual([{ source: 'inklink-sw', type: 'delivered', notificationId: 'n1', notificationType: 'message_received' }]);
  });

  it('still shows something for a payload it cannot read, and never follows a link off the site', async () => {
    const sw = worker([]);
    await sw.fire('push', { data: { json: () => JSON.parse('not json') } });
    await sw.fire('push', { data: { json: () => ({ ...payload, link: '//evil.example/x' }) } });
    expect(sw.shown.map((s) => [s.title, (s.options.data as { link: string }).link])).toEqual([
      ['InkLink', '/inbox'],
      ['New message from Maya', '/inbox'],
    ]);
  });

  it('on click focuses an open page and posts clicked then navigate with the deep link', async () => {
    const open = page(`${ORIGIN}/studios`);
    const sw = worker([open]);
    await sw.fire('notificationclick', { notification: notification({ notificationId: 'n1', link: '/messages/t1' }) });
    expect(open.focused).toBe(true);
    expect(open.messages).toEqual([
      { source: 'inklink-sw', type: 'clicked', notificationId: 'n1', link: '/messages/t1' },
      { source: 'inklink-sw', type: 'navigate', link: '/messages/t1' },
    ]);
    expect(sw.opened).toEqual([]);
  });

  it('on click with no page open opens one at the deep link and tells it what was clicked', async () => {
    const pages: Page[] = [];
    const sw = worker(pages);
    await sw.fire('notificationclick', { notification: notification({ notificationId: 'n2', link: '/bookings/b1' }) });
    expect(sw.opened).toEqual(['/bookings/b1']);
    expect(pages[0].messages).toEqual([{ source: 'inklink-sw', type: 'clicked', notificationId: 'n2', link: '/bookings/b1' }]);
  });

  it('posts dismissed when the user closes a notification', async () => {
    const open = page(`${ORIGIN}/`);
    const sw = worker([open]);
    await sw.fire('notificationclose', { notification: notification({ notificationId: 'n3', link: '/inbox' }) });
    expect(open.messages).toEqual([{ source: 'inklink-sw', type: 'dismissed', notificationId: 'n3' }]);
  });
});
