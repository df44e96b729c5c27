/**
 * A browser cookie session shared by the tabs of one browser. Loaded (by `import()`) when an app first uses a
 * session over the browser cookie store; apps in Node, and sessions over any other store, never load it.
 *
 * - The store is watched (it polls `document.cookie` every 100 ms while subscribed): when another tab signs out,
 *   this tab's session ends too (its `onInvalidate` listeners are told and the app forgets everything it cached
 *   for it); when another tab signs in, the app forgets what it cached for the previous user; a token another tab
 *   refreshed is simply taken.
 * - Refreshes are coordinated with the other tabs (`cross-tab-refresh.ts`, loaded with the first refresh): tabs
 *   needing one at once make one. If that module cannot be loaded (the page's server went away), the tab refreshes
 *   by itself.
 * @internal
 * @module
 */
import Cookies from "js-cookie";
import type { RefreshCoordinator, Session } from "./session";

/**
 * Subscribes `session` (over the browser cookie store) to the changes other tabs make, and returns what
 * coordinates its refreshes with theirs.
 * @internal
 * @example
 * session.crossTab = import("../session/cross-tab").then((m) => m.shareAcrossTabs(session, core));
 */
export function shareAcrossTabs(session: Session, core: { readonly projectId: string; onSessionInvalidated?: (session: Session) => void }): RefreshCoordinator {
  session.store.subscribe!((tokens) => {
    const known = session.known;
    const signedIn = !!(tokens.refreshToken || tokens.accessToken);
    // Writes of this session come back here with the tokens it already knows: nothing to do.
    if (tokens.refreshToken === known.refreshToken && (tokens.refreshToken || tokens.accessToken === known.accessToken)) {
      session.known = { ...tokens }; // at most a new access token, refreshed by another tab
    } else if (!signedIn) {
      // Signed out in another tab. The cookies are gone already, so ending the session writes nothing.
      session.invalidate().catch(() => {});
    } else {
      session.known = { ...tokens };
      session.invalid = false;
      core.onSessionInvalidated?.(session); // another identity: what was cached for the previous one is forgotten
    }
  });
  return (run, refreshToken, replaced) =>
    import("./cross-tab-refresh").then(
      (m) => m.refreshAcrossTabs(core.projectId, session, run, refreshToken, replaced, { cookies: Cookies }),
      () => run(),
    );
}
