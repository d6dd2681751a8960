import { randomUUID } from 'node:crypto';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { products, storefronts } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { notFound } from '../../lib/errors';
import { createNotification } from '../notifications/create';
import { settingsView } from '../storefronts/rules';
import { canManageStorefront, requireManagedStorefront, storefrontOwnerUserId } from '../storefronts/access';
import {
  type checkAvailabilityInput,
  type createProductInput,
  type productIdInput,
  STOREFRONT_PRODUCTS_LIMIT,
  type storefrontProductsInput,
  type updateInventoryInput,
  type updateProductInput,
} from './inputs';
import { PRODUCT_MESSAGES } from './messages';
import { availability, withOptionIds, withVariantIds } from './rules';
import { type ProductRow, toOneProduct, toProduct, toProducts } from './views';

type Inventory = z.output<typeof createProductInput>['inventory'];

/** Inventory columns of a (partial) inventory input; absent fields are left alone. */
function inventoryColumns(inventory: Inventory | undefined) {
  if (!inventory) return {};
  const { trackInventory, quantity, lowStockThreshold, allowBackorders } = inventory;
  return Object.fromEntries(Object.entries({ trackInventory, quantity, lowStockThreshold, allowBackorders }).filter(([, v]) => v !== undefined));
}

/** A product (not deleted) with its storefront's row, or 'Product not found'. */
async function loadProduct(ctx: ServiceCtx, productId: string) {
  const [row] = await ctx.db
    .select({ product: products, storefront: storefronts })
    .from(products)
    .innerJoin(storefronts, eq(storefronts.id, products.storefrontId))
    .where(and(eq(products.id, productId), eq(products.deleted, false), eq(storefronts.deleted, false)))
    .limit(1);
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return row;
}

/** Spec 1 §4: new products are drafts unless asked; creating one as active notifies the owner. */
export async function createProduct({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof createProductInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  const now = ctx.deps.clock.now();
  return withTransaction(ctx, async (tx) => {
    const { inventory, variants, customizationOptions, ...fields } = input;
    const [row] = await tx.db
      .insert(products)
      .values({
        ...fields,
        ...inventoryColumns(inventory),
        variants: withVariantIds(variants, randomUUID),
        customizationOptions: withOptionIds(customizationOptions, randomUUID),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const ownerId = row.status === 'active' ? await storefrontOwnerUserId(tx.db, storefront) : null;
    if (ownerId) {
      await createNotification(tx, {
        userId: ownerId,
        type: 'general_alert',
        title: 'Product published',
        body: `${row.name} is now live in ${storefront.name}`,
        data: { productId: row.id, storefrontId: storefront.id, url: `/storefront/${storefront.id}/product/${row.id}` },
      });
    }
    return toProduct(row, []);
  });
}

export async function updateProduct({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateProductInput> }) {
  requireUser(ctx);
  const { product } = await loadProduct(ctx, input.productId);
  await requireManagedStorefront(ctx, product.storefrontId);
  const { productId, inventory, variants, customizationOptions, ...fields } = input;
  const [row] = await ctx.db
    .update(products)
    .set({
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      ...inventoryColumns(inventory),
      ...(variants ? { variants: withVariantIds(variants, randomUUID) } : {}),
      ...(customizationOptions ? { customizationOptions: withOptionIds(customizationOptions, randomUUID) } : {}),
      updatedAt: ctx.deps.clock.now(),
    })
    .where(and(eq(products.id, productId), eq(products.deleted, false)))
    .returning();
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return toOneProduct(ctx.db, row);
}

/** Spec 1 §4: deleting marks the product deleted and archived (order lines keep their snapshot). */
export async function deleteProduct({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof productIdInput> }) {
  requireUser(ctx);
  const { product } = await loadProduct(ctx, input.productId);
  await requireManagedStorefront(ctx, product.storefrontId);
  const now = ctx.deps.clock.now();
  const [row] = await ctx.db
    .update(products)
    .set({ deleted: true, deletedAt: now, status: 'archived', updatedAt: now })
    .where(and(eq(products.id, product.id), eq(products.deleted, false)))
    .returning({ id: products.id });
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return { id: row.id, deleted: true as const, status: 'archived' as const };
}

/**
 * One product. Only active products of active storefronts are public (spec 1 §4); the
 * storefront's managers also see drafts and archived ones.
 */
export async function getProduct({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof productIdInput> }) {
  const { product, storefront } = await loadProduct(ctx, input.productId);
  const canManage = ctx.user ? await canManageStorefront(ctx.db, ctx.user.id, storefront, ctx.deps.clock.now()) : false;
  if (!canManage && !isPublic(product, storefront)) throw notFound(PRODUCT_MESSAGES.notFound);
  return { ...(await toOneProduct(ctx.db, product)), storefront: { id: storefront.id, name: storefront.name, isActive: storefront.isActive, settings: settingsView(storefront.settings) }, canManage };
}

const isPublic = (product: ProductRow, storefront: typeof storefronts.$inferSelect) => product.status === 'active' && storefront.isActive;

/** The management list: every product of a storefront (up to 100, newest first), for its managers. */
export async function storefrontProducts({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof storefrontProductsInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  const filters: SQL[] = [eq(products.storefrontId, storefront.id), eq(products.deleted, false)];
  if (input.status) filters.push(eq(products.status, input.status));
  if (input.lowStockOnly) filters.push(sql`${products.trackInventory} = true and ${products.quantity} <= ${products.lowStockThreshold}`);
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(...filters))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(STOREFRONT_PRODUCTS_LIMIT);
  return toProducts(ctx.db, rows);
}

/** The inventory page's bulk save: all rows or none (a product of another storefront is not found). */
export async function updateInventory({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateInventoryInput> }) {
  const storefront = await requireManagedStorefront(ctx, input.storefrontId);
  const now = ctx.deps.clock.now();
  return withTransaction(ctx, async (tx) => {
    const updated = new Map<string, ProductRow>();
    // In product id order, the order checkout and cancel lock products in (orders/service/stock.ts).
    for (const { productId, ...inventory } of [...input.items].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))) {
      const [row] = await tx.db
        .update(products)
        .set({ ...inventoryColumns(inventory), updatedAt: now })
        .where(and(eq(products.id, productId), eq(products.storefrontId, storefront.id), eq(products.deleted, false)))
        .returning();
      if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
      updated.set(productId, row);
    }
    return toProducts(tx.db, input.items.map(({ productId }) => updated.get(productId) as ProductRow));
  });
}

/** Spec 1 §5 availability check; an unknown or hidden product answers 'Product not found'. */
export async function checkAvailability({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof checkAvailabilityInput> }) {
  const [row] = await ctx.db
    .select({ product: products, storefront: storefronts })
    .from(products)
    .innerJoin(storefronts, eq(storefronts.id, products.storefrontId))
    .where(and(eq(products.id, input.productId), eq(products.deleted, false), eq(storefronts.deleted, false)))
    .limit(1);
  if (!row) return { available: false, message: PRODUCT_MESSAGES.notFound, backordered: false };
  const state = isPublic(row.product, row.storefront) ? row.product : { ...row.product, status: 'draft' as const };
  return availability(state, input.quantity);
}
