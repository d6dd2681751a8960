// Pure decisions of Google sign-in and linking (spec 1 §4, §8), kept apart from I/O for tests.

export type GoogleSignInOutcome =
  | { outcome: 'success'; userId: string; setLinkedFlag: boolean }
  | { outcome: 'account_conflict' }
  | { outcome: 'new_user' };

export function decideGoogleSignIn(args: {
  byGoogleId?: { id: string } | null;
  byEmail?: { id: string; googleLinked: boolean; googleId: string | null } | null;
}): GoogleSignInOutcome {
  if (args.byGoogleId) return { outcome: 'success', userId: args.byGoogleId.id, setLinkedFlag: false };
  if (args.byEmail) {
    // An account that was linked but lost the provider id is still the same person.
    if (args.byEmail.googleLinked && !args.byEmail.googleId) {
      return { outcome: 'success', userId: args.byEmail.id, setLinkedFlag: true };
    }
    return { outcome: 'account_conflict' };
  }
  return { outcome: 'new_user' };
}

export type GoogleLinkOutcome = 'linked' | 'already_linked' | 'already_linked_other' | 'mismatch';

export function decideGoogleLink(args: {
  currentUser: { id: string; email: string; googleId: string | null };
  googleEmail: string;
  ownerOfGoogleId?: { id: string } | null;
}): GoogleLinkOutcome {
  if (args.ownerOfGoogleId && args.ownerOfGoogleId.id !== args.currentUser.id) return 'already_linked_other';
  if (args.ownerOfGoogleId) return 'already_linked';
  if (args.googleEmail.toLowerCase() !== args.currentUser.email.toLowerCase()) return 'mismatch';
  return 'linked';
}

export const GOOGLE_MESSAGES = {
  noAuthenticatedUser: 'No authenticated user found',
  incorrectPassword: 'Incorrect password',
  alreadyLinkedOther: 'This Google account is already linked to another user',
  mismatch: "The Google account doesn't match the signed-in user",
  linkFailed: 'Failed to link Google account',
  cancelled: 'Sign-in was cancelled',
  failed: 'An error occurred during Google sign-in',
} as const;

/** A display name for a Google-created account: the e-mail's local part, cleaned, plus a suffix. */
export function displayNameFromEmail(email: string, suffix: string): string {
  const base =
    email
      .split('@')[0]
      .replace(/[^A-Za-z0-9_.]/g, '')
      .slice(0, 20) || 'user';
  return `@${base.length >= 3 ? base : `${base}user`}${suffix}`.slice(0, 31);
}

/** The longest return path kept (a page's path and query; longer ones are not ours). */
export const RETURN_PATH_MAX = 2000;

/**
 * Where sign-in, registration, the e-mailed sign-in link and Google send a visitor back to
 * (decision 034): the value itself when it is a path of this site, else null (the caller's default).
 * Refuses other origins, protocol-relative `//host` and `/\host` (browsers read both as a host),
 * their percent-encoded forms, backslashes and control characters: no open redirect.
 */
export function returnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX || !value.startsWith('/')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (decoded.startsWith('//') || decoded.startsWith('/\\')) return null;
  const base = 'http://return-path.invalid';
  return new URL(value, base).origin === base ? value : null;
}
