import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { mailOutbox, passwordResetTokens, sessions, users } from '../../server/db/schema';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '../../server/auth/sessions';
import { DAY, HOUR } from '../../server/lib/time';
import { trpcError } from '../support/client';
import { msUntil } from '../support/change-feed';
import { createUser, DEFAULT_PASSWORD, registerInput, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

const server = useTestServer();
const userCount = async () => (await server.deps.db.select({ n: count() }).from(users))[0].n;
const latestMailTo = async (email: string) => {
  const [mail] = await server.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(sql`${mailOutbox.createdAt} desc`)
    .limit(1);
  return mail;
};
/** Reset and sign-in link mails are written after the answer (same timing for every address): wait for them. */
const mailTo = (email: string, subject: string) =>
  vi.waitFor(
    async () => {
      const mail = await latestMailTo(email);
      if (mail?.subject !== subject) throw new Error(`no "${subject}" mail to ${email} yet`);
      return mail;
    },
    { timeout: 5000, interval: 20 },
  );
const WELCOME = 'Welcome to InkLink: continue to your account';
const resetLinkFor = async (email: string) => (await mailTo(email, 'Reset your InkLink password')).text.match(/token=([a-z0-9]+)/)?.[1];
const linkTokenIn = (text: string) => text.match(/\/login\?link=([a-z0-9]+)/)?.[1] ?? '';
const userByEmail = async (email: string) => (await server.deps.db.select().from(users).where(eq(users.email, email)))[0];

describe('auth.register', () => {
  it('creates the account without signing in, answers "check your e-mail", and mails a link that signs in once', async () => {
    const client = server.client();
    const input = registerInput({ email: 'Mixed.Case@Example.com', userType: 'artist' });
    expect(await client.auth.register.mutate(input)).toEqual({ ok: true });
    expect(await client.auth.me.query()).toBeNull();
    // The account and its mail are written after the answer (the same answer, in the same time, as for an existing address).
    const mail = await mailTo('mixed.case@example.com', WELCOME);
    const user = await userByEmail('mixed.case@example.com');
    expect(user).toMatchObject({ displayName: `@${input.displayName}`, userTypes: ['client', 'artist'] });
    const me = await client.auth.signInWithLink.mutate({ token: linkTokenIn(mail.text) });
    expect(me).toMatchObject({ id: user.id, userTypes: ['client', 'artist'], followerCount: 0, followingCount: 0, hasStorefront: false });
    expect(await client.auth.me.query()).toMatchObject({ id: user.id });
    const again = await trpcError(server.client().auth.signInWithLink.mutate({ token: linkTokenIn(mail.text) }));
    expect(again).toMatchObject({ code: 'BAD_REQUEST', message: 'Sign-in link is invalid or has expired' });
    // The password chosen at registration works too.
    expect(await signIn(server.client(), { email: input.email, password: input.password })).toMatchObject({ id: user.id });
  });

  it('defaults userTypes to client', async () => {
    const input = registerInput();
    await server.client().auth.register.mutate(input);
    await mailTo(input.email, WELCOME);
    expect((await userByEmail(input.email)).userTypes).toEqual(['client']);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Invalid email format'],
    [{ email: '' }, 'Email is required'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ displayName: 'a b' }, 'Display name must be 3 to 30 letters, numbers, dots or underscores'],
    [{ displayName: '' }, 'Display name is required'],
    [{ firstName: '  ' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ userType: 'AppAdmin' }, 'User type must be client, artist or studio'],
  ])('refuses %o with BAD_REQUEST and writes nothing', async (override, message) => {
    const before = await userCount();
    const error = await trpcError(server.client().auth.register.mutate(registerInput(override) as never));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await userCount()).toBe(before);
  });

  it('refuses a missing field with BAD_REQUEST', async () => {
    const { email: _omit, ...rest } = registerInput();
    const error = await trpcError(server.client().auth.register.mutate(rest as never));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'Email is required' });
  });

  it('answers an existing e-mail (any case) exactly like a new one, changes nothing, and tells its owner', async () => {
    const owner = await createUser({}, server.deps.db);
    const before = await userCount();
    const client = server.client();
    const answer = await client.auth.register.mutate(registerInput({ email: owner.email.toUpperCase(), password: 'an attacker password' }));
    const fresh = registerInput();
    expect(answer).toEqual(await server.client().auth.register.mutate(fresh));
    expect(await client.auth.me.query()).toBeNull();
    const mail = await mailTo(owner.email, 'Someone tried to register with your InkLink address');
    await mailTo(fresh.email, WELCOME);
    expect(await userCount()).toBe(before + 1);
    expect(await userByEmail(owner.email)).toMatchObject({ passwordHash: owner.passwordHash, displayName: owner.displayName });
    expect(mail.text).toContain('/forgot-password');
    // Its one-time link signs the owner in, not anyone else.
    expect(await server.client().auth.signInWithLink.mutate({ token: linkTokenIn(mail.text) })).toMatchObject({ id: owner.id });
    expect(await trpcError(signIn(server.client(), { email: owner.email, password: 'an attacker password' }))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a taken display name (any case, with or without @) whether the e-mail is new or taken', async () => {
    const first = await createUser({}, server.deps.db);
    const before = await userCount();
    for (const email of [`fresh_${Date.now()}@example.com`, first.email]) {
      const nameTaken = await trpcError(server.client().auth.register.mutate(registerInput({ email, displayName: first.displayName.toUpperCase() })));
      expect(nameTaken).toMatchObject({ code: 'CONFLICT', message: 'Display name is already taken' });
    }
    expect(await userCount()).toBe(before);
  });
});

describe('auth.login and sessions', () => {
  it('gives the same message for an unknown e-mail and a wrong password', async () => {
    const user = await createUser({}, server.deps.db);
    const unknown = await trpcError(server.client().auth.login.mutate({ email: 'nobody@example.com', password: 'whatever1' }));
    const wrong = await trpcError(server.client().auth.login.mutate({ email: user.email, password: 'wrong-password' }));
    expect(unknown).toEqual(wrong);
    expect(wrong).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
  });

  it('refuses a malformed e-mail with the spec message', async () => {
    const error = await trpcError(server.client().auth.login.mutate({ email: 'bad', password: 'x' }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid email format' });
  });

  it('refuses a disabled account after the password check', async () => {
    const user = await createUser({ disabled: true }, server.deps.db);
    const error = await trpcError(signIn(server.client(), user));
    expect(error).toMatchObject({ code: 'FORBIDDEN', message: 'This account has been disabled' });
  });

  it('issues a new session id at every login (no fixation) and stores only a hash of the secret', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    const first = client.jar.cookies.get('inklink_session');
    await signIn(client, user);
    const second = client.jar.cookies.get('inklink_session');
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
    const [id, secret] = (second ?? '').split('.');
    const [row] = await server.deps.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secretHash).not.toContain(secret);
  });

  it('refuses a token whose secret was tampered with', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    const [id] = (client.jar.cookies.get('inklink_session') ?? '').split('.');
    client.jar.cookies.set('inklink_session', `${id}.${'a'.repeat(32)}`);
    expect(await client.auth.me.query()).toBeNull();
  });

  it('refuses a tampered secret right after the real one was accepted (the session row is cached), and a stored hash that is not lowercase hex', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    const token = client.jar.cookies.get('inklink_session') ?? '';
    const [id, secret] = token.split('.');
    expect(await client.auth.me.query()).toMatchObject({ id: user.id });
    const lastCharacter = secret.at(-1) === 'a' ? 'b' : 'a';
    client.jar.cookies.set('inklink_session', `${id}.${secret.slice(0, -1)}${lastCharacter}`);
    expect(await client.auth.me.query()).toBeNull();
    client.jar.cookies.set('inklink_session', token);
    expect(await client.auth.me.query()).toMatchObject({ id: user.id });

    const [row] = await server.deps.db.select().from(sessions).where(eq(sessions.id, id));
    await server.deps.db.update(sessions).set({ secretHash: row.secretHash.toUpperCase() }).where(eq(sessions.id, id));
    // The row changed: the session cache drops it and the next read decodes the new hash.
    await msUntil(async () => (await client.auth.me.query()) === null);
  });

  it('sets HttpOnly, SameSite=Lax cookies (Secure only on https)', async () => {
    const user = await createUser({}, server.deps.db);
    const response = await fetch(`${server.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ json: { email: user.email, password: user.password } }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('inklink_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('logs out: the session is deleted, the cookie cleared, and the old token no longer works', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    const token = client.jar.cookies.get('inklink_session') ?? '';
    await client.auth.logout.mutate();
    expect(client.jar.cookies.has('inklink_session')).toBe(false);
    client.jar.cookies.set('inklink_session', token);
    expect(await client.auth.me.query()).toBeNull();
  });

  it('expires after the idle timeout and at the absolute cap even when active', async () => {
    const user = await createUser({}, server.deps.db);
    const idle = server.client();
    await signIn(idle, user);
    server.clock.advance(SESSION_IDLE_TIMEOUT_MS + 1000);
    expect(await idle.auth.me.query()).toBeNull();

    const active = server.client();
    await signIn(active, user);
    // Active every 5 days: the idle limit never trips, but the absolute cap does at 30 days.
    for (let elapsed = 5 * DAY; elapsed < SESSION_ABSOLUTE_TIMEOUT_MS; elapsed += 5 * DAY) {
      server.clock.advance(5 * DAY);
      expect(await active.auth.me.query()).not.toBeNull();
    }
    server.clock.advance(5 * DAY);
    expect(await active.auth.me.query()).toBeNull();
  });

  it('lists my sessions and revokes one; another user cannot revoke it', async () => {
    const user = await createUser({}, server.deps.db);
    const laptop = server.client();
    const phone = server.client();
    await signIn(laptop, user);
    await signIn(phone, user);
    const list = await laptop.auth.sessions.query();
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = list.find((s) => !s.current);
    expect(phoneSession).toBeDefined();

    const stranger = server.client();
    await signIn(stranger, await createUser({}, server.deps.db));
    expect(await trpcError(stranger.auth.revokeSession.mutate({ sessionId: phoneSession?.id ?? '' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Session not found',
    });
    await laptop.auth.revokeSession.mutate({ sessionId: phoneSession?.id ?? '' });
    expect(await phone.auth.me.query()).toBeNull();
    expect(await laptop.auth.me.query()).not.toBeNull();
  });

  it('changing the password revokes every session and keeps the caller signed in', async () => {
    const user = await createUser({}, server.deps.db);
    const here = server.client();
    const elsewhere = server.client();
    await signIn(here, user);
    await signIn(elsewhere, user);
    expect(
      await trpcError(here.auth.changePassword.mutate({ currentPassword: 'nope-nope', newPassword: 'a new passphrase' })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Incorrect password' });
    await here.auth.changePassword.mutate({ currentPassword: DEFAULT_PASSWORD, newPassword: 'a new passphrase' });
    expect(await elsewhere.auth.me.query()).toBeNull();
    expect(await here.auth.me.query()).toMatchObject({ id: user.id });
    expect(await trpcError(signIn(server.client(), user))).toMatchObject({ message: 'Invalid email or password' });
  });

  it('refuses authed procedures without a session', async () => {
    expect(await trpcError(server.client().auth.sessions.query())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('login throttling', () => {
  it('locks an account after 10 failures with the spec message, even for the right password', async () => {
    const user = await createUser({}, server.deps.db);
    for (let i = 0; i < 10; i++) {
      await trpcError(server.client().auth.login.mutate({ email: user.email, password: `wrong-${i}-password` }));
    }
    const error = await trpcError(signIn(server.client(), user));
    expect(error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many failed attempts. Please try again later' });
    server.clock.advance(16 * 60_000);
    expect(await signIn(server.client(), user)).toMatchObject({ id: user.id });
  });
});

describe('password reset', () => {
  it('mails a single-use link valid for one hour; the new password works and the old one does not', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    expect(await server.client().auth.requestPasswordReset.mutate({ email: user.email.toUpperCase() })).toEqual({ ok: true });
    const token = await resetLinkFor(user.email);
    expect(token).toBeDefined();
    await server.client().auth.resetPassword.mutate({ token: token ?? '', password: 'brand new secret' });
    expect(await client.auth.me.query()).toBeNull();
    expect(await trpcError(signIn(server.client(), user))).toMatchObject({ message: 'Invalid email or password' });
    expect(await signIn(server.client(), { email: user.email, password: 'brand new secret' })).toMatchObject({ id: user.id });
    const reused = await trpcError(server.client().auth.resetPassword.mutate({ token: token ?? '', password: 'another secret!' }));
    expect(reused).toMatchObject({ code: 'BAD_REQUEST', message: 'Reset link is invalid or has expired' });
  });

  it('refuses an expired link', async () => {
    const user = await createUser({}, server.deps.db);
    await server.client().auth.requestPasswordReset.mutate({ email: user.email });
    const token = await resetLinkFor(user.email);
    server.clock.advance(HOUR + 1000);
    const error = await trpcError(server.client().auth.resetPassword.mutate({ token: token ?? '', password: 'brand new secret' }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'Reset link is invalid or has expired' });
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = (await server.deps.db.select({ n: count() }).from(passwordResetTokens))[0].n;
    expect(await server.client().auth.requestPasswordReset.mutate({ email: 'ghost@example.com' })).toEqual({ ok: true });
    // The mail is written after the answer: a request for a real address after it shows when both are done.
    const user = await createUser({}, server.deps.db);
    await server.client().auth.requestPasswordReset.mutate({ email: user.email });
    await resetLinkFor(user.email);
    expect((await server.deps.db.select({ n: count() }).from(passwordResetTokens))[0].n).toBe(before + 1);
    expect(await latestMailTo('ghost@example.com')).toBeUndefined();
  });
});

describe('same-origin mutations', () => {
  it('refuses a cross-site POST with 403 and changes nothing', async () => {
    const before = await userCount();
    const response = await fetch(`${server.url}/trpc/auth.register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ json: registerInput() }),
    });
    expect(response.status).toBe(403);
    const bySite = await fetch(`${server.url}/trpc/auth.register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ json: registerInput() }),
    });
    expect(bySite.status).toBe(403);
    expect(await userCount()).toBe(before);
  });
});
