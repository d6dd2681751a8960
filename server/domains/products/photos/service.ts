import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { images, MAX_PRODUCT_PHOTOS, pendingFileDeletions, productPhotos, products } from '../../../db/schema';
import { AppError, invalid, notFound } from '../../../lib/errors';
import { type ServiceCtx, type TxCtx, requireUser, withTransaction } from '../../../service-context';
import { storedKeysOf, storeImage } from '../../images/service';
import { drainFileDeletions } from '../../maintenance/shop-deletes';
import { requireManagedStorefront } from '../../storefronts/access';
import type { productPhotoAltInput, productPhotoIdInput, productPhotoUploadInput, reorderProductPhotosInput } from '../inputs';
import { PRODUCT_MESSAGES } from '../messages';
import { photosOf } from './views';

// Sellers' writes to a product's photos (issue 20). Every one is authorized from the session by
// the product's storefront (its owner, or a studio's owner and store managers: spec 1 §6), and
// answers with the product's photos as they now are.

const photoLimit = () => invalid(PRODUCT_MESSAGES.photoLimit);

/** A live product whose storefront the caller manages; 'Product not found' or the storefront's 403 otherwise. */
async function managedProduct(ctx: ServiceCtx, productId: string) {
  requireUser(ctx);
  const [product] = await ctx.db
    .select({ id: products.id, name: products.name, storefrontId: products.storefrontId })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.deleted, false)))
    .limit(1);
  if (!product) throw notFound(PRODUCT_MESSAGES.notFound);
  const storefront = await requireManagedStorefront(ctx, product.storefrontId);
  return { product, storefront };
}

/** A photo, with the product it belongs to checked as managed by the caller. */
async function managedPhoto(ctx: ServiceCtx, photoId: string) {
  requireUser(ctx);
  const [photo] = await ctx.db.select().from(productPhotos).where(eq(productPhotos.id, photoId)).limit(1);
  if (!photo) throw notFound(PRODUCT_MESSAGES.photoNotFound);
  await managedProduct(ctx, photo.productId);
  return photo;
}

/**
 * Serializes the writes to one product's photos (each rewrites its positions from what it reads),
 * without locking the product's row, which checkouts update for stock.
 */
const lockPhotosOf = (tx: TxCtx, productId: string) => tx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`product_photos:${productId}`}, 0))`);

const photosNow = async (ctx: ServiceCtx, productId: string) => (await photosOf(ctx.db, [productId])).get(productId) ?? [];

/**
 * Removes images replaced or deleted with their photos: the rows now, their files once the
 * transaction has committed, queued in pending_file_deletions meanwhile so a crash in between
 * leaves the files to the next cleanup run rather than orphaned.
 */
async function dropImages(tx: TxCtx, imageIds: string[]): Promise<string[]> {
  if (imageIds.length === 0) return [];
  const removed = await tx.db.delete(images).where(inArray(images.id, imageIds)).returning();
  const keys = [...new Set(removed.flatMap((image) => storedKeysOf(tx, image)))];
  if (keys.length > 0) {
    const createdAt = tx.deps.clock.now();
    await tx.db
      .insert(pendingFileDeletions)
      .values(keys.map((key) => ({ key, reason: 'product.photo_removed', createdAt })))
      .onConflictDoNothing();
  }
  return keys;
}

/**
 * Uploads a photo to a product, last in its order, or in place of one of its photos (which keeps
 * its place; the old image and its files go). The file goes through the image pipeline (magic
 * bytes, limits, WebP sizes, no metadata) before any row is written; when that or the insert
 * fails, the files written are removed again. A full product answers 'A product can have at most
 * 10 photos', before the upload is processed and again, in the database, when two race for the
 * last place.
 */
export async function uploadProductPhoto({ ctx, input, bytes }: { ctx: ServiceCtx; input: z.output<typeof productPhotoUploadInput>; bytes: Buffer }) {
  const { product, storefront } = await managedProduct(ctx, input.productId);
  const replaced = input.replacesPhotoId ? await managedPhoto(ctx, input.replacesPhotoId) : null;
  if (replaced && replaced.productId !== product.id) throw notFound(PRODUCT_MESSAGES.photoNotFound);
  if (!replaced && (await photosNow(ctx, product.id)).length >= MAX_PRODUCT_PHOTOS) throw photoLimit();

  const stored = await storeImage(ctx, { accountType: storefront.ownerType, accountId: storefront.ownerId, imageType: 'product' }, bytes);
  let oldFiles: string[] = [];
  try {
    if (replaced) {
      oldFiles = await withTransaction(ctx, async (tx) => {
        await lockPhotosOf(tx, product.id);
        const [current] = await tx.db.select().from(productPhotos).where(eq(productPhotos.id, replaced.id)).limit(1);
        if (!current) throw notFound(PRODUCT_MESSAGES.photoNotFound);
        const [image] = await tx.db.insert(images).values(stored.values).returning({ id: images.id });
        await tx.db
          .update(productPhotos)
          .set({ imageId: image.id, externalUrl: null, ...(input.altText ? { altText: input.altText } : {}) })
          .where(eq(productPhotos.id, current.id));
        return dropImages(tx, current.imageId ? [current.imageId] : []);
      });
    } else {
      await addAtFreePosition(ctx, product, stored.values, input.altText);
    }
  } catch (error) {
    await stored.discard();
    throw error;
  }
  await drainFileDeletions(ctx, oldFiles);
  return photosNow(ctx, product.id);
}

/**
 * Inserts the image and its photo at the product's first free position. Uploads to one product
 * take their turn (lockPhotosOf), so the loser of a race for the last place finds the product
 * full; the position check and the unique (product, position) key hold the cap even without it.
 */
async function addAtFreePosition(ctx: ServiceCtx, product: { id: string; name: string }, image: typeof images.$inferInsert, altText?: string) {
  await withTransaction(ctx, async (tx) => {
    await lockPhotosOf(tx, product.id);
    const taken = await tx.db.select({ position: productPhotos.position }).from(productPhotos).where(eq(productPhotos.productId, product.id));
    const used = new Set(taken.map((t) => t.position));
    const position = Array.from({ length: MAX_PRODUCT_PHOTOS }, (_, i) => i).find((p) => !used.has(p));
    if (position === undefined) throw photoLimit();
    const [row] = await tx.db.insert(images).values(image).returning({ id: images.id });
    await tx.db.insert(productPhotos).values({ productId: product.id, position, imageId: row.id, altText: altText || product.name });
  });
}

/**
 * Puts the product's photos in the given order. Positions are unique while a statement runs, so
 * the rows are written again in the new order (at most ten small rows) instead of swapped.
 */
export async function reorderProductPhotos({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof reorderProductPhotosInput> }) {
  const { product } = await managedProduct(ctx, input.productId);
  await withTransaction(ctx, async (tx) => {
    await lockPhotosOf(tx, product.id);
    const current = await tx.db.delete(productPhotos).where(eq(productPhotos.productId, product.id)).returning();
    const byId = new Map(current.map((photo) => [photo.id, photo]));
    const sameSet = input.photoIds.length === current.length && new Set(input.photoIds).size === current.length && input.photoIds.every((id) => byId.has(id));
    if (!sameSet) throw new AppError('CONFLICT', PRODUCT_MESSAGES.photosChanged);
    if (current.length > 0) await tx.db.insert(productPhotos).values(input.photoIds.map((id, position) => ({ ...(byId.get(id) as typeof current[number]), position })));
  });
  return photosNow(ctx, product.id);
}

/** Deletes a photo and its image's files; the photos after it move up one place. */
export async function deleteProductPhoto({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof productPhotoIdInput> }) {
  const photo = await managedPhoto(ctx, input.photoId);
  const files = await withTransaction(ctx, async (tx) => {
    await lockPhotosOf(tx, photo.productId);
    const all = await tx.db.delete(productPhotos).where(eq(productPhotos.productId, photo.productId)).returning();
    if (!all.some((p) => p.id === photo.id)) throw notFound(PRODUCT_MESSAGES.photoNotFound);
    const rest = all.filter((p) => p.id !== photo.id).sort((a, b) => a.position - b.position);
    if (rest.length > 0) await tx.db.insert(productPhotos).values(rest.map((p, position) => ({ ...p, position })));
    return dropImages(tx, photo.imageId ? [photo.imageId] : []);
  });
  await drainFileDeletions(ctx, files);
  return photosNow(ctx, photo.productId);
}

/** Changes a photo's alt text (required: every picture is described). */
export async function updateProductPhotoAlt({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof productPhotoAltInput> }) {
  const photo = await managedPhoto(ctx, input.photoId);
  await ctx.db.update(productPhotos).set({ altText: input.altText }).where(eq(productPhotos.id, photo.id));
  return photosNow(ctx, photo.productId);
}
