import type { TrpcUtils } from '../../trpc';

/** How a studio route names its studio: /studio/{slug}/… or /studio/id/{id}/…. */
export type StudioHandle = { slug: string } | { id: string };

/** The studio a route names: what its loader loads and its page reads, under one query key. */
export function studioQuery(utils: TrpcUtils, handle: StudioHandle) {
  return 'slug' in handle
    ? utils.studio.bySlug.queryOptions(handle, { retry: false })
    : utils.studio.byId.queryOptions(handle, { retry: false });
}

/**
 * The search /studios starts with: its route's loader loads the first page. StudiosPage.tsx still
 * has its own copy (another change owns it this session): it is to import this one.
 */
export const STUDIO_SEARCH_START = { query: '' };
