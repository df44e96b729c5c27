import type { AppContext } from "../core/context";
import { forgetSession } from "../core/context";
import { createCurrentUser } from "./current-user";
import type { CurrentUser } from "./current-user";
import { requireString } from "../util/validate";
import type { KnownErrors } from "../errors";
import { ArgumentError, LatchkeyError } from "../errors/base";
import { isKnownErrorOf } from "../errors/known-error-of";
import type { Session } from "../session/session";
import { err, ok } from "../util/result";
import type { Result } from "../util/result";
import type { ApiKey, ApiKeyJson } from "../resources/api-keys/client";
import { getServerUser } from "../resources/users/server";
import { serverUserFromJson } from "../resources/users/server-objects";
import { SERVER_USER_CACHE as SERVER_CACHE } from "../resources/server-cache-keys";
import { deleteServerUser } from "../resources/users/server-requests";
import type { ServerUser, ServerUserData, ServerUserMethods } from "../resources/users/server-types";
import type { ServerUserJson } from "../resources/users/server-json";

/**
 * The client's API-key code, loaded when a key is used: a static import from this server-only module would make
 * bundlers split it out of the chunk pages load for API keys (see scripts/browser-tree.mjs, server-lazy.js).
 */
const apiKeys = () => import("../resources/api-keys/client");

/**
 * The signed-in user of a session, read by a server: every {@link ServerUser} field and action (server endpoints,
 * server objects) plus what belongs to the session — `signOut`, the token getters and the other members of
 * {@link CurrentUser} a server user lacks. `updatePassword` and `getActiveSessions` go through the session (so the
 * current session survives a password change and is marked in the list); `delete` also signs the session out.
 *
 * @example
 * const user = await server.getUser({ tokenStore: request });
 * if (user) await user.setServerMetadata({ lastSeenFrom: "api" });
 */
export interface CurrentServerUser extends Omit<CurrentUser, keyof ServerUser>, ServerUserData, ServerUserMethods {
  /**
   * Deletes the user with the server key (`DELETE /users/{id}`, so the project's client-deletion switch does not
   * apply), then signs this session out locally.
   * @example
   * await user.delete();
   */
  delete(): Promise<void>;
}

/**
 * @internal The user of `session` (read with the server key, so in server form) as a {@link CurrentServerUser}.
 * @example
 * const user = createCurrentServerUser(ctx, session, json);
 */
export function createCurrentServerUser(ctx: AppContext, session: Session, json: ServerUserJson): CurrentServerUser {
  const client = createCurrentUser(ctx, session, json);
  const { updatePassword, getActiveSessions } = client; // the client user's own, before the server user's replace them
  // Object.assign onto the client user, not spreads into a literal (V8's slow path for closures, see createCurrentUser).
  return Object.assign(client, serverUserFromJson(ctx, json), {
    async updatePassword(options) {
      const error = await updatePassword(options);
      if (!error) await ctx.caches.get(SERVER_CACHE.sessions)?.refresh([json.id]); // the other sessions ended
      return error;
    },
    getActiveSessions,
    async delete() {
      await deleteServerUser(ctx, json.id);
      await session.invalidate();
      forgetSession(ctx, session);
    },
  } satisfies Partial<CurrentServerUser>) as CurrentServerUser;
}

/**
 * What `ServerApp.getUser({ apiKey, or })` does when the key has no valid owner: `"return-null"` (default) and
 * `"anonymous"` (accepted as the official SDK accepts it) give null, `"throw"` throws a `NotSignedInError`.
 *
 * @example
 * const owner = await server.getUser({ apiKey, or: "anonymous" }); // ServerUser | null
 */
export type ApiKeyUserOr = "return-null" | "anonymous" | "throw";

/** The key's type from its `user` / `team` marker, or null when the value does not carry one. */
function markedType(value: string): "user" | "team" | null {
  const match = /(user|team).574ck4u7h[0-9a-f]{8}$/.exec(value);
  return match ? (match[1] as "user" | "team") : null;
}

/**
 * @internal `POST /user-api-keys/check` or `/team-api-keys/check`, chosen by the key's type marker; a value without
 * a marker is checked as a user key first, then (if not found there, or of the wrong type) as a team key.
 * @example
 * const result = await checkApiKey(ctx, value);
 */
export async function checkApiKey(
  ctx: AppContext,
  value: string,
): Promise<Result<ApiKey<"user" | "team">, KnownErrors["ApiKeyNotValid"]>> {
  requireString(value, "apiKey");
  const check = (kind: "user" | "team") =>
    ctx.core.expect<ApiKeyJson, KnownErrors["ApiKeyNotValid"]>(
      () => ctx.core.request<ApiKeyJson>({ expect: "id", method: "POST", path: `/${kind}-api-keys/check`, body: { api_key: value } }),
      ["API_KEY_NOT_VALID"],
    );
  const marked = markedType(value);
  let result = await check(marked ?? "user");
  if (!marked && result.status === "error" && (isKnownErrorOf(result.error, "API_KEY_NOT_FOUND") || isKnownErrorOf(result.error, "WRONG_API_KEY_TYPE"))) {
    result = await check("team");
  }
  if (result.status === "error") return err(result.error);
  return ok((await apiKeys()).apiKeyFromJson(ctx, null as unknown as Session, result.data) as ApiKey<"user" | "team">);
}

/**
 * @internal The owner of a user API key. When the key is unknown, revoked, expired or a team key (or its owner is
 * gone): null with `or: "return-null"` (default) or `"anonymous"` (the official SDK takes it and returns null too:
 * an API key never creates a user), a `NotSignedInError` (`LatchkeyError`, the platform's refusal as `cause`) with
 * `or: "throw"`.
 * @example
 * const owner = await getUserByApiKey(ctx, value); // null for an invalid key
 * const sure = await getUserByApiKey(ctx, value, "throw");
 */
export async function getUserByApiKey(
  ctx: AppContext,
  apiKey: string,
  or: ApiKeyUserOr = "return-null",
): Promise<ServerUser | null> {
  requireString(apiKey, "apiKey");
  if (or !== "return-null" && or !== "anonymous" && or !== "throw") {
    throw new ArgumentError(`getUser({ apiKey })'s "or" must be "return-null", "anonymous" or "throw", got ${JSON.stringify(or)}.`);
  }
  const result = await ctx.core.expect<ApiKeyJson>(
    () => ctx.core.request<ApiKeyJson>({ expect: "id", method: "POST", path: "/user-api-keys/check", body: { api_key: apiKey } }),
    ["API_KEY_NOT_VALID"],
  );
  const user = result.status === "ok" && result.data.user_id ? await getServerUser(ctx, result.data.user_id) : null;
  if (user || or !== "throw") return user;
  const why = result.status === "error" ? result.error.message : "the key is not a valid user API key";
  throw new LatchkeyError(`getUser({ apiKey, or: "throw" }) found no user: ${why}`, "NotSignedInError", {
    cause: result.status === "error" ? result.error : undefined,
  });
}
