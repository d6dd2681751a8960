import { describe, expect, it, vi } from 'vitest';
import { LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_IP } from '../../server/auth/throttle';
import { createCallerFactory, type TrpcContext } from '../../server/trpc/init';
import { appRouter } from '../../server/trpc/router';
import { trpcError } from '../support/client';
import { createUser } from '../support/factories';
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
    const createCaller = createCallerFactory(appRouter);
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
    verifications.count = 0;
    let refused = 0;
    for (let wave = 0; wave < 20; wave++) {
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => callerFrom(`203.0.${wave}.${i + 1}`).auth.login({ email: victim.email, password: `guess-${wave}-${i}` })),
      );
      refused += results.filter((r) => r.status === 'rejected').length;
    }
    expect(refused).toBe(1000);
    expect(verifications.count).toBeGreaterThan(0);
    expect(verifications.count).toBeLessThanOrEqual(LOGIN_LIMIT_PER_ACCOUNT);
    // The account is locked even for its owner's right password, until the window passes.
    const owner = await trpcError(server.client().auth.login.mutate({ email: victim.email, password: victim.password }));
    expect(owner.message).toBe(THROTTLED);
  }, THOUSAND_CALLS_TIMEOUT_MS);
});
