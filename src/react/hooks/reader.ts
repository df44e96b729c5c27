import type { Watch } from "../../cache/observer";
import type { CacheName } from "../../resources/cache-names";

/**
 * @internal What a hook's read watches: caches of the resources by name (a name no resource owns does not compile),
 * or `"request"` for writes that change what no cache names (`["request", method, path]`).
 * @example
 * const watch: ReadWatch[] = [["teams", ANY], ["request"]];
 */
export type ReadWatch = Watch<CacheName | "request">;

/**
 * @internal A hook's read of one app, as `useRead` does it (bound to the app): `load` under `key`, watching `watch`;
 * `present` turns what was loaded into what the hook hands out; `hold` says when the read's session ended.
 * @example
 * const teams = read(`user:${id}:teams`, [["teams", ANY]], () => user.listTeams());
 */
export type Reader = <T, S = T>(key: string, watch: readonly ReadWatch[], load: () => Promise<T>, present?: (value: T) => S, hold?: () => boolean) => S;

/** @internal A stable text for hook arguments in a read key (functions and stores left out). */
export const argKey = (value: unknown): string =>
  JSON.stringify(value, (_k, v) => (typeof v === "function" || (v && typeof v === "object" && !Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype) ? undefined : v)) ?? "";
