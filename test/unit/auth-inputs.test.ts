import { describe, expect, it } from 'vitest';
import { loginInput, registerInput } from '../../server/domains/auth/inputs';
import { userTypesFor } from '../../server/domains/auth/service';

const valid = { email: 'Ada@Example.COM', password: 'long enough', displayName: 'ada_l', firstName: ' Ada ', lastName: 'Lovelace' };

describe('register input', () => {
  it('lowercases the e-mail, adds the leading @ and trims names', () => {
    expect(registerInput.parse(valid)).toMatchObject({ email: 'ada@example.com', displayName: '@ada_l', firstName: 'Ada' });
  });
  it('keeps an @ the user typed', () => {
    expect(registerInput.parse({ ...valid, displayName: '@ada_l' }).displayName).toBe('@ada_l');
  });
  it.each([
    [{ email: 'no-at-sign' }, 'Invalid email format'],
    [{ password: '1234567' }, 'Password must be at least 8 characters'],
    [{ displayName: 'ab' }, 'Display name must be 3 to 30 letters, numbers, dots or underscores'],
    [{ displayName: 'has space' }, 'Display name must be 3 to 30 letters, numbers, dots or underscores'],
  ])('refuses %o', (override, message) => {
    const result = registerInput.safeParse({ ...valid, ...override });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});

describe('login input', () => {
  it('refuses a malformed e-mail with the spec message', () => {
    expect(loginInput.safeParse({ email: 'x', password: 'y' }).error?.issues[0].message).toBe('Invalid email format');
  });
});

describe('user types at registration', () => {
  it('always contains client, plus the chosen type', () => {
    expect(userTypesFor(undefined)).toEqual(['client']);
    expect(userTypesFor('client')).toEqual(['client']);
    expect(userTypesFor('artist')).toEqual(['client', 'artist']);
    expect(userTypesFor('studio')).toEqual(['client', 'studio']);
  });
});
