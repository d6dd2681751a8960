import type { TrpcUtils } from '../../../trpc';
import type { ProductSearchFilters } from '../types';

/**
 * A storefront as the storefront, checkout and manage routes load it in their loaders and their
 * pages read it (`trpc.storefront.byId.useSuspenseQuery` with the same input: one query key).
 */
export const storefrontQuery = (utils: TrpcUtils, storefrontId: string) => utils.storefront.byId.queryOptions({ storefrontId }, { retry: false });

/** The product search a storefront page starts with (its route's loader loads its first page). */
export const INITIAL_PRODUCT_FILTERS: ProductSearchFilters = { query: '' };
