import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { images } from './images';
import { products } from './storefronts';

/** Spec 1 §4 product images, at most this many a product (held by the position check below). */
export const MAX_PRODUCT_PHOTOS = 10;

/**
 * A product's photos in order: the one list of them (issue 20). A photo is an uploaded image (of
 * type 'product', with its WebP variants) or, for a product whose image URLs were typed in before
 * uploads existed, that URL as it was (no file of ours, no variants). The cap is the database's:
 * a position is 0..9 and unique in its product, so no two writers can make an eleventh.
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    imageId: uuid().references(() => images.id, { onDelete: 'cascade' }),
    /** Only for a URL kept from the old "Image URLs" box; an upload's URL is its image's. */
    externalUrl: text(),
    altText: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('product_photos_product_position_key').on(t.productId, t.position),
    unique('product_photos_image_key').on(t.imageId),
    check('product_photos_position_range', sql`${t.position} >= 0 and ${t.position} < ${sql.raw(String(MAX_PRODUCT_PHOTOS))}`),
    check('product_photos_one_source', sql`(${t.imageId} is null) <> (${t.externalUrl} is null)`),
  ],
);
