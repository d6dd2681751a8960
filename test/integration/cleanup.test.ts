import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  images,
  maintenanceRuns,
  messages,
  orderItems,
  orders,
  pendingFileDeletions,
  products,
  shopInvitations,
  shops,
  shopUsers,
  storefronts,
  subscriptions,
  threadParticipants,
  threads,
} from '../../server/db/schema';
import { localFilesDir } from '../../server/providers/storage';
import type { ServiceCtx } from '../../server/service-context';
import { DEFAULT_DELETION_SETTINGS, type DeletionSettings, UI_DELETION_DEFAULTS } from '../../server/domains/maintenance/rules';
import { runShopCleanup } from '../../server/domains/maintenance/service';
import { isPostgres } from '../support/databases';
import { createUser, signIn } from '../support/factories';
import { daysAgo, insertDeletedShop, insertMember, insertShop, monthsAgo, tableChecksums } from '../support/maintenance-data';
import { useTestServer } from '../support/server';

// The inactive-shops cleanup through its service and the admin procedures (spec 2 §2, §4, §5, §8):
// the decisions on real rows, dry runs that change nothing, soft and hard deletes, failures that
// do not stop the run, and two runs at once.

const server = useTestServer();
const ctx = (): ServiceCtx => ({ db: server.deps.db, user: null, deps: server.deps });
const now = () => server.clock.now();
const run = (settings: Partial<DeletionSettings>, options: Partial<Parameters<typeof runShopCleanup>[0]> = {}) =>
  runShopCleanup({ ctx: ctx(), input: { mode: null, settings: { ...DEFAULT_DELETION_SETTINGS, ...settings }, source: 'cli' }, ...options });

async function adminClient() {
  const admin = await createUser({ userTypes: ['client', 'AppAdmin'], plan: 'free' }, server.deps.db);
  const client = server.adminClient();
  await signIn(client, admin);
  return { admin, client };
}

beforeEach(async () => {
  // Every test starts without shops (their memberships, invitations and threads go with them).
  await server.deps.db.delete(orders);
  await server.deps.db.delete(storefronts).where(eq(storefronts.ownerType, 'shop'));
  await server.deps.db.delete(shops);
});

describe('the decisions on real rows (dry run)', () => {
  it('protects and selects exactly as the rules say, with the spec reason texts', async () => {
    const t = now();
    const qualifies = await insertShop(server.deps.db, t, { name: 'Qualifies' });
    const recent = await insertShop(server.deps.db, t, { name: 'Recent', lastUpdated: monthsAgo(t, 2) });
    const good = await insertShop(server.deps.db, t, { name: 'Good', quality: 3 });
    const featured = await insertShop(server.deps.db, t, { name: 'Featured', isFeatured: true });
    const open = await insertShop(server.deps.db, t, { name: 'Active', isActive: true });
    const withArtist = await insertShop(server.deps.db, t, { name: 'With artist' });
    await insertMember(server.deps.db, withArtist.id, { startDate: daysAgo(t, 100), endDate: null });
    const endedArtist = await insertShop(server.deps.db, t, { name: 'Ended artist' });
    await insertMember(server.deps.db, endedArtist.id, { startDate: daysAgo(t, 100), endDate: daysAgo(t, 1) });
    const futureArtist = await insertShop(server.deps.db, t, { name: 'Future artist' });
    await insertMember(server.deps.db, futureArtist.id, { startDate: new Date(t.getTime() + 86_400_000), endDate: null });
    const windowArtist = await insertShop(server.deps.db, t, { name: 'Window artist' });
    await insertMember(server.deps.db, windowArtist.id, { startDate: daysAgo(t, 10), endDate: new Date(t.getTime() + 86_400_000) });
    const removedArtist = await insertShop(server.deps.db, t, { name: 'Removed artist' });
    await insertMember(server.deps.db, removedArtist.id, { startDate: daysAgo(t, 100), deleted: true });
    const pastGrace = await insertDeletedShop(server.deps.db, t, 31, { name: 'Past grace' });
    const atGrace = await insertDeletedShop(server.deps.db, t, 30, { name: 'At grace' });
    const inGrace = await insertDeletedShop(server.deps.db, t, 29, { name: 'In grace' });
    const noDeletedAt = await insertShop(server.deps.db, t, { name: 'No deletedAt', deleted: true, deletedAt: null });
    const featuredDeleted = await insertDeletedShop(server.deps.db, t, 90, { name: 'Featured deleted', isFeatured: true });

    const result = await run({ dryRun: true, enableHardDelete: true });
    expect(result).toMatchObject({ success: true, dryRun: true, analyzed: 15, softDeleted: 4, hardDeleted: 2, protected: 9, failed: 0 });
    const byId = new Map(result.analysis.map((r) => [r.id, r]));
    const soft = result.analysis.filter((r) => r.shouldSoftDelete).map((r) => r.name).sort();
    expect(soft).toEqual(['Ended artist', 'Future artist', 'Qualifies', 'Removed artist']);
    expect(result.analysis.filter((r) => r.shouldHardDelete).map((r) => r.name).sort()).toEqual(['At grace', 'Past grace']);
    expect(byId.get(qualifies.id)).toMatchObject({ monthsSinceUpdate: 8, hasActiveArtists: false, protectionReasons: [] });
    expect(byId.get(recent.id)?.protectionReasons).toEqual(['Recently updated (2 months ago)']);
    expect(byId.get(good.id)?.protectionReasons).toEqual(['Quality score too high: 3']);
    expect(byId.get(featured.id)?.protectionReasons).toEqual(['Shop is featured - protected from soft deletion']);
    expect(byId.get(open.id)?.protectionReasons).toEqual(['Shop is still marked as active']);
    expect(byId.get(withArtist.id)?.protectionReasons).toEqual(['Shop has active artists - protected from soft deletion']);
    expect(byId.get(windowArtist.id)?.protectionReasons).toEqual(['Shop has active artists - protected from soft deletion']);
    expect(byId.get(pastGrace.id)).toMatchObject({ daysSinceSoftDelete: 31, shouldHardDelete: true });
    expect(byId.get(atGrace.id)).toMatchObject({ daysSinceSoftDelete: 30, shouldHardDelete: true });
    expect(byId.get(inGrace.id)?.protectionReasons).toEqual(['Soft deleted 29 days ago (grace period 30 days)']);
    expect(byId.get(noDeletedAt.id)).toMatchObject({ daysSinceSoftDelete: null, protectionReasons: ['No deletedAt timestamp found'] });
    expect(byId.get(featuredDeleted.id)?.protectionReasons).toEqual(['Shop is featured - protected from hard deletion']);
    for (const id of [endedArtist.id, futureArtist.id, removedArtist.id]) expect(byId.get(id)?.shouldSoftDelete).toBe(true);
  });

  it('leaves every table unchanged (checksums), recording only the run itself', async () => {
    const t = now();
    const live = await insertShop(server.deps.db, t, { name: 'Doomed' });
    await insertMember(server.deps.db, live.id, { startDate: daysAgo(t, 400), endDate: daysAgo(t, 200) });
    const gone = await insertDeletedShop(server.deps.db, t, 40, { name: 'Long gone' });
    await insertMember(server.deps.db, gone.id, { startDate: daysAgo(t, 400), endDate: daysAgo(t, 300) });
    await server.deps.db.insert(images).values({ url: '/files/shop/x/a.webp', accountId: gone.id, accountType: 'shop', imageType: 'portfolio', storageKey: 'shop/x/a.webp' });
    const runsBefore = (await server.deps.db.select({ n: count() }).from(maintenanceRuns))[0].n;
    const before = await tableChecksums(server.deps.db, ['maintenance_runs']);

    const { client } = await adminClient();
    const afterAdmin = await tableChecksums(server.deps.db, ['maintenance_runs']);
    const preview = await client.admin.maintenance.runCleanup.mutate({ mode: 'preview', settings: { ...UI_DELETION_DEFAULTS, dryRun: false } });
    expect(preview).toMatchObject({ dryRun: true, softDeleted: 1, hardDeleted: 1, failed: 0 });
    const cli = await run({ dryRun: true, enableHardDelete: true, daysSinceSoftDelete: 0 });
    expect(cli).toMatchObject({ dryRun: true, softDeleted: 1, hardDeleted: 1 });

    expect(await tableChecksums(server.deps.db, ['maintenance_runs'])).toEqual(afterAdmin);
    // The admin's sign-in wrote its user, session, throttle row and known browser; nothing else moved between the snapshots.
    const changedBySignIn = Object.keys(before).filter((table) => before[table] !== afterAdmin[table]);
    expect(changedBySignIn.every((table) => ['users', 'sessions', 'rate_limits', 'known_devices'].includes(table))).toBe(true);
    expect((await server.deps.db.select({ n: count() }).from(maintenanceRuns))[0].n).toBe(runsBefore + 2);
  });
});

describe('soft delete (phase 1)', () => {
  it("marks the shop deleted with deletedAt and lastUpdated now and deletedBy 'automated_cleanup', audited", async () => {
    const t = now();
    const doomed = await insertShop(server.deps.db, t, { name: 'Doomed' });
    const kept = await insertShop(server.deps.db, t, { name: 'Kept', quality: 7 });
    const result = await run({});
    expect(result).toMatchObject({ success: true, softDeleted: 1, protected: 1, hardDeleted: 0 });
    const [row] = await server.deps.db.select().from(shops).where(eq(shops.id, doomed.id));
    expect(row).toMatchObject({ deleted: true, deletedBy: 'automated_cleanup' });
    expect(row.deletedAt?.getTime()).toBe(row.lastUpdated?.getTime());
    expect(Math.abs((row.deletedAt?.getTime() ?? 0) - now().getTime())).toBeLessThan(60_000);
    expect((await server.deps.db.select().from(shops).where(eq(shops.id, kept.id)))[0].deleted).toBe(false);
    const audit = await server.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, doomed.id), eq(auditLog.action, 'shop.soft_delete')));
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ deleted: true, deletedBy: 'automated_cleanup' });
  });

  it('a failed artist lookup protects the whole batch and is logged as an error', async () => {
    const t = now();
    await insertShop(server.deps.db, t, { name: 'Would go' });
    const result = await run({}, { lookupActiveArtists: async () => Promise.reject(new Error('lookup timed out')) });
    expect(result).toMatchObject({ softDeleted: 0, protected: 1, failed: 0 });
    expect(result.analysis[0].protectionReasons).toEqual(['Shop has active artists - protected from soft deletion']);
    expect(result.logs.some((line) => line.startsWith('ERROR checking active artists') && line.includes('lookup timed out'))).toBe(true);
    expect((await server.deps.db.select({ n: count() }).from(shops).where(eq(shops.deleted, true)))[0].n).toBe(0);
  });

  it('a shop whose delete fails counts as failed and the run goes on (partial counts, success false)', async () => {
    const t = now();
    await insertShop(server.deps.db, t, { name: 'Explodes' });
    await insertShop(server.deps.db, t, { name: 'Fine one' });
    await insertShop(server.deps.db, t, { name: 'Fine two' });
    await server.deps.db.execute(sql`create or replace function test_refuse_explodes() returns trigger language plpgsql as $$
      begin if new.name = 'Explodes' and new.deleted then raise exception 'disk on fire'; end if; return new; end $$`);
    await server.deps.db.execute(sql`create trigger test_refuse_explodes before update on shops for each row execute function test_refuse_explodes()`);
    try {
      const result = await run({});
      expect(result).toMatchObject({ success: false, softDeleted: 2, failed: 1, error: null });
      expect(result.logs.some((line) => line.startsWith('ERROR soft delete of Explodes') && line.includes('disk on fire'))).toBe(true);
      const [record] = await server.deps.db.select().from(maintenanceRuns).where(eq(maintenanceRuns.id, result.runId));
      expect(record).toMatchObject({ status: 'failed', counts: { softDeleted: 2, failed: 1 } });
    } finally {
      await server.deps.db.execute(sql`drop trigger test_refuse_explodes on shops`);
    }
  });

  it('leaves alone a shop that changed between the analysis and its delete', async () => {
    const t = now();
    const shop = await insertShop(server.deps.db, t, { name: 'Revived' });
    // The batch lookup says "no artists"; a resident joins before the shop's own transaction runs.
    const result = await run(
      {},
      {
        lookupActiveArtists: async () => {
          await insertMember(server.deps.db, shop.id, { startDate: daysAgo(now(), 1) });
          return new Set();
        },
      },
    );
    expect(result).toMatchObject({ softDeleted: 0, protected: 1, failed: 0 });
    expect(result.logs.some((line) => line.includes('changed during the run'))).toBe(true);
    expect((await server.deps.db.select().from(shops).where(eq(shops.id, shop.id)))[0].deleted).toBe(false);
  });
});

describe('hard delete (phase 2)', () => {
  it("removes the shop with its dependent rows and files in one go, leaving no orphans; buyers' orders stay", async () => {
    const t = now();
    const owner = await createUser({}, server.deps.db);
    const buyer = await createUser({}, server.deps.db);
    const shop = await insertDeletedShop(server.deps.db, t, 45, { name: 'Gone for good', ownerId: owner.id });
    const bystander = await insertShop(server.deps.db, t, { name: 'Bystander', quality: 9 });
    await insertMember(server.deps.db, shop.id, { startDate: daysAgo(t, 400), endDate: daysAgo(t, 100) });
    await server.deps.db.insert(shopInvitations).values({ code: randomUUID(), shopId: shop.id, invitedEmail: 'x@example.com', invitedBy: owner.id, expiresAt: t });
    const [thread] = await server.deps.db.insert(threads).values({ shopId: shop.id }).returning();
    await server.deps.db.insert(threadParticipants).values({ threadId: thread.id, userId: buyer.id });
    await server.deps.db.insert(messages).values({ threadId: thread.id, senderId: buyer.id, body: 'still open?' });
    const fileUrl = await server.deps.storage.put(`shop/${shop.id.replace(/-/g, '')}/portfolio-1.webp`, Buffer.from('webp'), 'image/webp');
    const variantUrl = await server.deps.storage.put(`shop/${shop.id.replace(/-/g, '')}/portfolio-1-300.webp`, Buffer.from('webp'), 'image/webp');
    await server.deps.db.insert(images).values({
      url: fileUrl,
      accountId: shop.id,
      accountType: 'shop',
      imageType: 'portfolio',
      storageKey: server.deps.storage.keyFromUrl(fileUrl),
      variants: [{ size: '300', url: variantUrl, width: 300, height: 300 }],
    });
    const [front] = await server.deps.db.insert(storefronts).values({ ownerId: shop.id, ownerType: 'shop', name: 'Gone store' }).returning();
    const [closedFront] = await server.deps.db
      .insert(storefronts)
      .values({ ownerId: shop.id, ownerType: 'shop', name: 'Old store', deleted: true, deletedAt: t })
      .returning();
    const [product] = await server.deps.db.insert(products).values({ storefrontId: front.id, name: 'Print', price: 2500 }).returning();
    await server.deps.db.insert(products).values({ storefrontId: closedFront.id, name: 'Old print', price: 1500 });
    const [order] = await server.deps.db
      .insert(orders)
      .values({ orderNumber: `ORD-${randomUUID().slice(0, 8)}`, customerId: buyer.id, storefrontId: front.id, subtotal: 2500, total: 2500, status: 'delivered' })
      .returning();
    await server.deps.db.insert(orderItems).values({ orderId: order.id, productId: product.id, productName: 'Print', quantity: 1, unitPrice: 2500, subtotal: 2500 });
    await server.deps.db.insert(subscriptions).values({ userId: owner.id, studioId: shop.id, planId: 'studio', planName: 'Studio', price: 5000, status: 'canceled' });

    const result = await run({ enableSoftDelete: false, enableHardDelete: true });
    expect(result).toMatchObject({ success: true, hardDeleted: 1, analyzed: 1, failed: 0 });

    const db = server.deps.db;
    const n = async (query: Promise<Array<{ n: number }>>) => (await query)[0].n;
    expect(await n(db.select({ n: count() }).from(shops).where(eq(shops.id, shop.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(shopUsers).where(eq(shopUsers.shopId, shop.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(shopInvitations).where(eq(shopInvitations.shopId, shop.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(threads).where(eq(threads.id, thread.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(messages).where(eq(messages.threadId, thread.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(threadParticipants).where(eq(threadParticipants.threadId, thread.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(images).where(eq(images.accountId, shop.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(pendingFileDeletions))).toBe(0);
    const dir = localFilesDir(server.deps.config);
    for (const url of [fileUrl, variantUrl]) expect(fs.existsSync(path.join(dir, server.deps.storage.keyFromUrl(url) ?? ''))).toBe(false);
    expect(await n(db.select({ n: count() }).from(products).where(inArray(products.storefrontId, [front.id, closedFront.id])))).toBe(0);
    expect(await n(db.select({ n: count() }).from(storefronts).where(eq(storefronts.id, closedFront.id)))).toBe(0);
    // The storefront with an order stays as a closed, deleted record the order points to.
    const [keptFront] = await db.select().from(storefronts).where(eq(storefronts.id, front.id));
    expect(keptFront).toMatchObject({ deleted: true, isActive: false, featured: false });
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ storefrontId: front.id, total: 2500 });
    expect((await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)))[0]).toMatchObject({ productId: null, productName: 'Print' });
    expect((await db.select().from(subscriptions).where(eq(subscriptions.userId, owner.id)))[0].studioId).toBeNull();
    // No live row anywhere still points at the shop.
    expect(await n(db.select({ n: count() }).from(storefronts).where(and(eq(storefronts.ownerId, shop.id), eq(storefronts.deleted, false))))).toBe(0);
    expect((await db.select().from(shops).where(eq(shops.id, bystander.id)))[0].deleted).toBe(false);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, shop.id), eq(auditLog.action, 'shop.hard_delete')));
    expect(audit.after).toMatchObject({ removed: { shopUsers: 1, invitations: 1, threads: 1, images: 1, files: 2, products: 2, storefronts: 1 } });
  });

  it('a hard-only or both-phase run from the console forces the grace period to 0 days', async () => {
    const t = now();
    await insertDeletedShop(server.deps.db, t, 1, { name: 'Yesterday' });
    const { client } = await adminClient();
    const settings = { ...UI_DELETION_DEFAULTS, enableHardDelete: true, daysSinceSoftDelete: 200 };
    const hard = await client.admin.maintenance.runCleanup.mutate({ mode: 'hard', settings });
    expect(hard).toMatchObject({ dryRun: true, hardDeleted: 1, softDeleted: 0, settings: { daysSinceSoftDelete: 0, enableSoftDelete: false } });
    const soft = await client.admin.maintenance.runCleanup.mutate({ mode: 'soft', settings });
    expect(soft).toMatchObject({ hardDeleted: 0, settings: { daysSinceSoftDelete: 200, enableHardDelete: false } });
  });
});

describe('two runs at once', () => {
  it(`delete each shop exactly once (${isPostgres() ? 'racing on PostgreSQL' : 'serialized on PGlite'})`, async () => {
    const t = now();
    const live = await Promise.all(Array.from({ length: 40 }, (_, i) => insertShop(server.deps.db, t, { name: `Race ${i}` })));
    const old = await Promise.all(Array.from({ length: 20 }, (_, i) => insertDeletedShop(server.deps.db, t, 60, { name: `Old ${i}` })));
    const settings = { enableHardDelete: true, daysSinceSoftDelete: 30 };
    const [a, b] = await Promise.all([run(settings), run(settings)]);
    expect(a.failed + b.failed).toBe(0);
    expect(a.softDeleted + b.softDeleted).toBe(live.length);
    expect(a.hardDeleted + b.hardDeleted).toBe(old.length);
    const soft = await server.deps.db
      .select({ entityId: auditLog.entityId, n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shop.soft_delete'), inArray(auditLog.entityId, live.map((s) => s.id))))
      .groupBy(auditLog.entityId);
    expect(soft).toHaveLength(live.length);
    expect(soft.every((row) => row.n === 1)).toBe(true);
    const hard = await server.deps.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shop.hard_delete'), inArray(auditLog.entityId, old.map((s) => s.id))));
    expect(hard[0].n).toBe(old.length);
    expect((await server.deps.db.select({ n: count() }).from(shops).where(eq(shops.deleted, false)))[0].n).toBe(0);
  });

});
