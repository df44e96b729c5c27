import { ArgumentError } from "../errors/base";
import { resolveTokenStore } from "../token-stores/resolve";
import type { TokenStoreInit } from "../token-stores/types";
import { Session } from "../session/session";
import type { AppCore } from "../core/app-core";

/**
 * What the official SDK's `InternalSession` offers that an admin app needs from a project owner's session:
 * latchkey's own sessions (`user._internalSession`) have it, and so do the official SDK's.
 *
 * @example
 * const owner: InternalSessionLike = (await dashboardApp.getUser({ or: "throw" }))._internalSession;
 */
export interface InternalSessionLike {
  getOrFetchLikelyValidTokens(minMillisUntilExpiration: number, maxMillisSinceIssued: number | null): Promise<{ accessToken: { token: string } } | null>;
  markAccessTokenExpired(accessToken?: { token: string }): void;
}

/**
 * How an `AdminApp` authenticates as a project owner instead of with the admin key: the owner's session
 * (`user._internalSession` of a user signed in to the platform's `internal` project), a function returning
 * their access token (or null), or their tokens / a token store.
 *
 * @example
 * const owner = await dashboard.getUser({ or: "throw" });
 * new AdminApp({ projectId, tokenStore: null, projectOwnerSession: owner._internalSession });
 * new AdminApp({ projectId, tokenStore: null, projectOwnerSession: async () => readOwnerAccessToken() });
 */
export type ProjectOwnerSession = InternalSessionLike | (() => Promise<string | null>) | Exclude<TokenStoreInit, null>;

/**
 * @internal Makes `core` send the owner's access token as `x-stack-admin-access-token`. A session is asked for a
 * token valid for 20 s and told when the platform refuses it (the request is then retried with a fresh one); a
 * function is called before every request, and a refused token is not retried.
 */
export function useProjectOwnerSession(core: AppCore, owner: ProjectOwnerSession): void {
  if (typeof owner === "function") {
    core.http.adminSession = {
      async getTokens() {
        const accessToken = await owner();
        if (accessToken != null && typeof accessToken !== "string") {
          throw new ArgumentError("The projectOwnerSession function must resolve to an access token string or null.");
        }
        return { accessToken: accessToken || null, refreshToken: null };
      },
    };
  } else if (typeof (owner as Partial<InternalSessionLike>)?.getOrFetchLikelyValidTokens === "function") {
    const session = owner as InternalSessionLike;
    let last: { token: string } | null = null;
    core.http.adminSession = {
      async getTokens() {
        last = (await session.getOrFetchLikelyValidTokens(20_000, null))?.accessToken ?? null;
        return { accessToken: last?.token ?? null, refreshToken: null };
      },
      markAccessTokenExpired: (token) => session.markAccessTokenExpired(last?.token === token ? last : undefined),
    };
  } else {
    // A user of the platform's `internal` project: its session refreshes against that project.
    const store = resolveTokenStore(owner as TokenStoreInit, { projectId: "internal" });
    if (!store) throw new ArgumentError("projectOwnerSession must be a token store or { accessToken, refreshToken }.");
    core.http.adminSession = new Session(store, (token) => core.refreshAccessToken(token, "internal"));
  }
}
