import type { AuthContext } from "../auth/context";
import { createCache } from "../cache";
import type { ReadCache } from "../cache";
import { emitCacheChange } from "../cache/changes";

/**
 * The app's read cache named `name`, created with `fetcher` on first use. A resource module defines its
 * fetcher once and reads and refreshes through this, so reads dedupe and mutations refresh the same entries.
 * Each refresh or invalidation is also told to the context's change listeners (see `cache/changes.ts`).
 * @internal
 */
export function resourceCache<D extends readonly unknown[], V>(
  ctx: AuthContext,
  name: string,
  fetcher: (...deps: D) => Promise<V>,
): ReadCache<D, V> {
  let cache = ctx.caches.get(name);
  if (!cache) ctx.caches.set(name, (cache = signalling(ctx, name, createCache(fetcher) as ReadCache<readonly unknown[], unknown>)));
  return cache as unknown as ReadCache<D, V>;
}

/** @internal `cache`, telling `ctx`'s change listeners after each refresh and invalidation. */
function signalling<D extends readonly unknown[], V>(ctx: AuthContext, name: string, cache: ReadCache<D, V>): ReadCache<D, V> {
  const told = <R>(result: R, deps: D | null): R => (emitCacheChange(ctx, name, deps), result);
  return {
    ...cache,
    refresh: (deps) => told(cache.refresh(deps), deps),
    refreshWhere: (predicate) => told(cache.refreshWhere(predicate), null),
    invalidate: (deps) => told(cache.invalidate(deps), deps),
    invalidateWhere: (predicate) => told(cache.invalidateWhere(predicate), null),
  };
}

/** @internal The platform's list envelope. */
export interface ListJson<T> {
  items: T[];
  is_paginated?: boolean;
  pagination?: { next_cursor: string | null };
}
