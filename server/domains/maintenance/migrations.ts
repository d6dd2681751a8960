import { and, asc, count, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { DEFAULT_SHOP_TIMEZONE, shops, shopUsers } from '../../db/schema';
import { type ServiceCtx, withTransaction } from '../../service-context';
import { type RunHooks, RunRecorder } from './runs';
import { BATCH_SIZE, derivePermissions, errorMessage, type MigrationTool, migrationResultText } from './rules';

// The three data migrations of the Migrations tab and `npm run migrate-data` (spec 2 §2, §7, §8).
// Each streams its rows by keyset pagination in batches of 500, is safe to run again (it only
// changes what needs changing), and is recorded in maintenance_runs.

export type MigrationRunResult = {
  runId: string;
  tool: MigrationTool;
  success: boolean;
  dryRun: boolean;
  /** Rows updated (or that would be, in a dry run). */
  updated: number;
  /** Rows that failed (a failed batch adds its whole count). */
  errors: number;
  /** Rows looked at that needed nothing. */
  unchanged: number;
  /** Rows left alone for a reason given in the log. */
  skipped: number;
  total: number;
  message: string;
  logs: string[];
  error: string | null;
  startedAt: Date;
  finishedAt: Date;
};

type Tally = { updated: number; errors: number; unchanged: number; skipped: number; total: number };

type MigrationBody = (ctx: ServiceCtx, run: RunRecorder, tally: Tally, dryRun: boolean) => Promise<void>;

/**
 * ShopUser endDate (spec 2 §7): every membership without an end date gets endDate null (open-ended)
 * and lastUpdated now, 500 per batch, each batch in one transaction. The column exists on every
 * row here, so the update only normalizes open-ended memberships and stamps lastUpdated.
 */
const shopUserEndDate: MigrationBody = async (ctx, run, tally, dryRun) => {
  const [{ n }] = await ctx.db.select({ n: count() }).from(shopUsers).where(isNull(shopUsers.endDate));
  tally.total = n;
  run.log(`Found ${n} shop users without an endDate.`);
  let afterId: string | null = null;
  let done = 0;
  for (;;) {
    const batch: Array<{ id: string }> = await ctx.db
      .select({ id: shopUsers.id })
      .from(shopUsers)
      .where(and(isNull(shopUsers.endDate), afterId ? gt(shopUsers.id, afterId) : undefined))
      .orderBy(asc(shopUsers.id))
      .limit(BATCH_SIZE);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1].id;
    const ids = batch.map((r) => r.id);
    if (dryRun) tally.updated += ids.length;
    else {
      try {
        const updated = await withTransaction(ctx, (tx) =>
          tx.db
            .update(shopUsers)
            .set({ endDate: null, lastUpdated: tx.deps.clock.now() })
            .where(and(inArray(shopUsers.id, ids), isNull(shopUsers.endDate)))
            .returning({ id: shopUsers.id }),
        );
        tally.updated += updated.length;
        tally.unchanged += ids.length - updated.length;
        run.log(`Updated batch of ${updated.length} shop users.`);
      } catch (error) {
        tally.errors += ids.length;
        run.log(`ERROR updating a batch of ${ids.length} shop users: ${errorMessage(error)}`);
      }
    }
    done += batch.length;
    run.progress('shop users', done, n);
    await run.flush({ ...tally });
  }
};

/**
 * ShopUser permissions (spec 2 §6): members listed in their shop's managingUsers gain calendar and
 * manage; nothing is revoked (a permission granted in the studio's member list is kept). Shops with
 * no managing users are skipped: run the Shop records migration first.
 */
const shopUserPermissions: MigrationBody = async (ctx, run, tally, dryRun) => {
  const [{ n }] = await ctx.db.select({ n: count() }).from(shopUsers).where(eq(shopUsers.deleted, false));
  tally.total = n;
  run.log(`Found ${n} shop users to check against their shop's managing users.`);
  let afterId: string | null = null;
  let done = 0;
  const skippedShops = new Set<string>();
  for (;;) {
    const batch: Array<{ id: string; shopId: string; userId: string; permissions: { calendar: boolean; manage: boolean }; managingUsers: string[] }> =
      await ctx.db
        .select({ id: shopUsers.id, shopId: shopUsers.shopId, userId: shopUsers.userId, permissions: shopUsers.permissions, managingUsers: shops.managingUsers })
        .from(shopUsers)
        .innerJoin(shops, eq(shops.id, shopUsers.shopId))
        .where(and(eq(shopUsers.deleted, false), afterId ? gt(shopUsers.id, afterId) : undefined))
        .orderBy(asc(shopUsers.id))
        .limit(BATCH_SIZE);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1].id;
    const changes: Array<{ id: string; permissions: { calendar: boolean; manage: boolean } }> = [];
    for (const row of batch) {
      if (row.managingUsers.length === 0) {
        tally.skipped++;
        if (!skippedShops.has(row.shopId)) {
          skippedShops.add(row.shopId);
          run.log(`Skipped shop ${row.shopId}: it has no managing users (run the Shop records migration first).`);
        }
        continue;
      }
      const current = { calendar: Boolean(row.permissions?.calendar), manage: Boolean(row.permissions?.manage) };
      const next = derivePermissions(current, row.managingUsers.includes(row.userId));
      if (next.calendar === current.calendar && next.manage === current.manage) tally.unchanged++;
      else changes.push({ id: row.id, permissions: next });
    }
    if (changes.length > 0) {
      if (dryRun) tally.updated += changes.length;
      else {
        try {
          await withTransaction(ctx, async (tx) => {
            const now = tx.deps.clock.now();
            for (const change of changes) {
              await tx.db.update(shopUsers).set({ permissions: change.permissions, lastUpdated: now }).where(eq(shopUsers.id, change.id));
            }
          });
          tally.updated += changes.length;
          run.log(`Updated permissions of ${changes.length} shop users.`);
        } catch (error) {
          tally.errors += changes.length;
          run.log(`ERROR updating permissions of ${changes.length} shop users: ${errorMessage(error)}`);
        }
      }
    }
    done += batch.length;
    run.progress('shop users', done, n);
    await run.flush({ ...tally });
  }
};

type ShopRecordRow = {
  id: string;
  name: string;
  city: string;
  ownerId: string | null;
  searchName: string;
  searchCity: string;
  timezone: string;
  managingUsers: string[];
  messageUsers: string[];
};

/** The missing fields of one shop (spec 2 §2 Shop Records Migration); empty when nothing is missing. */
export function missingShopFields(shop: ShopRecordRow, managers: string[]): Partial<Pick<ShopRecordRow, 'searchName' | 'searchCity' | 'timezone' | 'managingUsers' | 'messageUsers'>> {
  const patch: Partial<Pick<ShopRecordRow, 'searchName' | 'searchCity' | 'timezone' | 'managingUsers' | 'messageUsers'>> = {};
  if (!shop.searchName.trim() && shop.name.trim()) patch.searchName = shop.name.trim().toLowerCase();
  if (!shop.searchCity.trim() && shop.city.trim()) patch.searchCity = shop.city.trim().toLowerCase();
  if (!shop.timezone.trim()) patch.timezone = DEFAULT_SHOP_TIMEZONE;
  let managing = shop.managingUsers;
  if (managing.length === 0) {
    const derived = [...new Set([...(shop.ownerId ? [shop.ownerId] : []), ...managers])];
    if (derived.length > 0) patch.managingUsers = managing = derived;
  }
  if (shop.messageUsers.length === 0 && managing.length > 0) patch.messageUsers = managing;
  return patch;
}

/**
 * Shop records (spec 2 §2): adds what is missing and nothing else, so it is safe to repeat.
 * searchName and searchCity (lowercase name and city), timezone (America/Los_Angeles),
 * managingUsers (the owner and the members with manage permission) and messageUsers (the managing
 * users). The flags (useArtistsPortfolios, useArtistsFlashes, isActive, isVerified, isFeatured),
 * quality, endorsements, boost and the arrays (paymentTypes, styles, sources) are NOT NULL columns
 * with those defaults here, so every row already has them. lastUpdated is kept: a data fix is not
 * an update of the shop (the cleanup reads lastUpdated for inactivity).
 */
const shopRecords: MigrationBody = async (ctx, run, tally, dryRun) => {
  const [{ n }] = await ctx.db.select({ n: count() }).from(shops);
  tally.total = n;
  run.log(`Found ${n} shops to check.`);
  run.log('Flags, quality, endorsements, boost and the arrays have column defaults: every row has them.');
  let afterId: string | null = null;
  let done = 0;
  for (;;) {
    const batch: ShopRecordRow[] = await ctx.db
      .select({
        id: shops.id,
        name: shops.name,
        city: shops.city,
        ownerId: shops.ownerId,
        searchName: shops.searchName,
        searchCity: shops.searchCity,
        timezone: shops.timezone,
        managingUsers: shops.managingUsers,
        messageUsers: shops.messageUsers,
      })
      .from(shops)
      .where(afterId ? gt(shops.id, afterId) : undefined)
      .orderBy(asc(shops.id))
      .limit(BATCH_SIZE);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1].id;
    const needManagers = batch.filter((s) => s.managingUsers.length === 0).map((s) => s.id);
    const managersByShop = new Map<string, string[]>();
    if (needManagers.length > 0) {
      const now = ctx.deps.clock.now();
      const rows = await ctx.db
        .select({ shopId: shopUsers.shopId, userId: shopUsers.userId })
        .from(shopUsers)
        .where(
          and(
            inArray(shopUsers.shopId, needManagers),
            eq(shopUsers.deleted, false),
            sql`(${shopUsers.permissions} ->> 'manage')::boolean = true`,
            lte(shopUsers.startDate, now),
            or(isNull(shopUsers.endDate), gt(shopUsers.endDate, now)),
          ),
        )
        .orderBy(asc(shopUsers.startDate));
      for (const row of rows) managersByShop.set(row.shopId, [...(managersByShop.get(row.shopId) ?? []), row.userId]);
    }
    for (const shop of batch) {
      const patch = missingShopFields(shop, managersByShop.get(shop.id) ?? []);
      if (Object.keys(patch).length === 0) {
        tally.unchanged++;
        continue;
      }
      if (dryRun) {
        tally.updated++;
        continue;
      }
      try {
        // Only rows still missing the field are touched (a concurrent edit wins), and lastUpdated stays.
        await ctx.db
          .update(shops)
          .set({
            ...(patch.searchName !== undefined ? { searchName: sql`case when trim(${shops.searchName}) = '' then ${patch.searchName} else ${shops.searchName} end` } : {}),
            ...(patch.searchCity !== undefined ? { searchCity: sql`case when trim(${shops.searchCity}) = '' then ${patch.searchCity} else ${shops.searchCity} end` } : {}),
            ...(patch.timezone !== undefined ? { timezone: sql`case when trim(${shops.timezone}) = '' then ${patch.timezone} else ${shops.timezone} end` } : {}),
            ...(patch.managingUsers !== undefined
              ? { managingUsers: sql`case when cardinality(${shops.managingUsers}) = 0 then ${uuidArray(patch.managingUsers)} else ${shops.managingUsers} end` }
              : {}),
            ...(patch.messageUsers !== undefined
              ? { messageUsers: sql`case when cardinality(${shops.messageUsers}) = 0 then ${uuidArray(patch.messageUsers)} else ${shops.messageUsers} end` }
              : {}),
            lastUpdated: sql`${shops.lastUpdated}`,
          })
          .where(eq(shops.id, shop.id));
        tally.updated++;
        run.log(`Updated ${shop.name} (${shop.id}): ${Object.keys(patch).join(', ')}`);
      } catch (error) {
        tally.errors++;
        run.log(`ERROR updating ${shop.name} (${shop.id}): ${errorMessage(error)}`);
      }
      await run.flush({ ...tally }, { force: false });
    }
    done += batch.length;
    run.progress('shops', done, n);
    await run.flush({ ...tally });
  }
};

const uuidArray = (ids: string[]) => sql`ARRAY[${sql.join(
  ids.map((id) => sql`${id}`),
  sql`, `,
)}]::uuid[]`;

const BODIES: Record<MigrationTool, { title: string; body: MigrationBody }> = {
  'shop-user-end-date': { title: 'ShopUser EndDate migration', body: shopUserEndDate },
  'shop-user-permissions': { title: 'ShopUser permissions migration', body: shopUserPermissions },
  'shop-records': { title: 'Shop records migration', body: shopRecords },
};

export type MigrationRequest = {
  tool: MigrationTool;
  dryRun: boolean;
  source: 'cli' | 'console';
  runId?: string;
  recordOptions?: Record<string, unknown>;
};

/** Runs one migration and records it; never throws once the run is recorded. */
export async function runMigration({ ctx, input, hooks = {} }: { ctx: ServiceCtx; input: MigrationRequest; hooks?: RunHooks }): Promise<MigrationRunResult> {
  const { title, body } = BODIES[input.tool];
  const run = await RunRecorder.start(
    ctx,
    { tool: input.tool, source: input.source, options: { ...input.recordOptions, dryRun: input.dryRun }, dryRun: input.dryRun, runId: input.runId },
    hooks,
  );
  const tally: Tally = { updated: 0, errors: 0, unchanged: 0, skipped: 0, total: 0 };
  let error: string | null = null;
  run.log(`Starting ${title}${input.dryRun ? ' (dry run: nothing will be changed)' : ''}.`);
  try {
    await body(ctx, run, tally, input.dryRun);
  } catch (runError) {
    // Spec 2 §8: a whole-run failure is one error (plus any rows a failed batch already counted).
    error = errorMessage(runError);
    tally.errors += 1;
    run.log(`ERROR ${error}`);
  }
  const message = migrationResultText(input.tool, tally, input.dryRun);
  run.log(message);
  const success = error === null && tally.errors === 0;
  const finishedAt = await run.finish(success, { ...tally }, { error, message });
  return {
    runId: run.id,
    tool: input.tool,
    success,
    dryRun: input.dryRun,
    ...tally,
    message,
    logs: [...run.logs],
    error,
    startedAt: run.startedAt,
    finishedAt,
  };
}
