import { z } from 'zod';
import { displayNameField } from '../users/inputs';
import { RETURN_PATH_MAX, returnPath } from './rules';

/**
 * The page to continue on after signing in (decision 034): kept when it is a path of this site,
 * dropped otherwise (no open redirect; the answer stays the same).
 */
const returnPathField = z
  .string()
  .max(2 * RETURN_PATH_MAX, 'Invalid redirect')
  .optional()
  .transform((value) => returnPath(value) ?? undefined);

// Shared by the server procedures and the client forms: the messages here are the spec's texts
// where the spec has one, and plain, specific sentences where it is silent.

export const REGISTER_USER_TYPES = ['client', 'artist', 'studio'] as const;
export type RegisterUserType = (typeof REGISTER_USER_TYPES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Invalid email format')
  .pipe(z.email({ error: 'Invalid email format' }))
  .transform((email) => email.toLowerCase());

export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(50, `${label} must be at most 50 characters`);

export const registerInput = z.object({
  email: emailField,
  password: newPasswordField,
  displayName: displayNameField,
  firstName: personName('First name'),
  lastName: personName('Last name'),
  userType: z.enum(REGISTER_USER_TYPES, { error: 'User type must be client, artist or studio' }).optional(),
  redirect: returnPathField,
});

export const loginInput = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, 'Invalid email or password'),
  /** The page to return to: carried by the sign-in link mailed when the account locks. */
  redirect: returnPathField,
});

export const requestPasswordResetInput = z.object({ email: emailField });

/** The answer to every registration (new or existing address alike, issue 18): the mail says what next. */
export const CHECK_EMAIL = 'Check your e-mail to continue';
export const SIGN_IN_LINK_INVALID = 'Sign-in link is invalid or has expired';

export const requestSignInLinkInput = z.object({ email: emailField, redirect: returnPathField });

export const signInWithLinkInput = z.object({
  token: z.string({ error: SIGN_IN_LINK_INVALID }).min(1, SIGN_IN_LINK_INVALID).max(200, SIGN_IN_LINK_INVALID),
});

export const resetPasswordInput = z.object({
  token: z
    .string({ error: 'Reset link is invalid or has expired' })
    .min(1, 'Reset link is invalid or has expired')
    .max(200, 'Reset link is invalid or has expired'),
  password: newPasswordField,
});

export const changePasswordInput = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX, 'Incorrect password'),
  newPassword: newPasswordField,
});

export const revokeSessionInput = z.object({
  sessionId: z.string({ error: 'Session id is required' }).min(1, 'Session id is required').max(100, 'Session not found'),
});

export const linkGoogleInput = z.object({
  password: z.string({ error: 'Incorrect password' }).min(1, 'Incorrect password').max(PASSWORD_MAX, 'Incorrect password'),
});

export type RegisterInput = z.input<typeof registerInput>;
export type LoginInput = z.input<typeof loginInput>;
