import type { IncomingMessage } from "node:http";
import type { EmulatorCore } from "../core";
import { known, StatusError } from "../errors";
import { readHeader, type AuthInfo } from "../http/context";
import type { AccessType } from "../http/router";
import type { ProjectRecord } from "../store/types";
import { verifyAccessToken } from "../tokens/access-token";
import { findKeySet, managedProjectIds } from "./checks";

const ACCESS_TYPES: readonly string[] = ["client", "server", "admin"];

/**
 * The sentinel publishable key meaning "no key" (wire §2).
 *
 * @example
 * const keyless = key === PUBLIC_CLIENT_SENTINEL;
 */
export const PUBLIC_CLIENT_SENTINEL = "__stack_public_client__";

/**
 * Resolves a request's project authentication in the platform's exact order (wire §3). Returns `null` when no
 * access type was sent; throws the platform's known errors otherwise.
 *
 * @example
 * const auth = await resolveAuth(core, req);
 */
export async function resolveAuth(core: EmulatorCore, req: IncomingMessage): Promise<AuthInfo | null> {
  const h = (name: string) => readHeader(req, name) || undefined;
  const projectId = h("x-stack-project-id");
  const branchId = h("x-stack-branch-id") ?? "main";
  const accessType = h("x-stack-access-type");
  const publishableKey = h("x-stack-publishable-client-key");
  const serverKey = h("x-stack-secret-server-key");
  const adminKey = h("x-stack-super-secret-admin-key");
  const adminAccessToken = h("x-stack-admin-access-token");
  const accessToken = h("x-stack-access-token");
  const allowAnonymous = h("x-stack-allow-anonymous-user") === "true";
  const allowRestricted = allowAnonymous || h("x-stack-allow-restricted-user") === "true";

  // 1–4: header combinations
  if (!accessType && (publishableKey || serverKey || adminKey || adminAccessToken)) throw known("PROJECT_KEY_WITHOUT_ACCESS_TYPE");
  if (!accessType) return null;
  if (!ACCESS_TYPES.includes(accessType)) throw known("INVALID_ACCESS_TYPE", undefined, { accessType });
  const type = accessType as AccessType;
  if (!projectId) throw known("ACCESS_TYPE_WITHOUT_PROJECT_ID", { request_type: type });

  // 5: the user's access token
  let userId: string | undefined;
  let refreshTokenId: string | undefined;
  let tokenKind: AuthInfo["tokenKind"];
  if (accessToken) {
    const result = await verifyAccessToken(core.keys, core.settings.baseUrl, accessToken);
    if (!result.ok) throw result.error;
    if (result.projectId !== projectId) {
      throw known("INVALID_PROJECT_FOR_ACCESS_TOKEN", { expected_project_id: projectId, actual_project_id: result.projectId });
    }
    if (result.kind === "anonymous" && !allowAnonymous) throw known("ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
    if (result.kind === "restricted" && !allowRestricted) {
      const reason = (result.payload.restricted_reason as { type: string } | null) ?? { type: "email_not_verified" };
      throw known("RESTRICTED_USER_NOT_ALLOWED", { restricted_reason: reason });
    }
    ({ userId, refreshTokenId } = result);
    tokenKind = result.kind;
  }

  // 6: the project
  const project = core.store.projects.get(projectId);
  if (!project) throw known("CURRENT_PROJECT_NOT_FOUND", { project_id: projectId });

  // 7: keys, or an admin access token instead of keys
  if (adminAccessToken) await checkAdminAccessToken(core, adminAccessToken, project);
  else checkKeys(project, type, { publishableKey, serverKey, adminKey });

  // 8: branch
  if (branchId !== "main") throw known("BRANCH_DOES_NOT_EXIST", { branch_id: branchId });

  const user = userId ? core.store.users.get(userId) : undefined;
  const liveUser = user && user.projectId === projectId ? user : undefined;
  return { type, project, branchId, user: liveUser, refreshTokenId, tokenKind };
}

function checkKeys(
  project: ProjectRecord,
  type: AccessType,
  keys: { publishableKey?: string; serverKey?: string; adminKey?: string },
): void {
  const projectId = project.id;
  if (type === "client") {
    const key = keys.publishableKey;
    if (!key || key === PUBLIC_CLIENT_SENTINEL) {
      if (project.config.requirePublishableClientKey) throw known("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT", { project_id: projectId });
      return;
    }
    if (!findKeySet(project, "publishableClientKey", key)) throw known("INVALID_PUBLISHABLE_CLIENT_KEY", { project_id: projectId });
  } else if (type === "server") {
    if (!keys.serverKey) throw known("SERVER_AUTHENTICATION_REQUIRED");
    if (!findKeySet(project, "secretServerKey", keys.serverKey)) throw known("INVALID_SECRET_SERVER_KEY", { project_id: projectId });
  } else {
    if (!keys.adminKey) throw known("ADMIN_AUTHENTICATION_REQUIRED");
    if (!findKeySet(project, "superSecretAdminKey", keys.adminKey)) throw known("INVALID_SUPER_SECRET_ADMIN_KEY", { project_id: projectId });
  }
}

async function checkAdminAccessToken(core: EmulatorCore, token: string, project: ProjectRecord): Promise<void> {
  const result = await verifyAccessToken(core.keys, core.settings.baseUrl, token);
  if (!result.ok) {
    if (result.error.code === "ACCESS_TOKEN_EXPIRED") {
      throw known("ADMIN_ACCESS_TOKEN_EXPIRED", { expired_at_millis: result.error.details?.expired_at_millis ?? null });
    }
    throw known("UNPARSABLE_ADMIN_ACCESS_TOKEN");
  }
  if (result.projectId !== "internal") throw known("ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
  const user = core.store.users.get(result.userId);
  if (!user || user.projectId !== "internal") {
    throw new StatusError(401, "The user associated with the admin access token is no longer valid. Please refresh the admin access token and try again.");
  }
  if (!managedProjectIds(core.store, user.id).includes(project.id)) throw known("ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
}
