import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_STOREFRONT_SETTINGS, shops, storefronts, users } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { offsetPage } from '../../lib/pages';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '../../lib/errors';
import {
  canManageStorefront,
  loadStorefront,
  managedStorefrontsWhere,
  requireManagedStorefront,
  type StorefrontRow,
  storefrontOwnerInfo,
} from './access';
import { activePayoutAccountId, payoutsNeeded, requirePayoutsToSwitchCardsOn } from './payout-account';
import {
  type createStorefrontInput,
  type listStorefrontsInput,
  STOREFRONT_MESSAGES,
  STOREFRONT_PAGE_SIZE,
  type storefrontIdInput,
  type toggleStorefrontActiveInput,
  type updateStorefrontSettingsInput,
} from './inputs';
import { requireFeature } from '../plans/entitlements';
import { mergeSettings } from './rules';
import { toManagedStorefront, toStorefront } from './views';

type Owner = Pick<StorefrontRow, 'ownerId' | 'ownerType'>;

/** The owner's hasStorefront flag follows whether it has a live storefront (same transaction). */
async function syncHasStorefront(ctx: ServiceCtx, owner: Owner, value: boolean) {
  if (owner.ownerType === 'user') await ctx.db.update(users).set({ hasStorefront: value }).where(eq(users.id, owner.ownerId));
  else await ctx.db.update(shops).set({ hasStorefront: value }).where(eq(shops.id, owner.ownerId));
}

/**
 * Spec 1 §4/§9: created active and unverified with the default settings, card payments on only
 * when the owner can be paid (decision 038); one per owner (the partial unique index closes the
 * race of two creates).
 */
export async function createStorefront({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof createStorefrontInput> }) {
  const user = requireUser(ctx);
  const now = ctx.deps.clock.now();
  let owner: Owner;
  if (input.ownerType === 'user') {
    if (input.ownerId && input.ownerId !== user.id) throw forbidden(STOREFRONT_MESSAGES.notManager);
    owner = { ownerType: 'user', ownerId: user.id };
  } else {
    if (!input.ownerId) throw invalid('Choose the studio this storefront belongs to');
    const studioId = input.ownerId;
    const [shop] = await ctx.db
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.id, studioId), eq(shops.deleted, false)))
      .limit(1);
    if (!shop) throw notFound('Studio not found');
    // The studio's owner, or a member with canManageStore (canManageStorefront's studio rule).
    if (!(await canManageStorefront(ctx.db, user.id, { ownerType: 'shop', ownerId: studioId }, now))) {
      throw forbidden(STOREFRONT_MESSAGES.studioNotManaged);
    }
    owner = { ownerType: 'shop', ownerId: studioId };
  }
  // A new storefront needs the owner's plan; an existing one stays open whatever the plan (decision 042).
  if (owner.ownerType === 'user') await requireFeature(ctx, { userId: user.id }, 'storefront');
  else await requireFeature(ctx, { studioId: owner.ownerId }, 'studio_storefront');
  // Decision 038: card payments start on only when the payout holder's account is active now (the
  // checkout's test); otherwise off, and asking for them on is the switch-on refusal.
  const canBePaid = (await activePayoutAccountId(ctx, owner)) !== null;
  if (input.settings.acceptsPayments === true && !canBePaid) throw payoutsNeeded();
  const settings = mergeSettings({ ...DEFAULT_STOREFRONT_SETTINGS, acceptsPayments: canBePaid }, input.settings);
  try {
    return await withTransaction(ctx, async (tx) => {
      const [row] = await tx.db
        .insert(storefronts)
        .values({
          ...owner,
          name: input.name,
          description: input.description,
          isActive: true,
          verified: false,
          settings,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await syncHasStorefront(tx, owner, true);
      return toManagedStorefront(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(STOREFRONT_MESSAGES.exists);
    throw error;
  }
}

export async function updateStorefrontSettings({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateStorefrontSettingsInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  const settings = mergeSettings(storefront.settings, input.settings);
  // Decision 038: no card payments without an active payout account.
  await requirePayoutsToSwitchCardsOn(ctx, storefront, settings.acceptsPayments && !storefront.settings.acceptsPayments);
  const [row] = await ctx.db
    .update(storefronts)
    .set({
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
      settings,
      updatedAt: ctx.deps.clock.now(),
    })
    .where(and(eq(storefronts.id, storefront.id), eq(storefronts.deleted, false)))
    .returning();
  if (!row) throw notFound(STOREFRONT_MESSAGES.notFound);
  return toManagedStorefront(row);
}

/**
 * Sets isActive to the state asked for, or flips it in SQL when none is named (two quick flips
 * then give two flips rather than one lost update).
 */
export async function toggleStorefrontActive({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof toggleStorefrontActiveInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  const [row] = await ctx.db
    .update(storefronts)
    .set({ isActive: input.active ?? sql`not ${storefronts.isActive}`, updatedAt: ctx.deps.clock.now() })
    .where(and(eq(storefronts.id, storefront.id), eq(storefronts.deleted, false)))
    .returning();
  if (!row) throw notFound(STOREFRONT_MESSAGES.notFound);
  return toManagedStorefront(row);
}

/** Soft delete: the row stays for the orders that point to it; the owner may open a new one. */
export async function deleteStorefront({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof storefrontIdInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  const now = ctx.deps.clock.now();
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(storefronts)
      .set({ deleted: true, deletedAt: now, isActive: false, updatedAt: now })
      .where(and(eq(storefronts.id, storefront.id), eq(storefronts.deleted, false)))
      .returning({ id: storefronts.id });
    if (!row) throw notFound(STOREFRONT_MESSAGES.notFound);
    await syncHasStorefront(tx, storefront, false);
    return { id: row.id, deleted: true as const };
  });
}

/** Public: active storefronts, most recently updated first, 20 a page (spec 1 §7). */
export async function listStorefronts({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof listStorefrontsInput> }) {
  const offset = input.cursor ?? 0;
  const rows = await ctx.db
    .select()
    .from(storefronts)
    .where(and(eq(storefronts.isActive, true), eq(storefronts.deleted, false)))
    .orderBy(desc(storefronts.updatedAt), desc(storefronts.id))
    .limit(STOREFRONT_PAGE_SIZE + 1)
    .offset(offset);
  return offsetPage(rows, offset, STOREFRONT_PAGE_SIZE, toStorefront);
}

/** The storefronts the signed-in user runs: their own and those of studios where they manage the store. */
export async function myStorefronts({ ctx }: { ctx: ServiceCtx }) {
  const user = requireUser(ctx);
  const rows = await ctx.db
    .select()
    .from(storefronts)
    .where(and(eq(storefronts.deleted, false), managedStorefrontsWhere(user.id, ctx.deps.clock.now())))
    .orderBy(sql`${storefronts.ownerType} = 'shop'`, storefronts.name)
    .limit(100);
  return Promise.all(rows.map(async (row) => ({ ...toManagedStorefront(row), ...(await storefrontOwnerInfo(ctx.db, row)) })));
}

/**
 * One storefront with its owner's name and whether the viewer manages it. An inactive storefront
 * is shown to its managers only; to anyone else it does not exist.
 */
export async function getStorefront({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof storefrontIdInput> }) {
  const row = await loadStorefront(ctx.db, input.storefrontId);
  const canManage = ctx.user ? await canManageStorefront(ctx.db, ctx.user.id, row, ctx.deps.clock.now()) : false;
  if (!row.isActive && !canManage) throw notFound(STOREFRONT_MESSAGES.notFound);
  // Decision 038: cards are offered only while the seller's payout account can be paid.
  const takesCards = row.settings.acceptsPayments && (await activePayoutAccountId(ctx, row)) !== null;
  return {
    ...(canManage ? toManagedStorefront(row) : toStorefront(row)),
    ...(await storefrontOwnerInfo(ctx.db, row)),
    canManage,
    takesCards,
  };
}
