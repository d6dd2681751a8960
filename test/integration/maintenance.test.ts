import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { auditLog, images, maintenanceRuns, pendingFileDeletions, shops, shopUsers, users } from '../../server/db/schema';
import type { ServiceCtx } from '../../server/service-context';
import { runMigration } from '../../server/domains/maintenance/service';
import { createTestDatabase, testDatabaseUrl, withDataDir } from '../support/databases';
import { createUser, signIn } from '../support/factories';
import { daysAgo, insertDeletedShop, insertMember, insertShop } from '../support/maintenance-data';
import { useTestServer } from '../support/server';

// The data migrations (spec 2 §2, §7, §8) through the service and the admin procedures, and the two
// commands (CONTRACT.md): JSON output, exit codes, run records, and a run killed with SIGKILL.

const server = useTestServer();
const ctx = (): ServiceCtx => ({ db: server.deps.db, user: null, deps: server.deps });
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('ShopUser EndDate migration', () => {
  it("clears the 'infinity' end dates in batches of 500; a failed batch adds its count to errors and the other batches are kept", async () => {
    const db = server.deps.db;
    const shop = await insertShop(db, server.clock.now(), { name: 'Batch shop' });
    const tag = randomUUID().slice(0, 8);
    await db.execute(sql`insert into users (email, display_name, first_name, last_name)
      select 'batch_' || ${tag} || '_' || g || '@example.com', '@batch_' || ${tag} || '_' || g, 'B', 'U' from generate_series(1, 1100) g`);
    await db.execute(sql`insert into shop_users (shop_id, user_id, start_date, end_date)
      select ${shop.id}, id, now() - interval '1 day', 'infinity' from users where email like ${`batch_${tag}_%`}`);
    await insertMember(db, shop.id, { startDate: daysAgo(server.clock.now(), 10), endDate: daysAgo(server.clock.now(), 2) });
    const infinite = sql`${shopUsers.endDate} = 'infinity'`;
    const [{ n: open }] = await db.select({ n: count() }).from(shopUsers).where(infinite);
    // The second batch (in id order) cannot be written.
    const ids = await db.select({ id: shopUsers.id }).from(shopUsers).where(infinite).orderBy(asc(shopUsers.id));
    const poisoned = ids[700].id;
    await db.execute(sql.raw(`create or replace function test_refuse_member() returns trigger language plpgsql as $$
      begin if new.id = '${poisoned}' then raise exception 'row is locked by the auditor'; end if; return new; end $$`));
    await db.execute(sql`create trigger test_refuse_member before update on shop_users for each row execute function test_refuse_member()`);
    try {
      const result = await runMigration({ ctx: ctx(), input: { tool: 'shop-user-end-date', dryRun: false, source: 'cli' } });
      expect(result).toMatchObject({ success: false, total: open, updated: open - 500, errors: 500, error: null });
      expect(result.message).toBe(`Migration completed with ${open - 500} successful updates and 500 errors.`);
      expect(result.logs.some((line) => line === 'ERROR updating a batch of 500 shop users: row is locked by the auditor')).toBe(true);
    } finally {
      await db.execute(sql`drop trigger test_refuse_member on shop_users`);
    }
    const [{ n: left }] = await db.select({ n: count() }).from(shopUsers).where(infinite);
    expect(left).toBe(500);
    const dry = await runMigration({ ctx: ctx(), input: { tool: 'shop-user-end-date', dryRun: true, source: 'cli' } });
    expect(dry).toMatchObject({ success: true, dryRun: true, updated: 500, errors: 0 });
    expect(dry.message).toBe('Dry run: 500 records would be updated, 0 would fail. Nothing was changed.');
  });
});

describe('ShopUser permissions migration', () => {
  it("gives the shop's managing users calendar and manage, revokes nothing, skips shops without managers", async () => {
    const db = server.deps.db;
    const now = server.clock.now();
    const managed = await insertShop(db, now, { name: 'Managed' });
    const manager = await insertMember(db, managed.id, { startDate: daysAgo(now, 5) });
    const resident = await insertMember(db, managed.id, { startDate: daysAgo(now, 5) });
    const keeper = await insertMember(db, managed.id, { startDate: daysAgo(now, 5) });
    await db.update(shopUsers).set({ permissions: { calendar: true, manage: false } }).where(eq(shopUsers.id, keeper.id));
    await db.update(shops).set({ managingUsers: [manager.userId] }).where(eq(shops.id, managed.id));
    const unmanaged = await insertShop(db, now, { name: 'Unmanaged' });
    await insertMember(db, unmanaged.id, { startDate: daysAgo(now, 5) });

    const result = await runMigration({ ctx: ctx(), input: { tool: 'shop-user-permissions', dryRun: false, source: 'cli' } });
    expect(result).toMatchObject({ success: true, errors: 0 });
    expect(result.updated).toBeGreaterThanOrEqual(1);
    const perms = async (id: string) => (await db.select().from(shopUsers).where(eq(shopUsers.id, id)))[0].permissions;
    expect(await perms(manager.id)).toEqual({ calendar: true, manage: true });
    expect(await perms(resident.id)).toEqual({ calendar: false, manage: false });
    expect(await perms(keeper.id)).toEqual({ calendar: true, manage: false });
    expect(result.logs.some((line) => line.startsWith(`Skipped shop ${unmanaged.id}: it has no managing users`))).toBe(true);
    const again = await runMigration({ ctx: ctx(), input: { tool: 'shop-user-permissions', dryRun: false, source: 'cli' } });
    expect(again.updated).toBe(0);
  });
});

describe('Shop records migration (admin procedure)', () => {
  it('adds only the missing fields, keeps lastUpdated, is safe to repeat, and is listed in the run history', async () => {
    const db = server.deps.db;
    const now = server.clock.now();
    const owner = await createUser({}, db);
    const lastUpdated = daysAgo(now, 300);
    const bare = await insertShop(db, now, { name: 'Bare Bones', searchName: '', city: 'Mesa', searchCity: '', timezone: '', ownerId: owner.id, lastUpdated });
    const complete = await insertShop(db, now, { name: 'Complete', managingUsers: [owner.id], messageUsers: [owner.id] });
    const admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, db);
    const client = server.adminClient();
    await signIn(client, admin);
    const runId = randomUUID();

    const first = await client.admin.maintenance.runMigration.mutate({ tool: 'shop-records', runId });
    expect(first).toMatchObject({ runId, success: true, errors: 0 });
    expect(first.message).toBe(`Migration completed with ${first.updated} successful updates and 0 failures.`);
    const [row] = await db.select().from(shops).where(eq(shops.id, bare.id));
    expect(row).toMatchObject({ searchName: 'bare bones', searchCity: 'mesa', timezone: 'America/Los_Angeles', managingUsers: [owner.id], messageUsers: [owner.id] });
    expect(row.lastUpdated?.getTime()).toBe(lastUpdated.getTime());
    expect((await db.select().from(shops).where(eq(shops.id, complete.id)))[0].searchName).toBe('complete');

    const second = await client.admin.maintenance.runMigration.mutate({ tool: 'shop-records' });
    expect(second).toMatchObject({ updated: 0, errors: 0, message: 'Migration completed with 0 successful updates and 0 failures.' });

    const runs = await client.admin.maintenance.runs.query({ tool: 'shop-records' });
    expect(runs[0]).toMatchObject({ tool: 'shop-records', source: 'console', status: 'succeeded', actorId: admin.id, actorEmail: admin.email, counts: { updated: 0 } });
    expect(runs.map((r) => r.id)).toContain(runId);
    const detail = await client.admin.maintenance.run.query({ id: runId });
    expect((detail.result as { logs: string[] }).logs.at(-1)).toBe(first.message);
  });
});

// ---------------------------------------------------------------------------------------------
// The commands, on a database of their own (a data directory on PGlite, a database on PostgreSQL)
// ---------------------------------------------------------------------------------------------

type CliDatabase = { env: Record<string, string>; use<T>(fn: (db: Db) => Promise<T>): Promise<T>; drop(): Promise<void> };

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/**
 * A database the commands can open from another process; `use` opens it here (PGlite allows one
 * process at a time). `seed` fills it once; a PGlite twin is a copy of the seeded data directory
 * (creating a PGlite database takes long), a PostgreSQL twin is seeded again.
 */
async function cliDatabase(seed?: (db: Db, dataDir: string) => Promise<void>, twinOf?: CliDatabase): Promise<CliDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-cli-'));
  let handle: CliDatabase;
  if (testDatabaseUrl()) {
    const test = await createTestDatabase();
    handle = { env: { DATABASE_URL: test.url ?? '', DATA_DIR: dataDir }, use: (fn) => fn(test.database.db), drop: () => test.drop() };
    if (seed) await handle.use((db) => seed(db, dataDir));
  } else {
    handle = {
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      use: (fn) => withDataDir(dataDir, fn),
      async drop() {},
    };
    if (twinOf) fs.cpSync(twinOf.env.DATA_DIR, dataDir, { recursive: true });
    else if (seed) await handle.use((db) => seed(db, dataDir));
  }
  cleanups.push(async () => {
    await handle.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return handle;
}

function startCli(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs a command to its end: exit code, stdout, stderr. */
function runCli(script: string, args: string[], env: Record<string, string>) {
  const child = startCli(script, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** Starts the cleanup and kills it with SIGKILL once `lines` of its output have matched `pattern`. */
function killCliAfter(args: string[], env: Record<string, string>, pattern: RegExp, lines: number) {
  const child = startCli('scripts/shop-cleanup.ts', args, env);
  let seen = 0;
  let buffer = '';
  return new Promise<{ signal: NodeJS.Signals | null; seen: number }>((resolve) => {
    child.stdout?.on('data', (chunk) => {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      seen += parts.filter((line) => pattern.test(line)).length;
      if (seen >= lines && child.exitCode === null && !child.killed) child.kill('SIGKILL');
    });
    child.once('close', (_code, signal) => resolve({ signal, seen }));
  });
}

const LIVE = 90;
const OLD = 30;
const fixedId = (prefix: string, i: number) => `${prefix}${String(i).padStart(12, '0')}`;

/** The same shops in every database: live ones that qualify, and old soft-deleted ones with a member and a stored image. */
async function seedCleanupData(db: Db, dataDir: string) {
  const now = new Date();
  for (let i = 0; i < LIVE; i++) await insertShop(db, now, { id: fixedId('00000000-0000-4000-8000-', i), name: `Live ${i}` });
  await insertShop(db, now, { id: fixedId('00000000-0000-4000-9000-', 0), name: 'Busy', quality: 9 });
  const [owner] = await db.insert(users).values({ email: `owner_${randomUUID()}@example.com`, displayName: `@o_${randomUUID().slice(0, 8)}`, firstName: 'O', lastName: 'W' }).returning();
  for (let i = 0; i < OLD; i++) {
    const shop = await insertDeletedShop(db, now, 45, { id: fixedId('00000000-0000-4000-a000-', i), name: `Old ${i}`, ownerId: owner.id });
    await insertMember(db, shop.id, { startDate: daysAgo(now, 400), endDate: daysAgo(now, 100) });
    const key = `shop/${shop.id.replace(/-/g, '')}/p-${i}.webp`;
    fs.mkdirSync(path.join(dataDir, 'files', path.dirname(key)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', key), 'webp');
    await db.insert(images).values({ url: `/files/${key}`, accountId: shop.id, accountType: 'shop', imageType: 'portfolio', storageKey: key });
  }
}

/** What the cleanup decides, without ids or times that differ between databases. */
async function cleanupState(db: Db, dataDir: string) {
  const shopRows = await db.select({ id: shops.id, deleted: shops.deleted, deletedBy: shops.deletedBy }).from(shops).orderBy(asc(shops.id));
  const audits = await db
    .select({ entityId: auditLog.entityId, action: auditLog.action, n: count() })
    .from(auditLog)
    .groupBy(auditLog.entityId, auditLog.action)
    .orderBy(asc(auditLog.entityId), asc(auditLog.action));
  const [{ n: members }] = await db.select({ n: count() }).from(shopUsers);
  const [{ n: imageRows }] = await db.select({ n: count() }).from(images);
  const [{ n: pending }] = await db.select({ n: count() }).from(pendingFileDeletions);
  const files = fs.existsSync(path.join(dataDir, 'files', 'shop')) ? fs.readdirSync(path.join(dataDir, 'files', 'shop'), { recursive: true }).filter((f) => String(f).endsWith('.webp')).length : 0;
  return { shops: shopRows, audits, members, imageRows, pending, files };
}

describe('npm run shop-cleanup', () => {
  it('exits 2 with the usage on bad flags, before opening any database', async () => {
    const nowhere = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: '/nonexistent' };
    const result = await runCli('scripts/shop-cleanup.ts', ['--months', 'six'], nowhere);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--months takes a whole number of 0 or more, got 'six'");
    expect(result.stderr).toContain('Usage: npm run shop-cleanup -- [flags]');
    const contradiction = await runCli('scripts/shop-cleanup.ts', ['--soft', '--no-soft'], nowhere);
    expect(contradiction.code).toBe(2);
  });

  it('a run killed with SIGKILL midway and run again ends in the same state as one uninterrupted run', async () => {
    const reference = await cliDatabase(seedCleanupData);
    const interrupted = await cliDatabase(seedCleanupData, reference);
    const flags = ['--hard', '--grace-days', '30'];

    const whole = await runCli('scripts/shop-cleanup.ts', [...flags, '--json'], reference.env);
    expect(whole.code).toBe(0);
    const wholeResult = JSON.parse(whole.stdout) as { analyzed: number; softDeleted: number; hardDeleted: number; protected: number; failed: number; analysis: unknown[]; runId: string };
    // Phase 2 also looks at the shops phase 1 just soft deleted: they are within the grace period.
    expect(wholeResult).toMatchObject({ analyzed: LIVE + 1 + OLD + LIVE, softDeleted: LIVE, hardDeleted: OLD, protected: 1 + LIVE, failed: 0 });
    expect(wholeResult.analysis).toHaveLength(LIVE + 1 + OLD + LIVE);

    // Killed in phase 1, then killed again in phase 2 (right after a hard delete committed), then finished.
    const first = await killCliAfter(flags, interrupted.env, /^Soft deleted /, LIVE / 3);
    expect(first.signal).toBe('SIGKILL');
    const midway = await interrupted.use((db) => db.select({ n: count() }).from(shops).where(and(eq(shops.deleted, true), sql`${shops.name} like 'Live %'`)));
    expect(midway[0].n).toBeGreaterThan(0);
    expect(midway[0].n).toBeLessThan(LIVE);
    const second = await killCliAfter(flags, interrupted.env, /^Hard deleted /, OLD / 2);
    expect(second.signal).toBe('SIGKILL');
    const last = await runCli('scripts/shop-cleanup.ts', flags, interrupted.env);
    expect(last.code).toBe(0);
    expect(last.stdout).toMatch(/Analyzed \d+ \| Soft Deleted \d+ \| Hard Deleted \d+ \| Protected \d+ \| Failed 0/);

    const expected = await reference.use((db) => cleanupState(db, reference.env.DATA_DIR));
    const actual = await interrupted.use((db) => cleanupState(db, interrupted.env.DATA_DIR));
    expect(actual).toEqual(expected);
    expect(expected).toMatchObject({ pending: 0, files: 0, imageRows: 0 });
    expect(expected.shops).toHaveLength(LIVE + 1);

    // Every run is recorded: the killed ones as interrupted once they go stale, the others with their counts.
    const runs = await interrupted.use((db) => db.select().from(maintenanceRuns).where(eq(maintenanceRuns.tool, 'shop-cleanup')).orderBy(asc(maintenanceRuns.startedAt)));
    expect(runs.map((r) => r.status)).toEqual(['running', 'running', 'succeeded']);
    expect(runs.every((r) => r.source === 'cli' && typeof r.options.operator === 'string')).toBe(true);
  }, 240_000);
});

describe('npm run migrate-data', () => {
  it('prints the run result as JSON, records the run, updates nothing the second time, and exits 2 on an unknown migration', async () => {
    const database = await cliDatabase(async (db) => {
      const shop = await insertShop(db, new Date(), { name: 'Needs Search', searchName: '', searchCity: '' });
      const member = await insertMember(db, shop.id, { startDate: daysAgo(new Date(), 10) });
      await db.execute(sql`update shop_users set end_date = 'infinity' where id = ${member.id}`);
      await insertMember(db, shop.id, { startDate: daysAgo(new Date(), 10) });
    });
    const migrate = async (tool: string) => {
      const run = await runCli('scripts/migrate-data.ts', [tool, '--json'], database.env);
      expect(run.code).toBe(0);
      return JSON.parse(run.stdout) as { updated: number; message: string };
    };
    const result = await runCli('scripts/migrate-data.ts', ['shop-records', '--json'], database.env);
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as { tool: string; updated: number; errors: number; message: string; runId: string };
    expect(parsed).toMatchObject({ tool: 'shop-records', updated: 1, errors: 0, message: 'Migration completed with 1 successful updates and 0 failures.' });
    const recorded = await database.use((db) => db.select().from(maintenanceRuns).where(eq(maintenanceRuns.id, parsed.runId)));
    expect(recorded[0]).toMatchObject({ tool: 'shop-records', source: 'cli', status: 'succeeded', counts: { updated: 1, errors: 0 } });

    const unknown = await runCli('scripts/migrate-data.ts', ['shop-everything'], database.env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown migration 'shop-everything'");
    expect((await migrate('shop-records')).message).toBe('Migration completed with 0 successful updates and 0 failures.');

    const plain = await runCli('scripts/migrate-data.ts', ['shop-user-end-date', '--dry-run'], database.env);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('Dry run: 1 records would be updated, 0 would fail. Nothing was changed.');
    expect(plain.stdout).not.toContain('Migration completed');
    expect((await migrate('shop-user-end-date')).message).toBe('Migration completed with 1 successful updates and 0 errors.');
    expect((await migrate('shop-user-end-date')).message).toBe('Migration completed with 0 successful updates and 0 errors.');
  }, 120_000);
});
