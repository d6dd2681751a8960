import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HOST_MESSAGE } from '../../server/trpc/init';
import { createTestClient, trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';
import { arbitraryFor } from './arbitraries';
import { changedTables, fingerprint } from './fingerprint';
import { callerFor, errorCode, inputSchema, isAdminProcedure, procedureNames, procedureType, requiresSession } from './procedures';
import { buildWorld, OWNERSHIP } from './ownership';
import { PUBLIC, PUBLIC_SCOPED, SELF_ONLY, SIGNED_IN_READS } from './policy';

// Authorization over the whole appRouter, enumerated, so a new procedure is covered without
// anyone remembering to add it: every procedure classified; every non-public one refuses an
// anonymous caller; every admin one refuses a signed-in non-admin; every one taking an id of
// someone's data refuses a stranger and writes nothing (the ownership table).

const server = useTestServer();
const procedures = procedureNames();
const admin = procedures.filter(isAdminProcedure);

describe('every procedure is classified', () => {
  it('appears exactly once in policy.ts, ownership.ts, or is an admin procedure (add new procedures there)', () => {
    const classified = [...PUBLIC, ...SELF_ONLY, ...SIGNED_IN_READS, ...Object.keys(OWNERSHIP), ...admin];
    const unclassified = procedures.filter((p) => !classified.includes(p));
    const twice = classified.filter((p, i) => classified.indexOf(p) !== i);
    const stale = classified.filter((p) => !procedures.includes(p));
    expect({ unclassified, twice, stale }).toEqual({ unclassified: [], twice: [], stale: [] });
  });

  it('lists as public only procedures that really take anonymous calls', () => {
    const notPublic = [...PUBLIC, ...PUBLIC_SCOPED].filter((p) => procedures.includes(p) && requiresSession(p));
    expect(notPublic).toEqual([]);
  });

  it('lists as public and scoped only procedures of the ownership table', () => {
    expect(PUBLIC_SCOPED.filter((p) => !(p in OWNERSHIP))).toEqual([]);
  });
});

describe('anonymous calls', () => {
  const closed = procedures.filter((p) => !PUBLIC.includes(p) && !PUBLIC_SCOPED.includes(p));
  it.each(closed)('%s refuses an anonymous caller, with empty and with well-formed input', async (path) => {
    // A well-formed input too, so the refusal cannot come from validation alone.
    const [wellFormed] = fc.sample(arbitraryFor(inputSchema(path), { knownIds: [], hostileWeight: 0 }), { numRuns: 1, seed: 42 });
    for (const input of [{}, wellFormed]) {
      const type = procedureType(path);
      if (type === 'subscription') {
        expect(await errorCode(callerFor(server.deps, null), path, input)).toBe('UNAUTHORIZED');
        continue;
      }
      const node = path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], server.client()) as Record<string, (i: unknown) => Promise<unknown>>;
      const error = await trpcError(type === 'query' ? node.query(input) : node.mutate(input));
      expect({ path, input, code: error.code }).toEqual({ path, input, code: 'UNAUTHORIZED' });
    }
  });
});

describe('admin procedures', () => {
  it.each(admin.length ? admin : ['(none yet)'])('%s refuses signed-in users without AppAdmin', async (path) => {
    if (!admin.length) return;
    for (const userTypes of [['client'], ['client', 'studio', 'Owner'], ['client', 'Administrative']] as const) {
      const client = server.adminClient();
      await signIn(client, await createUser({ userTypes: [...userTypes] }, server.deps.db));
      const before = await fingerprint(server.deps.db);
      const node = path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], client) as Record<string, (i: unknown) => Promise<unknown>>;
      const error = await trpcError(procedureType(path) === 'query' ? node.query({}) : node.mutate({}));
      expect({ userTypes, code: error.code }).toEqual({ userTypes, code: 'FORBIDDEN' });
      expect(changedTables(before, await fingerprint(server.deps.db))).toEqual([]);
    }
  });
});

describe('admin procedures off the admin host (issue 18)', () => {
  let appAdmin: Awaited<ReturnType<typeof createUser>>;
  let onMainSite: ReturnType<typeof server.client>;
  let crossOrigin: ReturnType<typeof server.client>;
  beforeAll(async () => {
    appAdmin = await createUser({ userTypes: ['client', 'AppAdmin'] }, server.deps.db);
    onMainSite = server.client();
    await signIn(onMainSite, appAdmin);
    // A page on the main site calling the admin host cross-origin: the browser sends its own Origin.
    crossOrigin = createTestClient(server.url, { origin: server.deps.config.appOrigin, host: new URL(server.deps.config.adminOrigin).host });
    await signIn(crossOrigin, appAdmin);
  });
  const call = (client: ReturnType<typeof server.client>, path: string) => {
    const node = path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], client) as Record<string, (i: unknown) => Promise<unknown>>;
    return procedureType(path) === 'query' ? node.query({}) : node.mutate({});
  };

  it.each(admin)('%s refuses an AppAdmin on the main origin, and from another origin to the admin host', async (path) => {
    const before = await fingerprint(server.deps.db);
    expect(await trpcError(call(onMainSite, path))).toMatchObject({ code: 'FORBIDDEN', message: ADMIN_HOST_MESSAGE });
    expect(await trpcError(call(crossOrigin, path))).toMatchObject({ code: 'FORBIDDEN', message: ADMIN_HOST_MESSAGE });
    expect(changedTables(before, await fingerprint(server.deps.db))).toEqual([]);
    // In process with no request at all (no Host): refused too.
    expect(await errorCode(callerFor(server.deps, appAdmin), path, {})).toBe('FORBIDDEN');
  });
});

describe('another user cannot read or change someone else’s data (ownership table)', () => {
  beforeAll(async () => {
    // Warm the fingerprint query once, outside the measured calls.
    await fingerprint(server.deps.db);
  });

  it.each(Object.keys(OWNERSHIP))('%s refuses a stranger and writes nothing; the rightful user is served', async (path) => {
    const rule = OWNERSHIP[path];
    const world = await buildWorld(server);
    const record = await rule.setup(world);

    const before = await fingerprint(server.deps.db);
    if (rule.shows) {
      const result = await rule.call(world.stranger.client, record, world);
      expect({ path, strangerSees: rule.shows(result, record) }).toEqual({ path, strangerSees: false });
      if (PUBLIC_SCOPED.includes(path)) {
        // Public (decision 034): a signed-out caller is answered, and sees no more than a stranger.
        const anonymous = await rule.call(server.client(), record, world);
        expect({ path, anonymousSees: rule.shows(anonymous, record) }).toEqual({ path, anonymousSees: false });
      }
    } else {
      const error = await trpcError(rule.call(world.stranger.client, record, world));
      expect(['FORBIDDEN', 'NOT_FOUND']).toContain(error.code);
    }
    expect({ path, changed: changedTables(before, await fingerprint(server.deps.db)) }).toEqual({ path, changed: [] });

    // The control: the same call by the rightful user works, so the refusal above was about who asked.
    const rightful = rule.rightful?.(world, record) ?? world.owner;
    const result = await rule.call(rightful.client, record, world);
    if (rule.shows) expect(rule.shows(result, record)).toBe(true);
  });
});
