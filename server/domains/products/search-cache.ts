import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { changeFeedCachePerDatabase } from '../../lib/change-feed-cache';
import type { productSearchInput } from './inputs';
import type { searchProducts } from './search';

// The storefront pages and /shop send the same few searches all day (a storefront's grid, the
// categories, the first letters people type, the next pages). An answer depends on the products
// storefronts and product_photos tables alone, which announce their changes on
// PRODUCT_CHANGES_CHANNEL (migrations 0018, 0031); answers are kept per process until the next change.

export const PRODUCT_CHANGES_CHANNEL = 'inklink_products';

type SearchPage = Awaited<ReturnType<typeof searchProducts>>;
type SearchInput = z.output<typeof productSearchInput>;

/** A minute at most should a notification be lost; ~2,000 answers of 20 products each. */
const productCacheOf = changeFeedCachePerDatabase<SearchPage>({ channel: PRODUCT_CHANGES_CHANNEL, ttlMs: 60_000, maxEntries: 2_000 });

/**
 * One key per distinct answer: the search lowercases its text, and tags match when any is shared,
 * so their order and repeats do not change the answer.
 */
export function productSearchKey(input: SearchInput) {
  return JSON.stringify([
    input.storefrontId ?? null,
    input.query.toLowerCase(),
    input.category ?? null,
    input.featured ?? null,
    input.minPrice ?? null,
    input.maxPrice ?? null,
    input.tags?.length ? [...new Set(input.tags)].sort() : null,
    Boolean(input.inStock),
    input.cursor ?? 0,
  ]);
}

/** The search's answer, from this process's cache when no product or storefront changed since. */
export function cachedProductSearch(deps: AppDeps, input: SearchInput, search: () => Promise<SearchPage>) {
  return productCacheOf(deps.database, deps.logger).get(productSearchKey(input), search);
}
