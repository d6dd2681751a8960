import type { TrpcUtils } from '../../trpc';

/** Whose storefront a page's Shop section shows: an artist (their user id) or a studio. */
export type StorefrontOwner = { ownerType: 'user' | 'shop'; ownerId: string };

/** The Shop section's data: what the page's loader loads and the section reads, under one query key. */
export const showcaseQuery = (utils: TrpcUtils, owner: StorefrontOwner) => utils.product.showcase.queryOptions(owner);
