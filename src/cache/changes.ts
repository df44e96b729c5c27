/**
 * Change signals of an app's read caches: every refresh or invalidation of a cache entry (what a mutation does to
 * the reads it outdates) is told to the listeners of the app's context. The cache itself never needs them; they
 * exist so a UI layer (`latchkey/react`) can re-read exactly what a mutation changed.
 *
 * `deps` is the entry's dependency tuple, or `null` when a whole family of entries was touched at once
 * (e.g. everything of a session after a sign-out).
 *
 * @example
 * const stop = onCacheChange(ctx, (name, deps) => console.log("outdated:", name, deps));
 */
export type CacheChangeListener = (name: string, deps: readonly unknown[] | null) => void;

const listenersOf = /* @__PURE__ */ new WeakMap<object, Set<CacheChangeListener>>();

/**
 * Calls `listener` after each refresh or invalidation of the caches of `owner` (an app's auth context).
 * Returns the function that stops it. Add a listener once (a second add of the same function is one listener).
 * @internal
 * @example
 * const stop = onCacheChange(ctx, (name) => name === "teams" && rerender());
 */
export function onCacheChange(owner: object, listener: CacheChangeListener): () => void {
  let set = listenersOf.get(owner);
  if (!set) listenersOf.set(owner, (set = new Set()));
  set.add(listener);
  return () => void set!.delete(listener);
}

/**
 * Tells the listeners of `owner` that the entries `deps` of cache `name` (or all of them, for `null`) are
 * outdated. Listeners must not throw (the React layer's only queues work).
 * @internal
 * @example
 * emitCacheChange(ctx, "teams", [session]);
 */
export function emitCacheChange(owner: object, name: string, deps: readonly unknown[] | null): void {
  listenersOf.get(owner)?.forEach((listener) => listener(name, deps));
}
