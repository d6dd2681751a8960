import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../server/db/sql';
import { productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// Every checkout takes stock with an UPDATE of products.quantity. While no index (key, expression
// or partial-index predicate) mentions quantity, PostgreSQL can make it a HOT update: no new
// entries in the products indexes, two of which are trigram GIN indexes (migration 0021).

const server = useTestServer();

describe('stock updates of products', () => {
  it('leave every products index out: none mentions quantity', async () => {
    const rows = await executeRows<{ name: string }>(
      server.deps.db,
      sql`select i.indexrelid::regclass::text as name
        from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attname = 'quantity'
        where i.indrelid = 'products'::regclass
          and (a.attnum = any (i.indkey::int2[])
            or coalesce(pg_get_expr(i.indexprs, i.indrelid), '') ~ '\\mquantity\\M'
            or coalesce(pg_get_expr(i.indpred, i.indrelid), '') ~ '\\mquantity\\M')`,
    );
    expect(rows).toEqual([]);
  });

  it('are HOT updates (no index entries written)', async () => {
    const seller = await sellerWithStorefront(server, {});
    const product = await seller.client.product.create.mutate(
      productInput(seller.storefront.id, { name: 'HOT stock', inventory: { trackInventory: true, quantity: 10 } }),
    );
    const counts = await server.deps.db.transaction(async (tx) => {
      await tx.execute(sql`update products set quantity = quantity - 1 where id = ${product.id}`);
      return executeRows<{ updated: number; hot: number }>(
        tx,
        sql`select pg_stat_get_xact_tuples_updated('products'::regclass)::int as updated, pg_stat_get_xact_tuples_hot_updated('products'::regclass)::int as hot`,
      );
    });
    expect(counts).toEqual([{ updated: 1, hot: 1 }]);
  });
});
