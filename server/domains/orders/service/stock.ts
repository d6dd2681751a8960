import { and, eq, sql } from 'drizzle-orm';
import { products } from '../../../db/schema';
import type { ServiceCtx } from '../../../lib/context';
import type { OrderItemRow } from '../views';

/**
 * Gives an order's quantities back to products that track inventory (cancel, declined card).
 * Products are updated in id order, the order checkout takes them in, so the two cannot deadlock.
 */
export async function restockItems(tx: ServiceCtx, items: Pick<OrderItemRow, 'productId' | 'quantity'>[]) {
  const back = new Map<string, number>();
  for (const item of items) if (item.productId) back.set(item.productId, (back.get(item.productId) ?? 0) + item.quantity);
  for (const [productId, quantity] of [...back].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx.db
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${quantity}` })
      .where(and(eq(products.id, productId), eq(products.trackInventory, true)));
  }
}
