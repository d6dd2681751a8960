import type { AppDeps } from '../deps';
import { type ChangeFeedCache, type ChangeFeedCacheOptions, createChangeFeedCache } from './change-feed-cache';

/**
 * A change-feed cache per app instance (tests run several over one process), created on first
 * use so that a process which never serves the procedure never opens its LISTEN.
 */
export function changeFeedCachePerDeps<V>(options: ChangeFeedCacheOptions): (deps: AppDeps) => ChangeFeedCache<V> {
  const caches = new WeakMap<AppDeps, ChangeFeedCache<V>>();
  return (deps) => {
    let cache = caches.get(deps);
    if (!cache) {
      cache = createChangeFeedCache<V>(deps.database, deps.logger, options);
      caches.set(deps, cache);
    }
    return cache;
  };
}
