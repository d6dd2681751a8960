import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { shops, shopUsers } from '../../server/db/schema';
import type { MigrationTool } from '../../server/domains/maintenance/rules';
import { runMigration } from '../../server/domains/maintenance/service';
import { MINUTE } from '../../server/lib/time';
import type { ServiceCtx } from '../../server/service-context';
import { createUser } from '../support/factories';
import { daysAgo, insertMember, insertShop, tableChecksums } from '../support/maintenance-data';
import { useTestServer } from '../support/server';

// Every data migration changes only what needs changing (issue 26): a dry run says what it would
// update and changes nothing, the first run updates those rows, a second run updates none and
// stamps nothing; a run that fails as a whole midway reports zero updated and one error (spec 2 §8)
// and leaves every row as it was. The describes run in order on one database: each leaves nothing
// for the next one to fix.

const server = useTestServer();
const ctx = (): ServiceCtx => ({ db: server.deps.db, user: null, deps: server.deps });
const run = (tool: MigrationTool, dryRun = false) => runMigration({ ctx: ctx(), input: { tool, dryRun, source: 'cli' } });
/** Every table but the run records, which every run writes. */
const dataChecksums = () => tableChecksums(server.deps.db, ['maintenance_runs']);

/**
 * Until the returned function is called, an UPDATE of `table` makes the rest of its transaction lose
 * the schema search path, so the transaction's next statement fails ('relation ... does not exist'):
 * a database that throws midway through a run, after the run has written.
 */
async function failAfterUpdateOf(db: Db, table: 'shops' | 'shop_users') {
  await db.execute(
    sql.raw(`create or replace function test_lose_search_path() returns trigger language plpgsql as $$
      begin perform set_config('search_path', 'pg_catalog', true); return null; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger test_lose_search_path after update on ${table} for each row execute function test_lose_search_path()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger test_lose_search_path on ${table}`));
  };
}

/** The whole-run failure of spec 2 §8, and nothing written. */
async function expectWholeRunFailure(tool: MigrationTool, table: 'shops' | 'shop_users', failuresText: 'errors' | 'failures') {
  const restore = await failAfterUpdateOf(server.deps.db, table);
  try {
    const before = await dataChecksums();
    const failed = await run(tool);
    expect(failed).toMatchObject({ success: false, updated: 0, errors: 1 });
    expect(failed.error).toMatch(/does not exist/);
    // Midway: the run had written before the database threw.
    expect(failed.logs.findIndex((line) => line.startsWith('Updated'))).toBeLessThan(failed.logs.indexOf(`ERROR ${failed.error}`));
    expect(failed.logs.findIndex((line) => line.startsWith('Updated'))).toBeGreaterThan(-1);
    expect(failed.message).toBe(`Migration completed with 0 successful updates and 1 ${failuresText}.`);
    expect(await dataChecksums()).toEqual(before);
  } finally {
    await restore();
  }
}

/** A dry run over two rows needing the change: says so in the app's words, and writes nothing. */
async function expectDryRunToSayItWouldUpdateTwo(tool: MigrationTool) {
  const untouched = await dataChecksums();
  const dry = await run(tool, true);
  expect(dry).toMatchObject({ success: true, dryRun: true, updated: 2, errors: 0 });
  expect(dry.message).toBe('Dry run: 2 records would be updated, 0 would fail. Nothing was changed.');
  expect(await dataChecksums()).toEqual(untouched);
}

/** A run after everything was fixed, a minute later: 0 updated and not one row re-stamped. */
async function expectSecondRunToChangeNothing(tool: MigrationTool, failuresText: 'errors' | 'failures') {
  server.clock.advance(MINUTE);
  const settled = await dataChecksums();
  expect(await run(tool)).toMatchObject({
    success: true,
    updated: 0,
    errors: 0,
    message: `Migration completed with 0 successful updates and 0 ${failuresText}.`,
  });
  expect(await dataChecksums()).toEqual(settled);
}

/** Two runs at once: between them each row needing the change is updated, and counted, once. */
async function expectConcurrentRunsToCountOnce(tool: MigrationTool, needing: number) {
  const [a, b] = await Promise.all([run(tool), run(tool)]);
  expect([a.errors, b.errors]).toEqual([0, 0]);
  expect(a.updated + b.updated).toBe(needing);
  expect((await run(tool)).updated).toBe(0);
}

describe('Shop records migration, run again', () => {
  it('a dry run says what it would update; the first run updates it, the second updates nothing', async () => {
    const db = server.deps.db;
    const now = server.clock.now();
    const owner = await createUser({}, db);
    const lastUpdated = daysAgo(now, 200);
    const bare = await insertShop(db, now, {
      name: 'Needs Fields',
      searchName: '',
      searchCity: '',
      timezone: '',
      ownerId: owner.id,
      lastUpdated,
    });
    const noSearch = await insertShop(db, now, {
      name: 'No Search',
      searchName: ' \t',
      managingUsers: [owner.id],
      messageUsers: [owner.id],
      lastUpdated,
    });
    await insertShop(db, now, { name: 'Complete', managingUsers: [owner.id], messageUsers: [owner.id] });

    await expectDryRunToSayItWouldUpdateTwo('shop-records');

    const first = await run('shop-records');
    expect(first).toMatchObject({
      success: true,
      updated: 2,
      errors: 0,
      message: 'Migration completed with 2 successful updates and 0 failures.',
    });
    const fixed = await db
      .select()
      .from(shops)
      .where(inArray(shops.id, [bare.id, noSearch.id]));
    expect(fixed.map((shop) => shop.searchName).sort()).toEqual(['needs fields', 'no search']);
    expect(fixed.every((shop) => shop.lastUpdated?.getTime() === lastUpdated.getTime())).toBe(true);

    await expectSecondRunToChangeNothing('shop-records', 'failures');
  });

  it('two runs at once update each shop once between them', async () => {
    const now = server.clock.now();
    for (let i = 0; i < 20; i++) await insertShop(server.deps.db, now, { name: `Twice ${i}`, searchName: '', timezone: '' });
    await expectConcurrentRunsToCountOnce('shop-records', 20);
  });

  it('a run whose own step throws after a batch (its progress output) keeps no partial count and no partial change', async () => {
    const now = server.clock.now();
    for (const name of ['Piped A', 'Piped B']) await insertShop(server.deps.db, now, { name, searchName: '' });
    const before = await dataChecksums();
    const failed = await runMigration({
      ctx: ctx(),
      input: { tool: 'shop-records', dryRun: false, source: 'cli' },
      hooks: {
        onProgress() {
          throw new Error('write EPIPE');
        },
      },
    });
    expect(failed).toMatchObject({ success: false, updated: 0, errors: 1, error: 'write EPIPE' });
    expect(await dataChecksums()).toEqual(before);
    expect((await run('shop-records')).updated).toBe(2);
  });

  it('a run that fails midway reports zero updated and one error, and changes no shop', async () => {
    const db = server.deps.db;
    const now = server.clock.now();
    for (const name of ['Half A', 'Half B', 'Half C']) await insertShop(db, now, { name, searchName: '', searchCity: '' });
    await expectWholeRunFailure('shop-records', 'shops', 'failures');
    expect((await run('shop-records')).updated).toBe(3);
  });
});

describe('ShopUser permissions migration, run again', () => {
  it('a dry run says what it would update; the first run updates it, the second updates nothing', async () => {
    const db = server.deps.db;
    const now = server.clock.now();
    const shop = await insertShop(db, now, { name: 'Managed Twice' });
    const bare = await insertMember(db, shop.id, { startDate: daysAgo(now, 5) });
    const half = await insertMember(db, shop.id, { startDate: daysAgo(now, 5) });
    const full = await insertMember(db, shop.id, { startDate: daysAgo(now, 5) });
    const resident = await insertMember(db, shop.id, { startDate: daysAgo(now, 5) });
    await db
      .update(shopUsers)
      .set({ permissions: { calendar: true, manage: false } })
      .where(eq(shopUsers.id, half.id));
    await db
      .update(shopUsers)
      .set({ permissions: { calendar: true, manage: true } })
      .where(eq(shopUsers.id, full.id));
    const managers = [bare.userId, half.userId, full.userId];
    await db.update(shops).set({ managingUsers: managers, messageUsers: managers }).where(eq(shops.id, shop.id));

    await expectDryRunToSayItWouldUpdateTwo('shop-user-permissions');

    const [fullBefore] = await db.select().from(shopUsers).where(eq(shopUsers.id, full.id));
    const first = await run('shop-user-permissions');
    expect(first).toMatchObject({
      success: true,
      updated: 2,
      errors: 0,
      message: 'Migration completed with 2 successful updates and 0 errors.',
    });
    const rows = new Map((await db.select().from(shopUsers).where(eq(shopUsers.shopId, shop.id))).map((row) => [row.id, row]));
    expect(rows.get(bare.id)?.permissions).toEqual({ calendar: true, manage: true });
    expect(rows.get(half.id)?.permissions).toEqual({ calendar: true, manage: true });
    expect(rows.get(resident.id)?.permissions).toEqual({ calendar: false, manage: false });
    expect(rows.get(full.id)?.lastUpdated.getTime()).toBe(fullBefore.lastUpdated.getTime());

    await expectSecondRunToChangeNothing('shop-user-permissions', 'errors');
  });

  /** A shop whose `count` members are all its managing users, none of them with a permission yet. */
  async function managedShop(name: string, count: number) {
    const db = server.deps.db;
    const now = server.clock.now();
    const shop = await insertShop(db, now, { name });
    const managers: string[] = [];
    for (let i = 0; i < count; i++) managers.push((await insertMember(db, shop.id, { startDate: daysAgo(now, 5) })).userId);
    await db.update(shops).set({ managingUsers: managers, messageUsers: managers }).where(eq(shops.id, shop.id));
  }

  it('two runs at once update each membership once between them', async () => {
    await managedShop('Managed At Once', 20);
    await expectConcurrentRunsToCountOnce('shop-user-permissions', 20);
  });

  it('a run that fails midway reports zero updated and one error, and changes no membership', async () => {
    await managedShop('Managed Then Failed', 3);
    await expectWholeRunFailure('shop-user-permissions', 'shop_users', 'errors');
    expect((await run('shop-user-permissions')).updated).toBe(3);
  });
});

describe('ShopUser EndDate migration, run again', () => {
  /** Memberships of one shop: `open` without an end date (null), `infinite` with the 'infinity' end an import writes. */
  async function memberships(open: number, infinite: number) {
    const db = server.deps.db;
    const now = server.clock.now();
    const shop = await insertShop(db, now, { name: `Members ${open}/${infinite}` });
    const stamped = daysAgo(now, 90);
    const ids: string[] = [];
    for (let i = 0; i < open + infinite; i++) ids.push((await insertMember(db, shop.id, { startDate: daysAgo(now, 100) })).id);
    await db.update(shopUsers).set({ lastUpdated: stamped }).where(inArray(shopUsers.id, ids));
    await db.execute(sql`update shop_users set end_date = 'infinity' where id in ${ids.slice(open)}`);
    return { openIds: ids.slice(0, open), infiniteIds: ids.slice(open), stamped };
  }

  it('a dry run says what it would update; the first run clears the infinite end dates, the second updates nothing; open-ended memberships are never stamped', async () => {
    const db = server.deps.db;
    const { openIds, infiniteIds, stamped } = await memberships(3, 2);

    await expectDryRunToSayItWouldUpdateTwo('shop-user-end-date');

    server.clock.advance(MINUTE);
    const startedAt = server.clock.now();
    const first = await run('shop-user-end-date');
    expect(first).toMatchObject({
      success: true,
      updated: 2,
      errors: 0,
      message: 'Migration completed with 2 successful updates and 0 errors.',
    });
    const fixed = await db.select().from(shopUsers).where(inArray(shopUsers.id, infiniteIds));
    expect(fixed.map((row) => row.endDate)).toEqual([null, null]);
    expect(fixed.every((row) => row.lastUpdated.getTime() >= startedAt.getTime())).toBe(true);
    const open = await db.select().from(shopUsers).where(inArray(shopUsers.id, openIds));
    expect(open.map((row) => row.lastUpdated.getTime())).toEqual(openIds.map(() => stamped.getTime()));

    await expectSecondRunToChangeNothing('shop-user-end-date', 'errors');
  });

  it('a run that fails midway reports zero updated and one error, and changes no membership', async () => {
    await memberships(1, 3);
    await expectWholeRunFailure('shop-user-end-date', 'shop_users', 'errors');
    expect((await run('shop-user-end-date')).updated).toBe(3);
  });
});
