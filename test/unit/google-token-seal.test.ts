import { describe, expect, it } from 'vitest';
import { openToken, sealToken } from '../../server/domains/calendar/google-token-seal';

describe('Google token sealing (AES-256-GCM, key from the client secret)', () => {
  it('opens what it sealed, and never stores the token in clear', () => {
    const sealed = sealToken('1//refresh-token-value', 'secret-a');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('refresh-token-value');
    expect(openToken(sealed, 'secret-a')).toBe('1//refresh-token-value');
    // A fresh IV each time: equal tokens do not look equal at rest.
    expect(sealToken('1//refresh-token-value', 'secret-a')).not.toBe(sealed);
  });

  it('refuses another key, a tampered body and malformed input', () => {
    const sealed = sealToken('token', 'secret-a');
    expect(openToken(sealed, 'secret-b')).toBeNull();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(openToken([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'secret-a')).toBeNull();
    expect(openToken('token', 'secret-a')).toBeNull();
    expect(openToken('v2.a.b.c', 'secret-a')).toBeNull();
  });
});
