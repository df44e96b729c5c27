import { createContext, useContext, useSyncExternalStore } from "react";
import type { ClientApp } from "../../apps/client-app";
import { contextOf } from "../../core/context";
import { ReadObserver } from "../../cache/observer";
import type { Watch } from "../../cache/observer";
import type { CacheName } from "../../resources/cache-names";

/**
 * @internal What a hook's read watches: caches of the resources by name (a name no resource owns does not compile),
 * or `"request"` for writes that change what no cache names (`["request", method, path]`).
 * @example
 * const watch: ReadWatch[] = [["teams", ANY], ["request"]];
 */
export type ReadWatch = Watch<CacheName | "request">;

const stores = /* @__PURE__ */ new WeakMap<object, ReadObserver>();

/**
 * The React layer's read store of `app`, listening to the change signals of the app's caches.
 * @internal
 * @example
 * const store = readStoreOf(app);
 */
export function readStoreOf(app: ClientApp): ReadObserver {
  let store = stores.get(app);
  if (!store) {
    const ctx = contextOf(app);
    stores.set(app, (store = new ReadObserver([ctx, ctx.core])));
  }
  return store;
}

/**
 * The read store a provider hands to the hooks below it, for its app. In a browser it is the app's shared store
 * ({@link readStoreOf}); in a server render each provider makes its own, so one request's reads (its user, say)
 * are never served to another request rendering with the same app.
 * @internal
 */
export const StoreContext = /* @__PURE__ */ createContext<{ app: ClientApp; store: ReadObserver } | null>(null);

/**
 * Reads `load()` through the app's read store under `key`: suspends while the first load runs, throws its error
 * to the nearest error boundary, and re-renders only when a cache entry matching `watch` changed and the data
 * read again differs. `hold` says when the read's session has ended: it is then not read again, and a re-read that
 * failed keeps the value shown (the page is about to leave).
 * @internal
 * @example
 * const teams = useRead(app, `user:${user.id}:teams`, [["teams", ANY]], () => user.listTeams());
 */
export function useRead<T>(app: ClientApp, key: string, watch: readonly ReadWatch[], load: () => Promise<T>, hold?: () => boolean): T {
  const provided = useContext(StoreContext);
  const store = provided?.app === app ? provided.store : readStoreOf(app);
  const entry = store.entry(key, watch, load, hold);
  const state = useSyncExternalStore(entry.subscribe, entry.getSnapshot, entry.getSnapshot);
  if (state.status === "pending") throw store.pending(entry);
  if (state.status === "error") throw state.error;
  return state.value as T;
}

/** @internal A stable text for hook arguments in a read key (functions and stores left out). */
export const argKey = (value: unknown): string =>
  JSON.stringify(value, (_k, v) => (typeof v === "function" || (v && typeof v === "object" && !Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype) ? undefined : v)) ?? "";
