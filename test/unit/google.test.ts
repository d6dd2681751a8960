import { describe, expect, it } from 'vitest';
import { decideGoogleLink, decideGoogleSignIn, displayNameFromEmail } from '../../server/domains/auth/rules';

describe('Google sign-in decision (spec 1 §4)', () => {
  it('an existing linked user gives success', () => {
    expect(decideGoogleSignIn({ byGoogleId: { id: 'u1' }, byEmail: null })).toEqual({ outcome: 'success', userId: 'u1', setLinkedFlag: false });
  });
  it('an existing user not yet linked gives account_conflict', () => {
    expect(decideGoogleSignIn({ byGoogleId: null, byEmail: { id: 'u1', googleLinked: false, googleId: null } })).toEqual({
      outcome: 'account_conflict',
    });
  });
  it('an account flagged as linked but missing the provider id signs in and gets the id back', () => {
    expect(decideGoogleSignIn({ byGoogleId: null, byEmail: { id: 'u1', googleLinked: true, googleId: null } })).toEqual({
      outcome: 'success',
      userId: 'u1',
      setLinkedFlag: true,
    });
  });
  it('an unknown e-mail gives new_user', () => {
    expect(decideGoogleSignIn({ byGoogleId: null, byEmail: null })).toEqual({ outcome: 'new_user' });
  });
});

describe('Google link decision (spec 1 §4, §8)', () => {
  const me = { id: 'me', email: 'me@example.com', googleId: null };
  it('links when the Google e-mail matches and nobody holds the account', () => {
    expect(decideGoogleLink({ currentUser: me, googleEmail: 'ME@example.com', ownerOfGoogleId: null })).toBe('linked');
  });
  it('already linked to me counts as success (only the flag is set)', () => {
    expect(decideGoogleLink({ currentUser: me, googleEmail: 'me@example.com', ownerOfGoogleId: { id: 'me' } })).toBe('already_linked');
  });
  it('refuses a Google account linked to another user', () => {
    expect(decideGoogleLink({ currentUser: me, googleEmail: 'me@example.com', ownerOfGoogleId: { id: 'other' } })).toBe(
      'already_linked_other',
    );
  });
  it("refuses a Google account that doesn't match the signed-in user", () => {
    expect(decideGoogleLink({ currentUser: me, googleEmail: 'someone@example.com', ownerOfGoogleId: null })).toBe('mismatch');
  });
});

describe('display names for Google-created accounts', () => {
  it('derive from the e-mail, carry a leading @ and stay within the display-name rules', () => {
    expect(displayNameFromEmail('jane.doe+tattoo@gmail.com', '')).toBe('@jane.doetattoo');
    expect(displayNameFromEmail('ab@x.com', '7f3a')).toBe('@abuser7f3a');
    expect(displayNameFromEmail('a'.repeat(60) + '@x.com', 'zz')).toMatch(/^@[A-Za-z0-9_.]{3,30}$/);
  });
});
