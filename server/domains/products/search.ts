import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { products, storefronts } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { offsetPage } from '../../lib/pages';
import { FEATURED_PRODUCTS, type featuredProductsInput, PRODUCT_PAGE_SIZE, type productSearchInput } from './inputs';
import { type ProductRow, toProducts } from './views';

type SearchInput = z.output<typeof productSearchInput>;
/** The product columns a filter needs, of the table or of a subquery over it. */
type ProductColumns = Record<
  'name' | 'description' | 'tags' | 'category' | 'featured' | 'price' | 'trackInventory' | 'quantity' | 'createdAt' | 'id' | 'storefrontId',
  AnyPgColumn
>;

/**
 * How many of the newest public products the first step reads. A filter that matches at least
 * one in ~100 of them fills a page there, from the newest-first index, without reading more; a
 * rarer one has few matches in all, which the second step collects through the trigram and tag
 * indexes and sorts cheaply.
 */
const RECENT_WINDOW = 2000;

/** Active, not deleted: literal predicates, matching the partial indexes products_public_*. */
const activeProducts = sql`${products.status} = 'active' and ${products.deleted} = false`;

/**
 * The product's storefront is active and not deleted, checked by a scalar subquery: a primary-key
 * probe per candidate row (as an EXISTS the planner may turn it into a hash join that reads every
 * storefront to keep a handful of products).
 */
const inPublicStorefront = (t: ProductColumns) =>
  sql`coalesce((select ${storefronts.isActive} and not ${storefronts.deleted} from ${storefronts}
                where ${storefronts.id} = ${t.storefrontId}), false)`;

/** Public products: active, not deleted, in a storefront that is active and not deleted. */
const publicProducts = sql`${activeProducts} and ${inPublicStorefront(products)}`;

/** Newest first, as the products_public_* indexes are built (created_at desc nulls last, id). */
const newestFirst = (t: ProductColumns) => [sql`${t.createdAt} desc nulls last`, asc(t.id)];

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * pg_trgm takes trigrams from runs of three or more letters or digits; in a search text without
 * one (e.g. "ba", "12", "a-1") it finds none, and its indexes then answer "every product" (a read
 * of all 250,000 rows in the bench) while the planner prices them as selective.
 */
const isShortText = (query: string) => query.length > 0 && !/[\p{L}\p{N}]{3}/u.test(query);

/**
 * The text filter: the search text within the name or description, or a tag equal to it. A short
 * text is matched with strpos instead of LIKE (decision 032): the same rows, but no trigram index
 * can be chosen for it, so the newest-first index is walked instead.
 */
function textFilter(t: ProductColumns, query: string): SQL {
  const text = query.toLowerCase();
  const within = (column: AnyPgColumn) =>
    isShortText(query) ? sql`strpos(lower(${column}), ${text}) > 0` : sql`lower(${column}) like ${`%${escapeLike(query)}%`}`;
  return sql`(${within(t.name)} or ${within(t.description)} or ${t.tags} @> array[${text}]::text[])`;
}

/** Spec 1 §5 filters other than the storefront, on the product columns of `t` (table or subquery). */
function filtersOn(t: ProductColumns, input: SearchInput): (SQL | undefined)[] {
  const filters: (SQL | undefined)[] = [];
  if (input.category) filters.push(eq(t.category, input.category));
  if (input.featured !== undefined) filters.push(eq(t.featured, input.featured));
  if (input.minPrice !== undefined) filters.push(gte(t.price, input.minPrice));
  if (input.maxPrice !== undefined) filters.push(lte(t.price, input.maxPrice));
  if (input.tags?.length) filters.push(sql`${t.tags} && ${sql`array[${sql.join(input.tags.map((tag) => sql`${tag}`), sql`, `)}]::text[]`}`);
  if (input.inStock) filters.push(sql`(${t.trackInventory} = false or ${t.quantity} > 0)`);
  if (input.query) filters.push(textFilter(t, input.query));
  return filters;
}

/**
 * Spec 1 §5 product search: category, featured, price range, tags (any match), text over name,
 * description and tags (a tag matches the whole search text), in stock only (untracked inventory
 * counts as in stock); newest first, 20 a page. Two steps keep every search index-bound: the
 * newest RECENT_WINDOW active products (of the storefront, when given) are filtered in index
 * order and stop at a full page; if that falls short, all matches are collected (the subquery's
 * OFFSET 0 keeps the planner from walking the newest-first index for a rare filter) and sorted.
 * A text too short for the trigram indexes has no cheaper way to its matches than the newest-first
 * index, walked to the page's end in one step.
 */
export async function searchProducts({ ctx, input }: { ctx: ServiceCtx; input: SearchInput }) {
  const offset = input.cursor ?? 0;
  const take = PRODUCT_PAGE_SIZE + 1;
  const storefrontScope = input.storefrontId ? eq(products.storefrontId, input.storefrontId) : undefined;
  const scope = and(publicProducts, storefrontScope);
  if (isShortText(input.query)) {
    const rows = await ctx.db
      .select()
      .from(products)
      .where(and(scope, ...filtersOn(products, input)))
      .orderBy(...newestFirst(products))
      .limit(take)
      .offset(offset);
    return productPage(ctx.db, rows, offset);
  }
  // The window is the newest active products, the storefront probed only for those that pass the
  // filters: the public ones among them are still the newest public products, in order, and a
  // rare filter no longer pays RECENT_WINDOW probes before the second step (decision 030).
  const recent = ctx.db
    .select()
    .from(products)
    .where(and(activeProducts, storefrontScope))
    .orderBy(...newestFirst(products))
    .limit(RECENT_WINDOW)
    .as('recent');
  let rows = await ctx.db
    .select()
    .from(recent)
    .where(and(...filtersOn(recent, input), inPublicStorefront(recent)))
    .orderBy(...newestFirst(recent))
    .limit(take)
    .offset(offset);
  if (rows.length < take) rows = await allMatches(ctx.db, scope, input, take, offset);
  return productPage(ctx.db, rows, offset);
}

/** A page of search results with the shown products' photos. */
async function productPage(db: Db, rows: ProductRow[], offset: number) {
  const page = offsetPage(rows, offset, PRODUCT_PAGE_SIZE, (row) => row);
  return { ...page, items: await toProducts(db, page.items) };
}

/**
 * The OFFSET 0 fence of allMatches, as decision 013's checkout lookup writes it: Drizzle leaves out
 * an offset of the number 0 (it tests the value), which silently removed the fence.
 */
const OFFSET_ZERO_FENCE = sql`0` as unknown as number;

async function allMatches(db: Db, scope: SQL | undefined, input: SearchInput, take: number, offset: number) {
  const matches = db.select().from(products).where(and(scope, ...filtersOn(products, input))).offset(OFFSET_ZERO_FENCE).as('matches');
  return db.select().from(matches).orderBy(...newestFirst(matches)).limit(take).offset(offset);
}

/** Featured products (6), of one storefront or of the whole marketplace (/shop). */
export async function featuredProducts({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof featuredProductsInput> }) {
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(publicProducts, eq(products.featured, true), input.storefrontId ? eq(products.storefrontId, input.storefrontId) : undefined))
    .orderBy(...newestFirst(products))
    .limit(FEATURED_PRODUCTS);
  return toProducts(ctx.db, rows);
}
