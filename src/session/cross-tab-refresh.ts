/**
 * One refresh for all the tabs of a browser that share a cookie session. Loaded (by `import()`) with the first
 * refresh of a session over the browser cookie store: a page whose tokens are fresh (one that just signed in)
 * never downloads it, and other stores never load it.
 *
 * With the Web Locks API, a tab refreshes while holding the lock `latchkey-refresh-<projectId>`; a tab that
 * needed a refresh at the same time gets the lock next, re-reads the cookies and finds the new access token
 * there. Without it (an http page other than localhost, older browsers), a short-lived marker cookie
 * `latchkey-refreshing-<projectId>` says a tab is refreshing, and the others poll the token cookies meanwhile.
 *
 * No tab ever waits for another one for longer than {@link CROSS_TAB_WAIT_MS}: a tab that was closed releases
 * its lock (or its marker runs out), and a tab that holds the lock without ever finishing is given up on; then
 * the waiting tab refreshes by itself.
 * @internal
 * @module
 */
import type Cookies from "js-cookie";
import type { TokenPair } from "../token-stores/types";
import { accessTokenExpiresAt, MIN_TOKEN_VALIDITY_MS } from "./jwt";
import type { Session } from "./session";

/**
 * The longest a tab waits for another tab's refresh before it refreshes by itself.
 * @internal
 * @example
 * await refreshAcrossTabs(projectId, session, run, refreshToken, replaced, { cookies: Cookies, waitMs: CROSS_TAB_WAIT_MS });
 */
export const CROSS_TAB_WAIT_MS = 5_000;

/**
 * The part of the Web Locks API (`navigator.locks`) used here.
 * @internal
 * @example
 * const locks: LockRequester | undefined = navigator.locks;
 */
export interface LockRequester {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/**
 * Settings of {@link refreshAcrossTabs}; the defaults are the browser's and the constants above.
 * @internal
 * @example
 * const options: CrossTabOptions = { cookies: Cookies, locks: null, waitMs: 200 }; // the cookie fallback, a short wait (tests)
 */
export interface CrossTabOptions {
  /**
   * js-cookie, for the marker cookie of the fallback without Web Locks. Given by the caller, which is part of the
   * client core: an import of js-cookie here, in a module loaded on demand, would make apps' bundlers cut js-cookie
   * into a file of its own that every page fetches.
   */
  cookies: typeof Cookies;
  /** The lock manager; `null` forces the cookie fallback. Default `navigator.locks` where it exists. */
  locks?: LockRequester | null;
  /** Default {@link CROSS_TAB_WAIT_MS}. */
  waitMs?: number;
}

/**
 * The stored tokens when another holder of `session`'s store (another tab) made the refresh of `replaced`
 * unnecessary: they signed in or out (the refresh token is no longer `refreshToken`), or they stored a different
 * access token with at least 20 s left, while this session has no reason to distrust it (it was not marked
 * expired, and no change to the user's claims was made here since). Else null.
 * @internal
 * @example
 * const tokens = await storedElsewhere(session, refreshToken, session.known.accessToken);
 */
export async function storedElsewhere(session: Session, refreshToken: string, replaced: string | null): Promise<TokenPair | null> {
  const current = await session.read();
  if (current.refreshToken !== refreshToken) return current;
  const { accessToken } = current;
  if (!accessToken || accessToken === replaced || accessToken === session.expiredToken || session.freshAt < session.marks()) return null;
  return accessTokenExpiresAt(accessToken) - session.now() >= MIN_TOKEN_VALIDITY_MS ? current : null;
}

/**
 * Runs `run` (the refresh of `refreshToken`, which stores its result in `session`'s store) unless another tab's
 * refresh makes it unnecessary (see {@link storedElsewhere}). One tab at a time refreshes; a tab that waited
 * re-reads the store first. Every wait is bounded (see the module's description).
 * @internal
 * @example
 * const tokens = await refreshAcrossTabs(projectId, session, run, refreshToken, session.known.accessToken, { cookies: Cookies });
 */
export async function refreshAcrossTabs(
  projectId: string,
  session: Session,
  run: () => Promise<TokenPair>,
  refreshToken: string,
  replaced: string | null,
  options: CrossTabOptions,
): Promise<TokenPair> {
  const waitMs = options.waitMs ?? CROSS_TAB_WAIT_MS;
  const locks = options.locks !== undefined ? options.locks : (globalThis.navigator as { locks?: LockRequester } | undefined)?.locks;
  const reuse = () => storedElsewhere(session, refreshToken, replaced);
  const work = async () => {
    const tokens = (await reuse()) ?? (await run());
    // Read the cookies back before letting the next tab in: a browser may still be writing them (Chromium hands
    // cookie writes to another process without waiting), and a read of this page's cookies waits for its writes.
    await session.read();
    return tokens;
  };
  if (locks) return withLock(locks, `latchkey-refresh-${projectId}`, waitMs, work);
  // The fallback is a module of its own: browsers with Web Locks (all current ones) never download it.
  return import("./cross-tab-marker").then((m) => m.withMarker(options.cookies, `latchkey-refreshing-${projectId}`, waitMs, work, reuse));
}

/** Runs `work` holding the lock `name`, or without it once `waitMs` passed (or the browser refused the lock). */
async function withLock(locks: LockRequester, name: string, waitMs: number, work: () => Promise<TokenPair>): Promise<TokenPair> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), waitMs);
  let granted = false;
  try {
    return await locks.request(name, { signal: controller.signal }, () => {
      granted = true;
      clearTimeout(timer);
      return work();
    });
  } catch (error) {
    if (granted) throw error; // the refresh itself failed
    return work(); // the holder did not let go in time: refresh alone
  } finally {
    clearTimeout(timer);
  }
}
