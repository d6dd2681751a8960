import type { products } from '../../db/schema';
import { isLowStock } from './rules';

export type ProductRow = typeof products.$inferSelect;

/** A product as the API shows it (spec 1 §3: inventory grouped as on the entity). */
export function toProduct(row: ProductRow) {
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
    images: row.images,
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
