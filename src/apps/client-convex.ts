import { contextOf } from "../core/context";
import type { ConvexAuthOptions, ConvexFetchTokenArgs } from "../auth/convex-types";
import { optionalObject } from "../util/validate";
import { callLater, laterGroup } from "./call-later";

/**
 * The Convex helpers of every app (client, server, admin): access tokens of the app's session for a Convex client,
 * which Convex verifies with the keys `getConvexProvidersConfig` names. Reading the user back inside a Convex
 * function is `getPartialUser({ from: "convex", ctx })` (and, on a server app, `getUser({ from: "convex", ctx })`).
 *
 * @example
 * const convex = new ConvexReactClient(process.env.NEXT_PUBLIC_CONVEX_URL!);
 * convex.setAuth(app.getConvexClientAuth({}));
 */
export interface ClientConvex {
  /**
   * The function to give `ConvexReactClient.setAuth` / `ConvexClient.setAuth`: Convex calls it with
   * `{ forceRefreshToken }` and it answers the session's access token, or null when signed out. Without
   * `forceRefreshToken` the token is one valid for at least 20 s and issued at most 75 s ago (refreshed when not);
   * with it, a newly refreshed one (Convex asks so when its server refused the last token or it is about to expire).
   * `tokenStore` picks the session (default: the app's). Options that are not an object, or no token store at all,
   * throw an `ArgumentError` now; the browser `"cookie"` store is only made on Convex's first call.
   *
   * @example
   * const convex = new ConvexReactClient(process.env.NEXT_PUBLIC_CONVEX_URL!);
   * convex.setAuth(app.getConvexClientAuth({}));
   * // or, for a session of its own: app.getConvexClientAuth({ tokenStore: { accessToken, refreshToken } })
   */
  getConvexClientAuth(options?: ConvexAuthOptions): (args: ConvexFetchTokenArgs) => Promise<string | null>;

  /**
   * The access token to give `ConvexHttpClient.setAuth` (valid for at least 20 s and issued at most 75 s ago,
   * refreshed when not), or `""` when signed out, as the official SDK answers. Call it again for each batch of
   * requests: the client keeps the string it was given.
   *
   * @example
   * const http = new ConvexHttpClient(process.env.CONVEX_URL!);
   * http.setAuth(await app.getConvexHttpClientAuth({ tokenStore: request }));
   * const tasks = await http.query(api.tasks.list);
   */
  getConvexHttpClientAuth(options?: ConvexAuthOptions): Promise<string>;
}

/**
 * @internal The Convex helpers' code (the token code loads on first use: an app that never talks to Convex never
 * downloads it).
 */
export const ClientConvex = /* @__PURE__ */ laterGroup<ClientConvex>({
  getConvexClientAuth(options) {
    const ctx = contextOf(this);
    const { tokenStore } = optionalObject(options, "getConvexClientAuth options") as ConvexAuthOptions;
    const effective = tokenStore === undefined ? ctx.core.options.tokenStore : tokenStore;
    if (effective !== "cookie") ctx.core.session(tokenStore); // no store, or a bad one: the ArgumentError now
    return (args) => callLater<typeof import("../auth/convex").fetchConvexToken>(ctx, "fetchConvexToken", [tokenStore, args]);
  },
  getConvexHttpClientAuth: "convexHttpClientAuth",
});
