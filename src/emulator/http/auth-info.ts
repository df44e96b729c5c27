import type { ProjectRecord, UserRecord } from "../store/types";
import type { TokenKind } from "../tokens/access-token";
import type { AccessType } from "./access-type";

/**
 * The resolved project authentication of a request (wire §3), or `null` when no access type was sent.
 *
 * @example
 * if (ctx.auth?.type === "client" && ctx.auth.user?.id !== userId) throw new StatusError(403, "…");
 */
export interface AuthInfo {
  type: AccessType;
  project: ProjectRecord;
  branchId: string;
  /** The user of `x-stack-access-token`, if it was sent and the user still exists. */
  user: UserRecord | undefined;
  /** The session (`refresh_token_id`) of the access token. */
  refreshTokenId: string | undefined;
  tokenKind: TokenKind | undefined;
}
