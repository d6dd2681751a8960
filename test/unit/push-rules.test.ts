import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deviceTypeOf,
  PUSH_DEVICE_INFO_REFRESH_MS,
  PUSH_TOKEN_REFRESH_MS,
  pushPayload,
  pushSyncAction,
  pushTtlSeconds,
  type StoredPushDevice,
} from '../../server/domains/notifications/push/rules';
import { vapidSubject } from '../../server/providers/push';
import { loadVapidKeys, VAPID_KEYS_FILE } from '../../server/providers/push/vapid-keys';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 23);
const current = { endpoint: 'https://push.example/abc', p256dh: 'BKey', auth: 'secret' };
const stored = (ageDays: number, tokenAgeDays = ageDays): StoredPushDevice => ({
  token: current.endpoint,
  p256dh: current.p256dh,
  auth: current.auth,
  deviceType: 'desktop',
  userAgent: 'UA',
  timestamp: now - ageDays * DAY,
  tokenTimestamp: now - tokenAgeDays * DAY,
});

describe('push refresh rules (spec 1 §4, §9)', () => {
  it('uses the spec intervals: 7 days for a token, 30 days for device info', () => {
    expect(PUSH_TOKEN_REFRESH_MS).toBe(7 * DAY);
    expect(PUSH_DEVICE_INFO_REFRESH_MS).toBe(30 * DAY);
  });
  it('registers when nothing is stored, the server lacks the token, or the device info is older than 30 days', () => {
    expect(pushSyncAction({ stored: null, current, registeredOnServer: false, now })).toBe('register');
    expect(pushSyncAction({ stored: stored(1), current, registeredOnServer: false, now })).toBe('register');
    expect(pushSyncAction({ stored: stored(31, 1), current, registeredOnServer: true, now })).toBe('register');
  });
  it('refreshes a token older than 7 days, not one of 7 days or less', () => {
    expect(pushSyncAction({ stored: stored(20, 8), current, registeredOnServer: true, now })).toBe('refresh');
    expect(pushSyncAction({ stored: stored(20, 7), current, registeredOnServer: true, now })).toBe('none');
  });
  it('deletes and re-creates when the subscription details changed', () => {
    expect(
      pushSyncAction({ stored: stored(1), current: { ...current, endpoint: 'https://push.example/new' }, registeredOnServer: true, now }),
    ).toBe('replace');
    expect(pushSyncAction({ stored: stored(1), current: { ...current, auth: 'other' }, registeredOnServer: true, now })).toBe('replace');
  });
  it('tells mobile, tablet and desktop apart', () => {
    expect(deviceTypeOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(deviceTypeOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36')).toBe('mobile');
    expect(deviceTypeOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceTypeOf('Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/120 Safari/537.36')).toBe('tablet');
    expect(deviceTypeOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0')).toBe('desktop');
  });
  it('builds the payload with the deep link (the messages page for a message without its thread) and a day of TTL, less when it expires sooner', () => {
    expect(pushPayload({ id: 'n1', type: 'booking_confirmed', title: 'T', body: 'B', data: { bookingId: 'b1' } })).toEqual({
      notificationId: 'n1',
      type: 'booking_confirmed',
      title: 'T',
      body: 'B',
      link: '/bookings/b1',
      tag: 'n1',
    });
    expect(pushPayload({ id: 'n2', type: 'message_received', title: 'T', body: 'B', data: {} }).link).toBe('/messages');
    expect(pushTtlSeconds(new Date(now), null)).toBe(86400);
    expect(pushTtlSeconds(new Date(now), new Date(now + 60_000))).toBe(60);
    expect(pushTtlSeconds(new Date(now), new Date(now - 60_000))).toBe(0);
  });
});

describe('VAPID keys', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-vapid-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, and refuses only one of them', () => {
    const dir = tempDir();
    expect(loadVapidKeys({ publicKey: 'pub', privateKey: 'priv' }, dir)).toEqual({ publicKey: 'pub', privateKey: 'priv' });
    expect(fs.existsSync(path.join(dir, VAPID_KEYS_FILE))).toBe(false);
    expect(() => loadVapidKeys({ publicKey: 'pub' }, dir)).toThrow('VAPID key not configured');
  });

  it('generates a pair once into DATA_DIR (mode 0600) and reads the same pair afterwards', () => {
    const dir = path.join(tempDir(), 'data');
    const first = loadVapidKeys({}, dir);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(fs.statSync(path.join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys({}, dir)).toEqual(first);
    expect(fs.readdirSync(dir)).toEqual([VAPID_KEYS_FILE]);
  });

  it('signs as the https origin, or as the sender address on plain http', () => {
    expect(vapidSubject({ appOrigin: 'https://inklink.example', mail: { smtpUrl: undefined, from: 'x@y.z' } })).toBe(
      'https://inklink.example',
    );
    expect(
      vapidSubject({ appOrigin: 'http://localhost:3000', mail: { smtpUrl: undefined, from: 'InkLink <no-reply@inklink.local>' } }),
    ).toBe('mailto:no-reply@inklink.local');
  });
});
