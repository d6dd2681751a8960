import type { TrpcUtils } from '../../trpc';

/** How an artist route names its artist: /artist/{slug}/… or /artist/id/{id}/…. */
export type ArtistHandle = { slug: string } | { id: string };

/** The artist a route names: what its loader loads and its page reads, under one query key. */
export function artistQuery(utils: TrpcUtils, handle: ArtistHandle) {
  return 'slug' in handle
    ? utils.artist.bySlug.queryOptions(handle, { retry: false })
    : utils.artist.byId.queryOptions(handle, { retry: false });
}

/** The search /artists starts with (no filter): its route's loader loads the first page. */
export const ARTIST_SEARCH_START = { query: '', styles: [] };
