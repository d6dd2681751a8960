import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { changeFeedCachePerDatabase } from '../../lib/change-feed-cache';
import type { studioSearchInput } from './inputs';
import type { searchStudios } from './service';

// /studios sends the same few searches all day (the empty search, the first letters people type,
// the next pages); their answers depend on the shops table alone, which announces its changes on
// SHOP_CHANGES_CHANNEL (migration 0017). Answers are kept per process until the next change.

export const SHOP_CHANGES_CHANNEL = 'inklink_shops';
const TTL_MS = 60_000;
const MAX_ENTRIES = 500;

type SearchPage = Awaited<ReturnType<typeof searchStudios>>;
type SearchInput = z.output<typeof studioSearchInput>;

const cacheOf = changeFeedCachePerDatabase<SearchPage>({ channel: SHOP_CHANGES_CHANNEL, ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });

/** One key per distinct answer: the service lowercases the text before matching. */
export function searchKey(input: SearchInput) {
  return JSON.stringify([
    input.query.toLowerCase(),
    input.state ?? null,
    Boolean(input.lookingForResident),
    Boolean(input.lookingForGuest),
    input.near ? [input.near.latitude, input.near.longitude] : null,
    input.cursor ?? 0,
  ]);
}

/** The search's answer, from this process's cache when no shop changed since it was computed. */
export function cachedSearch(deps: AppDeps, input: SearchInput, search: () => Promise<SearchPage>) {
  return cacheOf(deps.database, deps.logger).get(searchKey(input), search);
}
