import { describe, expect, it } from 'vitest';
import { guardedLookup, isPublicAddress } from '../../server/lib/outbound-address';
import { isKnownPushEndpoint, KNOWN_PUSH_SERVICES } from '../../server/providers/push/endpoints';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.100.100.200',
    '169.254.169.254',
    '192.0.0.192',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::a00:1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '2001::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '142.250.74.106', '172.32.0.1', '100.128.0.1', '2607:f8b0:4004:c07::5f', '2a00:1450:4001:80b::200a'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('guardedLookup', () => {
  const lookup = (answer: Array<{ address: string; family: number }>, options: { all?: boolean; family?: number } = {}) =>
    new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
      guardedLookup(async () => answer)('push.example', options, (error, address, family) => resolve({ error, address, family })),
    );

  it('hands the checked address to the socket, one or all', async () => {
    expect(await lookup([{ address: '8.8.8.8', family: 4 }])).toEqual({ error: null, address: '8.8.8.8', family: 4 });
    expect((await lookup([{ address: '8.8.8.8', family: 4 }, { address: '2607:f8b0::1', family: 6 }], { all: true })).address).toHaveLength(2);
  });

  it('refuses the name when any of its addresses is not public', async () => {
    const result = await lookup([{ address: '8.8.8.8', family: 4 }, { address: '10.0.0.5', family: 4 }]);
    expect(result.error?.message).toBe('refused to connect to a non-public address (10.0.0.5)');
  });
});

describe('isKnownPushEndpoint (the browsers’ push services)', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://fcm.googleapis.com/wp/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGk2',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts %s', (endpoint) => {
    expect(isKnownPushEndpoint(endpoint, KNOWN_PUSH_SERVICES)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilpush.apple.com/x',
    'https://push.apple.com/x',
    'https://user@fcm.googleapis.com/x',
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(isKnownPushEndpoint(endpoint, KNOWN_PUSH_SERVICES)).toBe(false);
  });
});
