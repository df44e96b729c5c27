import type { AuthContext } from "../auth/context";
import { createCurrentUser } from "../apps/current-user";
import type { CurrentUser } from "../apps/current-user";
import { requireString } from "../apps/options";
import type { KnownErrors } from "../errors";
import { isKnownErrorOf } from "../errors/known-error";
import type { Session } from "../session/session";
import { err, ok } from "../util/result";
import type { Result } from "../util/result";
import { apiKeyFromJson } from "./api-keys";
import type { ApiKey, ApiKeyJson } from "./api-keys";
import { createServerSession, serverUserMethods } from "./server-user-methods";
import type { ServerUserMethods } from "./server-user-methods";
import { getServerUser, serverUserDataFromJson, updateServerUser } from "./server-users";
import type { ServerUser, ServerUserData, ServerUserJson, ServerUserUpdate } from "./server-users";

/**
 * The signed-in user of a session, read by a server: every {@link CurrentUser} action (bound to that session)
 * plus the server fields and the server-only actions. `update` takes the server fields too.
 *
 * @example
 * const user = await server.getUser({ tokenStore: request });
 * if (user) await user.setServerMetadata({ lastSeenFrom: "api" });
 */
export interface CurrentServerUser
  extends Omit<CurrentUser, "selectedTeam" | "update">,
    ServerUserData,
    Pick<
      ServerUserMethods,
      "setClientReadOnlyMetadata" | "setServerMetadata" | "setPrimaryEmail" | "grantPermission" | "revokePermission" | "createSession"
    > {
  /**
   * Changes fields of the user, server fields included (`PATCH /users/{id}`).
   * @example
   * await user.update({ displayName: "Ada", serverMetadata: { plan: "pro" } });
   */
  update(data: ServerUserUpdate): Promise<void>;
}

/**
 * @internal The user of `session` (read with the server key, so in server form) as a {@link CurrentServerUser}.
 * @example
 * const user = createCurrentServerUser(ctx, session, json);
 */
export function createCurrentServerUser(ctx: AuthContext, session: Session, json: ServerUserJson): CurrentServerUser {
  const client = createCurrentUser(ctx, session, json);
  const server = serverUserMethods(ctx, json.id);
  return {
    ...client,
    ...serverUserDataFromJson(ctx, json),
    update: (body) => updateServerUser(ctx, json.id, body),
    setClientReadOnlyMetadata: server.setClientReadOnlyMetadata,
    setServerMetadata: server.setServerMetadata,
    setPrimaryEmail: server.setPrimaryEmail,
    grantPermission: server.grantPermission,
    revokePermission: server.revokePermission,
    createSession: (options) => createServerSession(ctx, json.id, options),
  };
}

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
  ctx: AuthContext,
  value: string,
): Promise<Result<ApiKey<"user" | "team">, KnownErrors["ApiKeyNotValid"]>> {
  requireString(value, "apiKey");
  const check = (kind: "user" | "team") =>
    ctx.core.expect<ApiKeyJson, KnownErrors["ApiKeyNotValid"]>(
      () => ctx.core.request<ApiKeyJson>({ method: "POST", path: `/${kind}-api-keys/check`, body: { api_key: value } }),
      ["API_KEY_NOT_VALID"],
    );
  const marked = markedType(value);
  let result = await check(marked ?? "user");
  if (!marked && result.status === "error" && (isKnownErrorOf(result.error, "API_KEY_NOT_FOUND") || isKnownErrorOf(result.error, "WRONG_API_KEY_TYPE"))) {
    result = await check("team");
  }
  if (result.status === "error") return err(result.error);
  return ok(apiKeyFromJson(ctx, null as unknown as Session, result.data) as ApiKey<"user" | "team">);
}

/**
 * @internal The owner of a user API key, or null when the key is unknown, revoked, expired or a team key.
 * @example
 * const owner = await getUserByApiKey(ctx, value); // null for an invalid key
 */
export async function getUserByApiKey(ctx: AuthContext, apiKey: string): Promise<ServerUser | null> {
  requireString(apiKey, "apiKey");
  const result = await ctx.core.expect<ApiKeyJson>(
    () => ctx.core.request<ApiKeyJson>({ method: "POST", path: "/user-api-keys/check", body: { api_key: apiKey } }),
    ["API_KEY_NOT_VALID"],
  );
  if (result.status === "error" || !result.data.user_id) return null;
  return getServerUser(ctx, result.data.user_id);
}
