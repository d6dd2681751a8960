import type { Db } from '../../db/client';
import type { products } from '../../db/schema';
import { type ProductPhoto, photosOf } from './photos/views';
import { isLowStock } from './rules';

export type ProductRow = typeof products.$inferSelect;

/** A product as the API shows it (spec 1 §3: inventory grouped as on the entity; its images are its photos, in order). */
export function toProduct(row: ProductRow, photos: ProductPhoto[]) {
  return {
    id: row.id,
    storefrontId: row.storefrontId,
    name: row.name,
    description: row.description,
    price: row.price,
    category: row.category,
    tags: row.tags,
    featured: row.featured,
    status: row.status,
    photos,
    inventory: {
      trackInventory: row.trackInventory,
      quantity: row.quantity,
      lowStockThreshold: row.lowStockThreshold,
      allowBackorders: row.allowBackorders,
    },
    lowStock: isLowStock(row),
    variants: row.variants,
    customizationOptions: row.customizationOptions,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type Product = ReturnType<typeof toProduct>;

/** Products as the API shows them, with their photos read in one query. */
export async function toProducts(db: Db, rows: ProductRow[]): Promise<Product[]> {
  const photos = await photosOf(db, rows.map((r) => r.id));
  return rows.map((row) => toProduct(row, photos.get(row.id) ?? []));
}

/** One product as the API shows it. */
export const toOneProduct = async (db: Db, row: ProductRow): Promise<Product> => (await toProducts(db, [row]))[0];
