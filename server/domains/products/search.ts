import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { products, storefronts } from '../../db/schema';
import type { ServiceCtx } from '../../lib/context';
import { offsetPage } from '../../lib/pages';
import { FEATURED_PRODUCTS, type featuredProductsInput, PRODUCT_PAGE_SIZE, type productSearchInput } from './inputs';
import { toProduct } from './views';

/**
 * Public products: active, not deleted (literal predicates, matching the partial indexes
 * products_public_*), in a storefront that is active and not deleted.
 */
const publicProducts = sql`${products.status} = 'active' and ${products.deleted} = false
  and exists (select 1 from ${storefronts} where ${storefronts.id} = ${products.storefrontId}
              and ${storefronts.isActive} = true and ${storefronts.deleted} = false)`;

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Spec 1 §5 product search: category, featured, price range, tags (any match), text over name,
 * description and tags, in stock only (untracked inventory counts as in stock); newest first,
 * 20 a page. Text uses the trigram indexes on lower(name) and lower(description) and the tags
 * GIN index (a tag matches the whole search text).
 */
export async function searchProducts({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof productSearchInput> }) {
  const offset = input.cursor ?? 0;
  const filters: (SQL | undefined)[] = [publicProducts];
  if (input.storefrontId) filters.push(eq(products.storefrontId, input.storefrontId));
  if (input.category) filters.push(eq(products.category, input.category));
  if (input.featured !== undefined) filters.push(eq(products.featured, input.featured));
  if (input.minPrice !== undefined) filters.push(gte(products.price, input.minPrice));
  if (input.maxPrice !== undefined) filters.push(lte(products.price, input.maxPrice));
  if (input.tags?.length) filters.push(sql`${products.tags} && ${sql`array[${sql.join(input.tags.map((t) => sql`${t}`), sql`, `)}]::text[]`}`);
  if (input.inStock) filters.push(sql`(${products.trackInventory} = false or ${products.quantity} > 0)`);
  if (input.query) {
    const pattern = `%${escapeLike(input.query)}%`;
    filters.push(
      sql`(lower(${products.name}) like ${pattern} or lower(${products.description}) like ${pattern}
           or ${products.tags} @> array[${input.query.toLowerCase()}]::text[])`,
    );
  }
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(...filters))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(PRODUCT_PAGE_SIZE + 1)
    .offset(offset);
  return offsetPage(rows, offset, PRODUCT_PAGE_SIZE, toProduct);
}

/** Featured products (6), of one storefront or of the whole marketplace (/shop). */
export async function featuredProducts({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof featuredProductsInput> }) {
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(publicProducts, eq(products.featured, true), input.storefrontId ? eq(products.storefrontId, input.storefrontId) : undefined))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(FEATURED_PRODUCTS);
  return rows.map(toProduct);
}
