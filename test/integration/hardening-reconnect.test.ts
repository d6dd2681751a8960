import { count, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/cookies';
import { isConnectionLoss } from '../../server/db/reconnect';
import { users } from '../../server/db/schema';
import { isPostgres } from '../support/databases';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

// Issue 18, item 9: PostgreSQL terminating every backend of the app while requests are running
// costs no answer of 500: reads and unfinished transactions are retried once on a new connection
// (server/db/reconnect.ts), and a write whose outcome is unknown answers 503.

const server = useTestServer();
const LOAD_MS = 5_000;
const WAVES = 6;
const WORKERS = 12;

describe.skipIf(!isPostgres())('a database that drops every connection under load (PostgreSQL)', () => {
  let admin: postgres.Sql;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    admin = postgres(server.deps.database.url as string, { max: 1, onnotice: () => {} });
    const user = await createUser({}, server.deps.db);
    userId = user.id;
    const client = server.client();
    await signIn(client, user);
    cookie = `${SESSION_COOKIE}=${client.jar.cookies.get(SESSION_COOKIE)}`;
  });
  afterAll(async () => {
    await admin?.end({ timeout: 5 });
  });

  /** Terminates every backend of the app's database (or those running a statement like `running`). */
  const terminateAll = (running = '%') =>
    admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like ${running}`;

  const call = (path: string, input: unknown, method: 'GET' | 'POST') => {
    const json = encodeURIComponent(JSON.stringify({ json: input }));
    return method === 'GET'
      ? fetch(`${server.url}/trpc/${path}?input=${json}`, { headers: { cookie } })
      : fetch(`${server.url}/trpc/${path}`, {
          method: 'POST',
          headers: { cookie, origin: server.url, 'content-type': 'application/json' },
          body: JSON.stringify({ json: input }),
        });
  };

  /** Runs `statement` on the app's pool and terminates its backend while it runs; resolves with what it gave or threw. */
  async function terminatedWhileRunning(run: () => Promise<unknown>, marker: string) {
    const outcome = run().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    for (let tries = 0; tries < 50 && (await terminateAll(`%${marker}%`)).length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    return outcome;
  }

  it('runs a read again on a new connection when its connection is terminated while it runs', async () => {
    const outcome = await terminatedWhileRunning(() => server.deps.db.execute(sql`select pg_sleep(0.4), 'read-marker' as marker`), 'read-marker');
    expect(outcome).toMatchObject({ value: [{ marker: 'read-marker' }] });
  });

  it('runs a transaction again when its connection is terminated before it committed, and never twice', async () => {
    let bodies = 0;
    const outcome = await terminatedWhileRunning(
      () =>
        server.deps.db.transaction(async (tx) => {
          bodies++;
          await tx.update(users).set({ bio: `tx ${bodies}` }).where(eq(users.id, userId));
          if (bodies === 1) await tx.execute(sql`select pg_sleep(0.4), 'tx-marker'`);
          return bodies;
        }),
      'tx-marker',
    );
    expect(outcome).toEqual({ value: 2 });
    const [row] = await server.deps.db.select({ bio: users.bio }).from(users).where(eq(users.id, userId));
    expect(row.bio).toBe('tx 2');
  });

  it('does not run a write again whose outcome is unknown, and says the connection was lost', async () => {
    const before = (await server.deps.db.select({ n: count() }).from(users))[0].n;
    const outcome = await terminatedWhileRunning(
      () => server.deps.db.execute(sql`insert into users (email, display_name, first_name, last_name, password_hash) select 'w-' || gen_random_uuid() || '@example.com', '@w' || gen_random_uuid(), 'W', 'W', 'x' from pg_sleep(0.4) where 'write-marker' <> ''`),
      'write-marker',
    );
    expect(isConnectionLoss((outcome as { error?: unknown }).error)).toBe(true);
    expect((await server.deps.db.select({ n: count() }).from(users))[0].n).toBe(before);
  });

  it('answers every request of a mixed load with no 500 while every backend is terminated again and again', async () => {
    const statuses = new Map<string, number>();
    const tally = (kind: string, status: number) => statuses.set(`${kind} ${status}`, (statuses.get(`${kind} ${status}`) ?? 0) + 1);
    const requests = [
      { kind: 'read', path: 'auth.me', input: undefined, method: 'GET' as const },
      { kind: 'read', path: 'user.byId', input: { id: '' }, method: 'GET' as const },
      { kind: 'read', path: 'notification.unseenCounts', input: undefined, method: 'GET' as const },
      { kind: 'read', path: 'notification.list', input: {}, method: 'GET' as const },
      { kind: 'write', path: 'user.update', input: { bio: 'still here' }, method: 'POST' as const },
    ];
    requests[1].input = { id: userId };
    const until = Date.now() + LOAD_MS;
    const worker = async (offset: number) => {
      for (let i = offset; Date.now() < until; i++) {
        const request = requests[i % requests.length];
        const response = await call(request.path, request.input, request.method);
        tally(request.kind, response.status);
        await response.arrayBuffer();
      }
    };
    // Every backend of the app's database terminated, in waves while the load runs.
    let terminated = 0;
    const killer = async () => {
      for (let wave = 0; wave < WAVES; wave++) {
        await new Promise((resolve) => setTimeout(resolve, LOAD_MS / (WAVES + 1)));
        terminated += (await terminateAll()).length;
      }
    };
    await Promise.all([killer(), ...Array.from({ length: WORKERS }, (_, i) => worker(i))]);
    const summary = Object.fromEntries(statuses);
    console.log('statuses', summary, 'backends terminated', terminated);
    // Many backends were really terminated, and many requests met them.
    expect(terminated).toBeGreaterThanOrEqual(WAVES * 5);
    expect((summary['read 200'] ?? 0) + (summary['write 200'] ?? 0)).toBeGreaterThan(100);
    expect(Object.keys(summary).filter((key) => key.endsWith(' 500'))).toEqual([]);
    // Reads are always answered; a write may be refused as unavailable (503) when its outcome was unknown.
    expect(Object.keys(summary).filter((key) => key.startsWith('read ') && key !== 'read 200')).toEqual([]);
    expect(Object.keys(summary).filter((key) => key.startsWith('write ') && key !== 'write 200' && key !== 'write 503')).toEqual([]);
  });
});
