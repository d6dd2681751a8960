import { and, asc, count, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_SHOP_TIMEZONE, shops, shopUsers } from '../../db/schema';
import { type ServiceCtx, withTransaction } from '../../service-context';
import { type RunHooks, RunRecorder } from './runs';
import { BATCH_SIZE, derivePermissions, errorMessage, type MigrationTool, migrationResultText } from './rules';

// The three data migrations of the Migrations tab and `npm run migrate-data` (spec 2 §2, §7, §8).
// Each streams its rows by keyset pagination in batches of 500 and is recorded in maintenance_runs.
// Each writes only rows that still need the change: the UPDATE repeats the selection as its WHERE
// guard, so a repeated or concurrent run finds nothing left to do, and the count reported is the
// rows the UPDATE returned. A real run is one transaction with a savepoint per batch (per shop for
// the Shop records migration): a failed batch is undone alone and counted as errors (spec 2 §8),
// while a whole-run failure rolls everything back, so its 'zero updated' (spec 2 §8) is the truth.

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
const emptyTally = (): Tally => ({ updated: 0, errors: 0, unchanged: 0, skipped: 0, total: 0 });

type MigrationBody = (ctx: ServiceCtx, run: RunRecorder, tally: Tally, dryRun: boolean) => Promise<void>;

/** One batch (or one shop) of a run: a savepoint in the run's transaction, undone alone when it fails. */
const inSavepoint = <T>(ctx: ServiceCtx, fn: (db: Db) => Promise<T>): Promise<T> => ctx.db.transaction((savepoint) => fn(savepoint));

/**
 * What the ShopUser endDate migration looks for. Spec 2 §7 fixes memberships 'lacking an endDate'
 * (documents without the field) by writing endDate null. Here every row has the column and null is
 * open-ended, so the one membership still lacking a usable end date is one whose endDate holds
 * PostgreSQL's 'infinity' (what an import writes for 'no end'): SQL reads it as open-ended, but
 * JavaScript reads an invalid date, which isMembershipActive takes for ended. A null endDate already
 * is the migration's result and is left alone (lastUpdated included).
 */
const lacksEndDate = sql`${shopUsers.endDate} = 'infinity'::timestamptz`;

/** ShopUser endDate (spec 2 §7): memberships lacking an end date get endDate null and lastUpdated now, 500 per batch. */
const shopUserEndDate: MigrationBody = async (ctx, run, tally, dryRun) => {
  const [{ n }] = await ctx.db.select({ n: count() }).from(shopUsers).where(lacksEndDate);
  tally.total = n;
  run.log(`Found ${n} shop users without an endDate ('infinity' where open-ended is stored as null).`);
  let afterId: string | null = null;
  let done = 0;
  for (;;) {
    const batch: Array<{ id: string }> = await ctx.db
      .select({ id: shopUsers.id })
      .from(shopUsers)
      .where(and(lacksEndDate, afterId ? gt(shopUsers.id, afterId) : undefined))
      .orderBy(asc(shopUsers.id))
      .limit(BATCH_SIZE);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1].id;
    const ids = batch.map((r) => r.id);
    if (dryRun) tally.updated += ids.length;
    else {
      try {
        const updated = await inSavepoint(ctx, (db) =>
          db
            .update(shopUsers)
            .set({ endDate: null, lastUpdated: ctx.deps.clock.now() })
            .where(and(inArray(shopUsers.id, ids), lacksEndDate))
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

/** What a managing user's membership gains; other keys of the structure are kept. */
const MANAGER_PERMISSIONS = JSON.stringify(derivePermissions({ calendar: false, manage: false }, true));
/** The WHERE guard of the permissions update: the member is (still) one of its shop's managing users... */
const isManagingUser = sql`exists (select 1 from ${shops} where ${shops.id} = ${shopUsers.shopId} and ${shopUsers.userId} = any(${shops.managingUsers}))`;
/** ...and still lacks calendar or manage. */
const lacksManagerPermissions = sql`not (coalesce((${shopUsers.permissions} ->> 'calendar')::boolean, false) and coalesce((${shopUsers.permissions} ->> 'manage')::boolean, false))`;

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
    const batch: Array<{
      id: string;
      shopId: string;
      userId: string;
      permissions: { calendar: boolean; manage: boolean };
      managingUsers: string[];
    }> = await ctx.db
      .select({
        id: shopUsers.id,
        shopId: shopUsers.shopId,
        userId: shopUsers.userId,
        permissions: shopUsers.permissions,
        managingUsers: shops.managingUsers,
      })
      .from(shopUsers)
      .innerJoin(shops, eq(shops.id, shopUsers.shopId))
      .where(and(eq(shopUsers.deleted, false), afterId ? gt(shopUsers.id, afterId) : undefined))
      .orderBy(asc(shopUsers.id))
      .limit(BATCH_SIZE);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1].id;
    const changes: string[] = [];
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
      else changes.push(row.id);
    }
    if (changes.length > 0) {
      if (dryRun) tally.updated += changes.length;
      else {
        try {
          const updated = await inSavepoint(ctx, (db) =>
            db
              .update(shopUsers)
              .set({ permissions: sql`${shopUsers.permissions} || ${MANAGER_PERMISSIONS}::jsonb`, lastUpdated: ctx.deps.clock.now() })
              .where(and(inArray(shopUsers.id, changes), eq(shopUsers.deleted, false), isManagingUser, lacksManagerPermissions))
              .returning({ id: shopUsers.id }),
          );
          tally.updated += updated.length;
          tally.unchanged += changes.length - updated.length;
          run.log(`Updated permissions of ${updated.length} shop users.`);
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

type ShopPatch = Partial<Pick<ShopRecordRow, 'searchName' | 'searchCity' | 'timezone' | 'managingUsers' | 'messageUsers'>>;

/** Text with nothing but white space in it, as `!text.trim()` says in missingShopFields. */
const blank = (column: PgColumn) => sql`${column} !~ '\\S'`;

/** When each field of a ShopPatch counts as missing: the SQL twin of missingShopFields' tests. */
const MISSING: Record<keyof ShopPatch, SQL> = {
  searchName: blank(shops.searchName),
  searchCity: blank(shops.searchCity),
  timezone: blank(shops.timezone),
  managingUsers: sql`cardinality(${shops.managingUsers}) = 0`,
  messageUsers: sql`cardinality(${shops.messageUsers}) = 0`,
};

/** The missing fields of one shop (spec 2 §2 Shop Records Migration); empty when nothing is missing. */
export function missingShopFields(shop: ShopRecordRow, managers: string[]): ShopPatch {
  const patch: ShopPatch = {};
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
      const fields = Object.keys(patch) as Array<keyof ShopPatch>;
      try {
        // Each field is written only where it is still missing (a concurrent edit wins), the row only
        // while one of them is, and lastUpdated stays.
        const updated = await inSavepoint(ctx, (db) =>
          db
            .update(shops)
            .set({
              ...Object.fromEntries(
                fields.map((field) => [
                  field,
                  sql`case when ${MISSING[field]} then ${fieldValue(patch[field] ?? '')} else ${shops[field]} end`,
                ]),
              ),
              lastUpdated: sql`${shops.lastUpdated}`,
            })
            .where(and(eq(shops.id, shop.id), or(...fields.map((field) => MISSING[field]))))
            .returning({ id: shops.id }),
        );
        if (updated.length === 0) tally.unchanged++;
        else {
          tally.updated++;
          run.log(`Updated ${shop.name} (${shop.id}): ${fields.join(', ')}`);
        }
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

/** A patch value as SQL: text, or an array of user ids. */
const fieldValue = (value: string | string[]) =>
  Array.isArray(value)
    ? sql`ARRAY[${sql.join(
        value.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`
    : sql`${value}`;

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
export async function runMigration({
  ctx,
  input,
  hooks = {},
}: {
  ctx: ServiceCtx;
  input: MigrationRequest;
  hooks?: RunHooks;
}): Promise<MigrationRunResult> {
  const { title, body } = BODIES[input.tool];
  const run = await RunRecorder.start(
    ctx,
    {
      tool: input.tool,
      source: input.source,
      options: { ...input.recordOptions, dryRun: input.dryRun },
      dryRun: input.dryRun,
      runId: input.runId,
    },
    hooks,
  );
  const tally: Tally = emptyTally();
  let error: string | null = null;
  run.log(`Starting ${title}${input.dryRun ? ' (dry run: nothing will be changed)' : ''}.`);
  // A retried transaction (a deadlock, a lost connection) starts its count again.
  const attempt = async (bodyCtx: ServiceCtx) => {
    Object.assign(tally, emptyTally());
    await body(bodyCtx, run, tally, input.dryRun);
  };
  try {
    if (input.dryRun) await attempt(ctx);
    else {
      run.holdCountsUntilFinish();
      await withTransaction(ctx, attempt);
    }
  } catch (runError) {
    // Spec 2 §8: a whole-run failure is zero updated and one error. The transaction rolled back
    // every batch (those that failed on their own too), so that is what the database holds.
    error = errorMessage(runError);
    Object.assign(tally, { ...emptyTally(), total: tally.total, errors: 1 });
    run.log(`ERROR ${error}`);
    if (!input.dryRun) run.log('Nothing was changed: the run failed as a whole, so all of its updates were rolled back.');
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
