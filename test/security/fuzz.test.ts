import { TRPCClientError } from '@trpc/client';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSession } from '../../server/auth/sessions';
import { users } from '../../server/db/schema';
import type { TestClient } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';
import { arbitraryFor } from './arbitraries';
import { changedTables, fingerprint, knownIds } from './fingerprint';
import { buildWorld, type World } from './ownership';
import { adminSite, callerFor, inputSchema, invoke, isAdminProcedure, procedureNames, procedureType } from './procedures';

// Property-based bad input for every procedure of the appRouter (enumerated, so new procedures are
// fuzzed without being listed): inputs derived from each procedure's own zod schema, hostile at
// every level, with ids of real rows mixed in. A call may succeed or be refused, but it never
// yields a 500, and a refused call writes nothing (every table is fingerprinted after each call).
// In process through createCallerFactory for speed; a sample of each goes over HTTP as well.

const server = useTestServer();
const procedures = procedureNames();
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const HTTP_RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let world: World;
let ids: string[];
let sessionId: string;
let adminSessionId: string;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  world = await buildWorld(server);
  // The owner's records (studio, membership, a thread, a notification) give the fuzzer real ids.
  const { threadId } = await world.owner.client.thread.open.mutate({ userId: world.third.user.id });
  await world.third.client.message.send.mutate({ threadId, body: 'hello' });
  admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, server.deps.db);
  sessionId = (await createSession(server.deps.db, world.owner.user.id, { now: server.clock.now() })).session.id;
  adminSessionId = (await createSession(server.deps.db, admin.id, { now: server.clock.now() })).session.id;
  ids = await knownIds(server.deps.db);
});

/** What is wrong with a refusal: a 500, or anything that is not a tRPC error (null when it is a proper refusal). */
function outcomeOf(error: unknown) {
  if (!(error instanceof TRPCError)) return `threw a non-tRPC error: ${String(error)}`;
  if (error.code === 'INTERNAL_SERVER_ERROR') return `500: ${String(error.cause ?? error.message)}`;
  return null;
}

describe('the write check itself', () => {
  it('sees an insert, an update and a delete in any table', async () => {
    const db = server.deps.db;
    const start = await fingerprint(db);
    const user = await createUser({ plan: 'free' }, db);
    const afterInsert = await fingerprint(db);
    expect(changedTables(start, afterInsert)).toEqual(['users']);
    await db.update(users).set({ bio: 'changed' }).where(eq(users.id, user.id));
    const afterUpdate = await fingerprint(db);
    expect(changedTables(afterInsert, afterUpdate)).toEqual(['users']);
    await db.delete(users).where(eq(users.id, user.id));
    expect(changedTables(afterUpdate, await fingerprint(db))).toEqual(['users']);
  });
});

describe('bad input in process: never a 500, and a refused call writes nothing', () => {
  it.each(procedures)('%s', async (path) => {
    const useAdmin = isAdminProcedure(path);
    const caller = useAdmin ? callerFor(server.deps, admin, adminSessionId, undefined, adminSite(server.deps)) : callerFor(server.deps, world.owner.user, sessionId);
    const arbitrary = arbitraryFor(inputSchema(path), { knownIds: ids });
    let baseline = await fingerprint(server.deps.db);
    const tally = { served: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(arbitrary, async (input) => {
        try {
          await invoke(caller, path, input);
          tally.served++;
          baseline = await fingerprint(server.deps.db);
        } catch (error) {
          tally.refused++;
          expect(outcomeOf(error)).toBeNull();
          const after = await fingerprint(server.deps.db);
          expect({ refusedButWrote: changedTables(baseline, after) }).toEqual({ refusedButWrote: [] });
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(tally.served + tally.refused).toBeGreaterThanOrEqual(RUNS);
  });
});

describe('bad input over HTTP (a sample): never a 500', () => {
  let client: TestClient;
  let adminClient: TestClient;
  beforeAll(async () => {
    client = server.client();
    await signIn(client, await createUser({ userTypes: ['client', 'artist', 'studio'] }, server.deps.db));
    adminClient = server.adminClient();
    // A fresh admin: the in-process fuzz above may have edited the first one's account (its id is
    // among the known ids), e.g. changed its e-mail, and then no sign-in would work.
    await signIn(adminClient, await createUser({ userTypes: ['client', 'AppAdmin'] }, server.deps.db));
  });

  it.each(procedures.filter((p) => procedureType(p) !== 'subscription'))('%s', async (path) => {
    const target = isAdminProcedure(path) ? adminClient : client;
    const node = path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], target) as Record<string, (i: unknown) => Promise<unknown>>;
    const type = procedureType(path);
    await fc.assert(
      fc.asyncProperty(arbitraryFor(inputSchema(path), { knownIds: ids }), async (input) => {
        try {
          await (type === 'query' ? node.query(input) : node.mutate(input));
        } catch (error) {
          // Anything but a tRPC answer (a dropped connection, a non-JSON 500) fails here too.
          if (!(error instanceof TRPCClientError)) throw error;
          expect({ path, status: error.data?.httpStatus }).not.toEqual({ path, status: 500 });
        }
      }),
      { numRuns: HTTP_RUNS, seed: SEED, endOnFailure: true },
    );
    // Bytes that are not superjson at all.
    const url = `${server.url}/trpc/${path}`;
    const raw =
      type === 'query'
        ? await target.fetch(`${url}?input=${encodeURIComponent('{"json":')}`)
        : await target.fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"json": {"a": [1, 2' });
    expect({ path, status: raw.status }).not.toEqual({ path, status: 500 });
    expect(raw.status).toBeLessThan(500);
  });
});
