import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import { createCallerFactory, type TrpcContext } from '../../server/trpc/init';
import { appRouter } from '../../server/router';
import { createUser, registerInput } from '../../test/support/factories';
import { useTestServer } from '../../test/support/server';

// Issue 18 §5: register, login and reset must not tell by their timing whether an e-mail has an
// account. A measurement, not a test (CI never times anything): `npm test` does not run the
// `measure` project; run it on a quiet host with
//   npx vitest run --project measure bench/measure/auth-timing.measure.ts
// It calls each procedure 30 times for addresses with an account and 30 times for addresses
// without, interleaved (so drift and background work fall on both), each from its own source
// address and for its own e-mail (so no throttle answers), and compares the medians. The machine's
// load is printed with them: on a busy machine argon2's own spread is several milliseconds.
// MEASURE_AUTH_TIMING=without-argon2 replaces the password hash and check by a constant stand-in
// on both paths, which leaves exactly what differs between them: the queries and the logic.

vi.mock('../../server/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/auth/passwords')>();
  if (process.env.MEASURE_AUTH_TIMING !== 'without-argon2') return original;
  return { ...original, hashPassword: async () => 'stand-in-hash', verifyPassword: async () => false };
});

const server = useTestServer();
const TRIES = 30;
const WARM_UP = 5;
const ALLOWED_DIFFERENCE_MS = 2;
const createCaller = createCallerFactory(appRouter);
let ip = 0;
const freshCaller = () => {
  ip++;
  return createCaller({
    deps: server.deps,
    user: null,
    sessionId: null,
    ip: `198.18.${Math.floor(ip / 250)}.${(ip % 250) + 1}`,
    userAgent: 'timing',
    requestId: `timing-${ip}`,
    setSessionCookie: () => {},
    clearSessionCookie: () => {},
  } satisfies TrpcContext);
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
};

async function timed(call: () => Promise<unknown>) {
  const start = performance.now();
  await call().catch(() => {});
  return performance.now() - start;
}

/** Median milliseconds for addresses with and without an account, the calls interleaved. */
async function compare(call: (email: string) => Promise<unknown>) {
  const existing = await Promise.all(Array.from({ length: TRIES + WARM_UP }, () => createUser({}, server.deps.db)));
  const times = { existing: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < TRIES + WARM_UP; i++) {
    // Alternate which goes first, so work left behind by one call falls on both kinds alike.
    const pair = [() => timed(() => call(existing[i].email)), () => timed(() => call(`nobody_${i}_${Date.now()}@example.com`))];
    const [withAccount, without] = i % 2 ? [await pair[0](), await pair[1]()] : [await pair[1](), await pair[0]()].reverse();
    if (i < WARM_UP) continue;
    times.existing.push(withAccount);
    times.unknown.push(without);
  }
  const result = { existing: median(times.existing), unknown: median(times.unknown) };
  console.info(
    `medians over ${TRIES}: with an account ${result.existing.toFixed(2)} ms, without ${result.unknown.toFixed(2)} ms (load average ${os.loadavg()[0].toFixed(1)})`,
  );
  return result;
}

describe(`timing of an e-mail with or without an account (medians of ${TRIES}, within ${ALLOWED_DIFFERENCE_MS} ms)`, () => {
  it('auth.register', async () => {
    const { existing, unknown } = await compare((email) => freshCaller().auth.register(registerInput({ email }) as never));
    expect(Math.abs(existing - unknown)).toBeLessThan(ALLOWED_DIFFERENCE_MS);
  }, 300_000);

  it('auth.login (wrong password)', async () => {
    const { existing, unknown } = await compare((email) => freshCaller().auth.login({ email, password: 'not the password' }));
    expect(Math.abs(existing - unknown)).toBeLessThan(ALLOWED_DIFFERENCE_MS);
  }, 300_000);

  it('auth.requestPasswordReset', async () => {
    const { existing, unknown } = await compare((email) => freshCaller().auth.requestPasswordReset({ email }));
    expect(Math.abs(existing - unknown)).toBeLessThan(ALLOWED_DIFFERENCE_MS);
  }, 300_000);
});
