import type { AppContext } from "../core/context";
import { createCache } from "../cache";
import type { ReadCache } from "../cache";
import { emitCacheChange } from "../cache/changes";
import type { CacheName } from "./cache-names";

/**
 * The app's read cache named `name`, created with `fetcher` on first use. A resource module defines its
 * fetcher once and reads and refreshes through this, so reads dedupe and mutations refresh the same entries.
 * Each refresh or invalidation is also told to the context's change listeners (see `cache/changes.ts`).
 * @internal
 */
export function resourceCache<D extends readonly unknown[], V>(
  ctx: AppContext,
  name: CacheName,
  fetcher: (...deps: D) => Promise<V>,
): ReadCache<D, V> {
  let cache = ctx.caches.get(name);
  if (!cache) {
    // Each refresh or invalidation goes from the cache straight to the change listeners (bound: no stop on the way).
    const onOutdate = emitCacheChange.bind(null, ctx, name);
    ctx.caches.set(name, (cache = createCache(fetcher, { onOutdate }) as ReadCache<readonly unknown[], unknown>));
  }
  return cache as unknown as ReadCache<D, V>;
}

/** @internal The platform's list envelope. */
export interface ListJson<T> {
  items: T[];
  is_paginated?: boolean;
  pagination?: { next_cursor: string | null };
}
