import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { keysetPage, olderThan } from '../../lib/pages';
import type { z } from 'zod';
import { type AccountType, images, users } from '../../db/schema';
import { type ServiceCtx, type TxCtx, requireUser, withTransaction } from '../../service-context';
import { forbidden } from '../../lib/errors';
import { randomToken } from '../../lib/ids';
import { PRIVATE_FOLDER } from '../../providers/storage';
import { activeArtistUserIds } from '../artists/service';
import { requireFeature } from '../plans/entitlements';
import { FREE_PORTFOLIO_LIMIT } from '../plans/rules';
import { canManageShop } from '../studios/access';
import { shops } from '../../db/schema';
import type { countImagesInput, listImagesInput, studioGalleryInput, uploadFieldsInput } from './inputs';
import { processImage } from './process';
import { visibleTo } from './visibility';
import { IMAGE_PAGE_SIZE, type ImageType, previewJpegKeyOf, visibilityOf } from './rules';

const NOT_YOURS = 'You can only upload images to your own profile or a studio you manage';

/** Uploads go to the user's own account, or to a studio the user manages. */
async function authorizeAccount(ctx: ServiceCtx, accountType: 'user' | 'shop', accountId: string) {
  const me = requireUser(ctx);
  const allowed = accountType === 'user' ? accountId === me.id : await canManageShop(ctx.db, me.id, accountId, ctx.deps.clock.now());
  if (!allowed) throw forbidden(NOT_YOURS);
}

/**
 * A person's portfolio beyond FREE_PORTFOLIO_LIMIT images needs a plan (decision 042); the images
 * already there stay whatever the plan. Counted on whatever `ctx.db` is: before the upload is
 * processed (a full free portfolio is refused without the work) and again inside the insert's
 * transaction, behind lockPortfolioOf, so uploads racing for the last place cannot all pass.
 */
async function requirePortfolioRoom(ctx: ServiceCtx, fields: ImageOwner) {
  if (!isLimitedPortfolio(fields)) return;
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(images)
    .where(and(eq(images.accountId, fields.accountId), eq(images.accountType, 'user'), eq(images.imageType, 'portfolio')));
  if (n >= FREE_PORTFOLIO_LIMIT) await requireFeature(ctx, { userId: fields.accountId }, 'unlimited_portfolio');
}

const isLimitedPortfolio = (owner: ImageOwner) => owner.accountType === 'user' && owner.imageType === 'portfolio';

/**
 * Serializes one person's portfolio uploads until the transaction ends. FOR NO KEY UPDATE, not FOR
 * UPDATE: rows elsewhere that reference the user (messages, bookings…) can still be inserted.
 */
const lockPortfolioOf = (tx: TxCtx, userId: string) =>
  tx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');

export async function uploadImage({ ctx, fields, bytes }: { ctx: ServiceCtx; fields: z.output<typeof uploadFieldsInput>; bytes: Buffer }) {
  await authorizeAccount(ctx, fields.accountType, fields.accountId);
  await requirePortfolioRoom(ctx, fields);
  // Processed (sharp) and written outside the transaction: the lock is held only to count and insert.
  const stored = await storeImage(ctx, fields, bytes);
  try {
    return await withTransaction(ctx, async (tx) => {
      if (isLimitedPortfolio(fields)) {
        await lockPortfolioOf(tx, fields.accountId);
        await requirePortfolioRoom(tx, fields);
      }
      const [row] = await tx.db.insert(images).values(stored.values).returning();
      return row;
    });
  } catch (error) {
    await stored.discard();
    throw error;
  }
}

type ImageOwner = { accountType: AccountType; accountId: string; imageType: ImageType };

/**
 * Runs an upload through the pipeline (processImage: magic bytes, limits, WebP, no metadata) and
 * writes the stored image and its variants under the account's folder. Gives the images row to
 * insert and `discard`, which removes the files again when what follows fails (nothing
 * half-stored). The caller has authorized the account.
 */
export async function storeImage(ctx: ServiceCtx, owner: ImageOwner, bytes: Buffer) {
  const processed = await processImage(bytes, owner.imageType);
  const visibility = visibilityOf(owner.imageType);
  const folder = `${visibility === 'private' ? PRIVATE_FOLDER : ''}${owner.accountType}s/${owner.accountId}`;
  const name = randomToken(16);
  const written: string[] = [];
  const discard = async () => {
    await Promise.allSettled(written.map((key) => ctx.deps.storage.delete(key)));
  };
  try {
    const mainKey = `${folder}/${name}.webp`;
    const variantFiles = processed.variants.map((v) => ({ ...v, key: `${folder}/${name}-${v.label.replace('x', '-')}.webp` }));
    // Written in parallel; each key is recorded as soon as it is written so a failure cleans up.
    const put = async (key: string, data: Buffer) => {
      const storedUrl = await ctx.deps.storage.put(key, data, 'image/webp', visibility);
      written.push(key);
      return storedUrl;
    };
    const [url, ...variantUrls] = await Promise.all([put(mainKey, processed.main.data), ...variantFiles.map((v) => put(v.key, v.data))]);
    const variants = variantFiles.map((v, i) => ({ size: v.label, url: variantUrls[i], width: v.width, height: v.height }));
    const now = ctx.deps.clock.now();
    const values = {
      url,
      ...owner,
      visibility,
      storageKey: mainKey,
      width: processed.main.width,
      height: processed.main.height,
      bytes: processed.main.data.length,
      variants,
      uploadedBy: ctx.user?.id ?? null,
      createdAt: now,
      updatedAt: now,
    } satisfies typeof images.$inferInsert;
    return { values, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** The stored files of an image (its own and its variants'), to delete with it. */
export function storedKeysOf(ctx: ServiceCtx, image: Pick<typeof images.$inferSelect, 'storageKey' | 'variants'>): string[] {
  // With the link-preview JPEG made beside a public image on demand (preview-jpeg.ts), if it was.
  const key = image.storageKey;
  const preview = key?.endsWith('.webp') ? [previewJpegKeyOf(key)] : [];
  return [image.storageKey, ...(image.variants ?? []).map((v) => ctx.deps.storage.keyFromUrl(v.url)), ...preview].filter((k): k is string =>
    Boolean(k),
  );
}

/** Newest first, 20 a page; the cursor is "<createdAt ISO>|<id>". Others see only public images. */
export async function listImages({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof listImagesInput> }) {
  return pageOfImages(ctx, [input.accountId], input.imageType, input.cursor, await visibleTo(ctx, input.accountId));
}

/**
 * A studio's portfolio or flash gallery: its own images and, when the studio shows its artists'
 * portfolios (useArtistsPortfolios) or flashes (useArtistsFlashes), its active artists' alongside
 * them, newest first in one list.
 */
export async function listStudioGallery({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof studioGalleryInput> }) {
  const [shop] = await ctx.db
    .select()
    .from(shops)
    .where(and(eq(shops.id, input.studioId), eq(shops.deleted, false)))
    .limit(1);
  if (!shop) return { items: [], nextCursor: null };
  const useArtists = input.imageType === 'portfolio' ? shop.useArtistsPortfolios : shop.useArtistsFlashes;
  const accounts = useArtists ? [shop.id, ...(await activeArtistUserIds(ctx, shop.id))] : [shop.id];
  return pageOfImages(ctx, accounts, input.imageType, input.cursor, eq(images.visibility, 'public'));
}

async function pageOfImages(
  ctx: ServiceCtx,
  accountIds: string[],
  imageType: ImageType | undefined,
  cursor: string | null | undefined,
  visible: SQL | undefined,
) {
  if (accountIds.length === 0) return { items: [], nextCursor: null };
  const rows = await ctx.db
    .select()
    .from(images)
    .where(
      and(
        inArray(images.accountId, accountIds),
        imageType ? eq(images.imageType, imageType) : undefined,
        visible,
        olderThan(cursor, images.createdAt, images.id),
      ),
    )
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(IMAGE_PAGE_SIZE + 1);
  return keysetPage(rows, IMAGE_PAGE_SIZE, (row) => ({ at: row.createdAt, id: row.id }));
}

/** Counts per type; others count only public images (a private kind counts 0 for them). */
export async function countImages({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof countImagesInput> }) {
  const rows = await ctx.db
    .select({ imageType: images.imageType, n: count() })
    .from(images)
    .where(and(eq(images.accountId, input.accountId), inArray(images.imageType, input.imageTypes), await visibleTo(ctx, input.accountId)))
    .groupBy(images.imageType);
  return Object.fromEntries(input.imageTypes.map((t) => [t, rows.find((r) => r.imageType === t)?.n ?? 0]));
}

/** Deletes by URL; an URL that is not one of our images gives false (spec 1 §8). */
export async function deleteImage({ ctx, input }: { ctx: ServiceCtx; input: { url: string } }) {
  requireUser(ctx);
  const key = ctx.deps.storage.keyFromUrl(input.url);
  if (!key) return false;
  const [image] = await ctx.db.select().from(images).where(eq(images.url, input.url)).limit(1);
  // A product photo is deleted through its product (product.deletePhoto), which keeps its order.
  if (!image || image.imageType === 'product') return false;
  await authorizeAccount(ctx, image.accountType, image.accountId);
  await ctx.db.delete(images).where(eq(images.id, image.id));
  await Promise.allSettled(storedKeysOf(ctx, image).map((k) => ctx.deps.storage.delete(k)));
  return true;
}
