import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { type ImageVariant, images, productPhotos } from '../../../db/schema';

/** A product photo as pages show it: the URL, its alt text and, for an upload, a srcset of its WebP sizes. */
export type ProductPhoto = { id: string; url: string; altText: string; width: number | null; height: number | null; srcSet: string | null };

type PhotoRow = {
  id: string;
  productId: string;
  altText: string;
  externalUrl: string | null;
  url: string | null;
  width: number | null;
  variants: ImageVariant[] | null;
  height: number | null;
};

/**
 * Every stored width of an upload, smallest first, for `srcset` (the browser picks by the `sizes`
 * the page gives). A URL kept from before uploads has one size only, so none.
 */
function srcSetOf(row: PhotoRow): string | null {
  if (!row.url || !row.width) return null;
  const sizes = new Map<number, string>();
  for (const v of row.variants ?? []) if (v.width < row.width) sizes.set(v.width, v.url);
  sizes.set(row.width, row.url);
  return [...sizes].sort(([a], [b]) => a - b).map(([w, url]) => `${url} ${w}w`).join(', ');
}

const toPhoto = (row: PhotoRow): ProductPhoto => ({
  id: row.id,
  url: row.url ?? row.externalUrl ?? '',
  altText: row.altText,
  width: row.width,
  height: row.height,
  srcSet: srcSetOf(row),
});

/** The photos of these products in their order, one query for a whole page of products. */
export async function photosOf(db: Db, productIds: string[]): Promise<Map<string, ProductPhoto[]>> {
  const byProduct = new Map<string, ProductPhoto[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      id: productPhotos.id,
      productId: productPhotos.productId,
      altText: productPhotos.altText,
      externalUrl: productPhotos.externalUrl,
      url: images.url,
      width: images.width,
      height: images.height,
      variants: images.variants,
    })
    .from(productPhotos)
    .leftJoin(images, eq(images.id, productPhotos.imageId))
    .where(inArray(productPhotos.productId, productIds))
    .orderBy(asc(productPhotos.productId), asc(productPhotos.position));
  for (const row of rows) byProduct.get(row.productId)?.push(toPhoto(row));
  return byProduct;
}

/** SQL: the URL of a product's first photo, or null (an order line's picture, kept as it was at checkout). */
export const firstPhotoUrlOf = (productId: AnyPgColumn) => sql<string | null>`(
  select coalesce(${images.url}, ${productPhotos.externalUrl}) from ${productPhotos}
  left join ${images} on ${images.id} = ${productPhotos.imageId}
  where ${productPhotos.productId} = ${productId}
  order by ${productPhotos.position} limit 1)`;
