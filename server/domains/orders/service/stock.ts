import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { products } from '../../../db/schema';
import type { ServiceCtx } from '../../../service-context';
import type { OrderItemRow } from '../views';

// Every commerce write takes its row locks in one order, so no two of them can deadlock:
// the tracked products first, in id order; then the order row; then what the orders triggers
// touch (storefront_order_stats, product_sales, storefront_hourly_revenue, each in key order).
// Checkout, cancel, the release of an unpaid order and the seller's inventory save all follow it.

type StockLine = Pick<OrderItemRow, 'productId' | 'quantity'>;

/** Quantities per product, in product id order (the lock order). */
function perProduct(lines: StockLine[]): [productId: string, quantity: number][] {
  const byProduct = new Map<string, number>();
  for (const line of lines) if (line.productId) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  return [...byProduct].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Takes the stock of an order's tracked products, one guarded UPDATE per product in id order:
 * a product that is no longer active, or has fewer units than asked and takes no backorders,
 * changes nothing and makes the answer false (the caller rolls its transaction back). The
 * UPDATE's row lock is held to the commit, so concurrent buyers queue on the row and each sees
 * the quantity the previous one left.
 */
export async function takeStock(tx: ServiceCtx, lines: StockLine[]): Promise<boolean> {
  for (const [productId, quantity] of perProduct(lines)) {
    const [taken] = await takeUnits(tx.db).execute({ productId, quantity });
    if (!taken) return false;
  }
  return true;
}

// Every order runs it: prepared (decision 013).
const takeUnits = (db: Db) =>
  prepared(db, 'take_stock', (d) =>
    d
      .update(products)
      .set({ quantity: sql`${products.quantity} - ${sql.placeholder('quantity')}` })
      .where(
        and(
          eq(products.id, sql.placeholder('productId')),
          eq(products.status, 'active'),
          eq(products.deleted, false),
          sql`(${products.allowBackorders} or ${products.quantity} >= ${sql.placeholder('quantity')})`,
        ),
      )
      .returning({ id: products.id })
      .prepare('take_stock'),
  );

/**
 * Locks the tracked products of an order's lines, in id order, before a write to the order
 * that may give their stock back (cancel, release): the lock order checkout takes them in.
 * FOR NO KEY UPDATE is the lock a stock UPDATE takes; unlike FOR UPDATE it lets the foreign
 * keys to the product (order lines, product_sales) be checked meanwhile.
 */
export async function lockStockOf(tx: ServiceCtx, lines: StockLine[]) {
  const ids = perProduct(lines).map(([productId]) => productId);
  if (ids.length === 0) return;
  await tx.db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.trackInventory, true)))
    .orderBy(asc(products.id))
    .for('no key update');
}

/** Gives an order's quantities back to its products that track inventory, in id order. */
export async function restockItems(tx: ServiceCtx, lines: StockLine[]) {
  for (const [productId, quantity] of perProduct(lines)) {
    await tx.db
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${quantity}` })
      .where(and(eq(products.id, productId), eq(products.trackInventory, true)));
  }
}
