/**
 * The read cache: dependency-keyed entries with deduplicated reads, a 300 ms throttle of background refetches (a
 * caller that awaits never waits for it) and 5 s eviction of entries nobody subscribes to. The React layer
 * subscribes to it; it never fetches on its own.
 *
 * @example
 * import { createCache } from "./cache";
 * const users = createCache((session: Session) => fetchCurrentUser(session));
 */
export { createCache } from "./cache";
export type { ReadCache, ReadCacheOptions } from "./cache";
