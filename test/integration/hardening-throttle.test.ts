import { TRPCError } from '@trpc/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_DEVICE, LOGIN_LIMIT_PER_IP, REGISTER_LIMIT_PER_EMAIL, REGISTER_LIMIT_PER_IP } from '../../server/auth/throttle';
import { mailOutbox } from '../../server/db/schema';
import { HOUR } from '../../server/lib/time';
import { createCallerFactory, type TrpcContext } from '../../server/trpc/init';
import { appRouter } from '../../server/router';
import { trpcError } from '../support/client';
import { createUser, registerInput, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

// Login throttling, measured where it matters: how many guesses reach the argon2 check. Every call
// of verifyPassword (the real one, wrapped) is counted, unknown e-mails included (they run a dummy
// verification so their timing matches).

const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/auth/passwords')>();
  return {
    ...original,
    verifyPassword: (...args: Parameters<typeof original.verifyPassword>) => {
      verifications.count++;
      return original.verifyPassword(...args);
    },
  };
});

const server = useTestServer();
const INVALID = 'Invalid email or password';
// A thousand logins over HTTP: seconds on PostgreSQL, over a minute on the single-connection PGlite
// of a busy machine.
const THOUSAND_CALLS_TIMEOUT_MS = 240_000;
const THROTTLED = 'Too many failed attempts. Please try again later';
const LINK_INVALID = 'Sign-in link is invalid or has expired';

const createCaller = createCallerFactory(appRouter);
/** A caller from another address and no browser cookies: a botnet's node. */
const callerFrom = (ip: string) =>
  createCaller({
    deps: server.deps,
    user: null,
    sessionId: null,
    ip,
    userAgent: 'botnet',
    requestId: ip,
    setSessionCookie: () => {},
    clearSessionCookie: () => {},
  } satisfies TrpcContext);

/** 1,000 wrong passwords at one account from 1,000 addresses, 50 at a time; returns how many were refused. */
async function floodFromElsewhere(email: string) {
  let refused = 0;
  for (let wave = 0; wave < 20; wave++) {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => callerFrom(`203.0.${wave}.${i + 1}`).auth.login({ email, password: `guess-${wave}-${i}` })),
    );
    refused += results.filter((r) => r.status === 'rejected').length;
  }
  return refused;
}

/** The code and message of a direct call's refusal. */
async function callerError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail, but it succeeded');
    },
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw error;
  return { code: error.code, message: error.message };
}

/** Each scenario starts with fresh windows for the test client's address (127.0.0.1). */
const freshWindows = () => beforeEach(() => server.clock.advance(HOUR + 60_000));

const signInLinkIn = async (email: string) => {
  const [mail] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail?.text.match(/\/login\?link=([a-z0-9]+)/)?.[1];
};

describe('login throttling (argon2 verifications counted)', () => {
  it(`lets at most ${LOGIN_LIMIT_PER_IP} of 1,000 scripted guesses from one address reach the password check`, async () => {
    const victims = await Promise.all(Array.from({ length: 5 }, () => createUser({}, server.deps.db)));
    const emails = [...victims.map((v) => v.email), 'nobody@example.com', 'ghost@example.com'];
    verifications.count = 0;
    const messages: string[] = [];
    // 20 waves of 50 concurrent guesses, as a script would fire them.
    for (let wave = 0; wave < 20; wave++) {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => trpcError(server.client().auth.login.mutate({ email: emails[(wave * 50 + i) % emails.length], password: `guess-${wave}-${i}` }))),
      );
      messages.push(...results.map((r) => r.message));
    }
    expect(verifications.count).toBeGreaterThan(0);
    expect(verifications.count).toBeLessThanOrEqual(LOGIN_LIMIT_PER_IP);
    expect(messages.filter((m) => m === INVALID)).toHaveLength(verifications.count);
    expect(messages.filter((m) => m === THROTTLED)).toHaveLength(1000 - verifications.count);
  }, THOUSAND_CALLS_TIMEOUT_MS);

  it(`lets at most ${LOGIN_LIMIT_PER_ACCOUNT} of 1,000 guesses at one account from 1,000 different addresses reach the password check`, async () => {
    const victim = await createUser({}, server.deps.db);
    verifications.count = 0;
    expect(await floodFromElsewhere(victim.email)).toBe(1000);
    expect(verifications.count).toBeGreaterThan(0);
    expect(verifications.count).toBeLessThanOrEqual(LOGIN_LIMIT_PER_ACCOUNT);
    // A browser that never signed in to the account is refused even the right password, until the window passes.
    const owner = await trpcError(server.client().auth.login.mutate({ email: victim.email, password: victim.password }));
    expect(owner.message).toBe(THROTTLED);
  }, THOUSAND_CALLS_TIMEOUT_MS);
});

describe('lock-out without abuse (known devices, e-mailed sign-in link)', () => {
  freshWindows();
  it('lets the owner in from a browser that signed in before, however many wrong passwords came from elsewhere', async () => {
    const victim = await createUser({}, server.deps.db);
    const ownerBrowser = server.client();
    await signIn(ownerBrowser, victim);
    expect(ownerBrowser.jar.cookies.get('inklink_device')).toMatch(/^[a-z0-9]{52}$/);
    await ownerBrowser.auth.logout.mutate();

    expect(await floodFromElsewhere(victim.email)).toBe(1000);
    expect(await trpcError(signIn(server.client(), victim))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: THROTTLED });
    expect(await signIn(ownerBrowser, victim)).toMatchObject({ id: victim.id });
    expect(await ownerBrowser.auth.me.query()).toMatchObject({ id: victim.id });
    // A device cookie copied to another account's sign-in proves nothing there.
    const other = await createUser({}, server.deps.db);
    for (let i = 0; i <= LOGIN_LIMIT_PER_ACCOUNT; i++) await callerError(callerFrom(`198.51.100.${i + 1}`).auth.login({ email: other.email, password: `wrong-${i}` }));
    expect(await trpcError(signIn(ownerBrowser, other))).toMatchObject({ message: THROTTLED });
  }, THOUSAND_CALLS_TIMEOUT_MS);

  it('limits guesses from a known browser on their own', async () => {
    const victim = await createUser({}, server.deps.db);
    const browser = server.client();
    await signIn(browser, victim);
    for (let i = 0; i < LOGIN_LIMIT_PER_DEVICE; i++) {
      expect(await trpcError(browser.auth.login.mutate({ email: victim.email, password: `wrong-${i}-password` }))).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(await trpcError(signIn(browser, victim))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: THROTTLED });
    // The account itself was not locked by them: an unknown browser still gets its own tries.
    expect(await signIn(server.client(), victim)).toMatchObject({ id: victim.id });
  });

  it('mails the owner a one-time link when the account locks; it signs in once, not twice, whatever the lock', async () => {
    const victim = await createUser({}, server.deps.db);
    for (let i = 0; i <= LOGIN_LIMIT_PER_ACCOUNT; i++) await callerError(callerFrom(`192.0.2.${i + 1}`).auth.login({ email: victim.email, password: `wrong-${i}` }));
    const token = await vi.waitFor(async () => (await signInLinkIn(victim.email)) ?? Promise.reject(new Error('no sign-in link mail yet')), { timeout: 5000, interval: 20 });
    const stranger = server.client();
    expect(await trpcError(signIn(stranger, victim))).toMatchObject({ message: THROTTLED });
    expect(await stranger.auth.signInWithLink.mutate({ token })).toMatchObject({ id: victim.id });
    expect(await stranger.auth.me.query()).toMatchObject({ id: victim.id });
    expect(await trpcError(server.client().auth.signInWithLink.mutate({ token }))).toMatchObject({ code: 'BAD_REQUEST', message: LINK_INVALID });
    // The browser the link signed in is now a known device: its password sign-in works despite the lock.
    await stranger.auth.logout.mutate();
    expect(await signIn(stranger, victim)).toMatchObject({ id: victim.id });
  });

  it('the mailed link returns to the page the locking attempt came from (a path of this site only)', async () => {
    const mailedLinkAfterLock = async (redirect: string) => {
      const victim = await createUser({}, server.deps.db);
      for (let i = 0; i <= LOGIN_LIMIT_PER_ACCOUNT; i++)
        await callerError(callerFrom(`192.0.2.${i + 101}`).auth.login({ email: victim.email, password: `wrong-${i}`, redirect }));
      await vi.waitFor(async () => (await signInLinkIn(victim.email)) ?? Promise.reject(new Error('no sign-in link mail yet')), { timeout: 5000, interval: 20 });
      const [mail] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, victim.email)).limit(1);
      const url = mail.text.match(/https?:\/\/\S+\/login\?link=\S+/)?.[0];
      return new URL(url ?? 'http://missing/').searchParams;
    };
    const back = await mailedLinkAfterLock('/artist/rosa-ink?act=follow');
    expect(back.get('link')).toMatch(/^[a-z0-9]+$/);
    expect(back.get('redirect')).toBe('/artist/rosa-ink?act=follow');
    const elsewhere = await mailedLinkAfterLock('//evil.example/phish');
    expect(elsewhere.get('link')).toMatch(/^[a-z0-9]+$/);
    expect(elsewhere.has('redirect')).toBe(false);
  });

  it('lets one of ten simultaneous uses of a link sign in (the claim is one guarded UPDATE)', async () => {
    const victim = await createUser({}, server.deps.db);
    await server.client().auth.requestSignInLink.mutate({ email: victim.email });
    const token = await vi.waitFor(async () => (await signInLinkIn(victim.email)) ?? Promise.reject(new Error('no sign-in link mail yet')), { timeout: 5000, interval: 20 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => server.client().auth.signInWithLink.mutate({ token })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('mails a link on request (same answer for unknown addresses), which expires after 15 minutes', async () => {
    const victim = await createUser({}, server.deps.db);
    expect(await server.client().auth.requestSignInLink.mutate({ email: 'nobody@example.com' })).toEqual({ ok: true });
    expect(await server.client().auth.requestSignInLink.mutate({ email: victim.email.toUpperCase() })).toEqual({ ok: true });
    const token = await vi.waitFor(async () => (await signInLinkIn(victim.email)) ?? Promise.reject(new Error('no sign-in link mail yet')), { timeout: 5000, interval: 20 });
    expect(await signInLinkIn('nobody@example.com')).toBeUndefined();
    server.clock.advance(15 * 60_000 + 1000);
    expect(await trpcError(server.client().auth.signInWithLink.mutate({ token }))).toMatchObject({ code: 'BAD_REQUEST', message: LINK_INVALID });
    expect(await trpcError(server.client().auth.signInWithLink.mutate({ token: 'x'.repeat(201) }))).toMatchObject({ code: 'BAD_REQUEST', message: LINK_INVALID });
  });
});

describe('registration throttling', () => {
  freshWindows();
  const TOO_MANY = 'Too many attempts. Please try again later';

  it(`answers at most ${REGISTER_LIMIT_PER_IP} registrations an hour from one address, existing e-mails included`, async () => {
    const owner = await createUser({}, server.deps.db);
    const from = callerFrom('198.18.0.7');
    for (let i = 0; i < REGISTER_LIMIT_PER_IP; i++) {
      expect(await from.auth.register(registerInput(i % 4 === 1 ? { email: owner.email } : {}) as never)).toEqual({ ok: true });
    }
    expect(await callerError(from.auth.register(registerInput() as never))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY });
    const another = await createUser({}, server.deps.db);
    expect(await callerError(from.auth.register(registerInput({ email: another.email }) as never))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY });
  }, THOUSAND_CALLS_TIMEOUT_MS);

  it(`answers at most ${REGISTER_LIMIT_PER_EMAIL} registrations an hour for one e-mail, from any addresses`, async () => {
    const owner = await createUser({}, server.deps.db);
    for (let i = 0; i < REGISTER_LIMIT_PER_EMAIL; i++) {
      expect(await callerFrom(`198.18.1.${i + 1}`).auth.register(registerInput({ email: owner.email }) as never)).toEqual({ ok: true });
    }
    expect(await callerError(callerFrom('198.18.1.99').auth.register(registerInput({ email: owner.email }) as never))).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY });
  }, THOUSAND_CALLS_TIMEOUT_MS);
});
