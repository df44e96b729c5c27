import type { JWTPayload } from "jose";
import { apiUrl } from "../http/client";
import { AccessTokenVerificationError } from "./access-token-errors";

/**
 * The three kinds of access token the platform issues, told apart by `aud` and `iss`: a normal user's, a
 * restricted user's (e.g. e-mail not verified yet) and an anonymous user's.
 *
 * @example
 * const kind: AccessTokenKind = token.isAnonymous ? "anonymous" : token.isRestricted ? "restricted" : "normal";
 */
export type AccessTokenKind = "normal" | "restricted" | "anonymous";

/**
 * Why a user is restricted, as the `restricted_reason` claim says.
 *
 * @example
 * if (token.restrictedReason?.type === "email_not_verified") askToVerify();
 */
export interface RestrictedReason {
  type: "anonymous" | "email_not_verified" | "restricted_by_administrator" | (string & {});
}

/**
 * A locally verified access token: the platform's claims in camelCase, plus the raw payload in `claims`.
 *
 * @example
 * const token: VerifiedAccessToken = await verifier.verify(request);
 * console.log(token.userId, token.sessionId, token.expiresAt.toISOString());
 */
export interface VerifiedAccessToken {
  /** The user's id (`sub`). */
  userId: string;
  /** The project the token belongs to (from `aud`). */
  projectId: string;
  /** The branch (`branch_id`, `"main"` on the platform). */
  branchId: string;
  /** The session the token was issued for (`refresh_token_id`). */
  sessionId: string;
  email: string | null;
  emailVerified: boolean;
  /** The user's display name (`name`). */
  displayName: string | null;
  selectedTeamId: string | null;
  isAnonymous: boolean;
  isRestricted: boolean;
  restrictedReason: RestrictedReason | null;
  requiresTotpMfa: boolean;
  /** From `signed_up_at`, which is in seconds. */
  signedUpAt: Date;
  /** From `iat`. */
  issuedAt: Date;
  /** From `exp`. */
  expiresAt: Date;
  /** The verified JWT payload as it was signed. */
  claims: JWTPayload;
}

const ISSUER_FOLDER: Record<AccessTokenKind, string> = {
  normal: "projects",
  restricted: "projects-restricted-users",
  anonymous: "projects-anonymous-users",
};
const AUDIENCE_SUFFIX: Record<AccessTokenKind, string> = { normal: "", restricted: ":restricted", anonymous: ":anon" };

/**
 * The `iss` a project's tokens of one kind carry: `{baseUrl}/api/v1/projects/{projectId}` (or
 * `projects-restricted-users` / `projects-anonymous-users`).
 *
 * @example
 * expectedIssuer("https://auth.example.com", "p1", "anonymous"); // "https://auth.example.com/api/v1/projects-anonymous-users/p1"
 */
export function expectedIssuer(baseUrl: string, projectId: string, kind: AccessTokenKind): string {
  return apiUrl(baseUrl, `/${ISSUER_FOLDER[kind]}/${projectId}`);
}

/**
 * The `aud` a project's tokens of one kind carry: `{projectId}`, `{projectId}:restricted` or `{projectId}:anon`.
 *
 * @example
 * expectedAudience("p1", "restricted"); // "p1:restricted"
 */
export function expectedAudience(projectId: string, kind: AccessTokenKind): string {
  return projectId + AUDIENCE_SUFFIX[kind];
}

/**
 * The kind of token an (unverified) `aud` names for `projectId`, or why it cannot be one of that project's.
 * @internal
 *
 * @example
 * kindOfAudience("p1:anon", "p1"); // "anonymous"
 * kindOfAudience("p2", "p1"); // { otherProject: "p2" }
 */
export function kindOfAudience(aud: unknown, projectId: string): AccessTokenKind | { otherProject: string } | null {
  if (typeof aud !== "string") return null;
  for (const kind of ["normal", "restricted", "anonymous"] as const) if (aud === expectedAudience(projectId, kind)) return kind;
  const prefix = aud.split(":")[0];
  return prefix && prefix !== projectId ? { otherProject: prefix } : null;
}

const text = (v: unknown): string | null => (typeof v === "string" ? v : null);

function restrictedReasonOf(v: unknown): RestrictedReason | null {
  const type = typeof v === "object" && v !== null ? (v as { type?: unknown }).type : undefined;
  return typeof type === "string" ? { type } : null;
}

/**
 * Maps a verified payload to a {@link VerifiedAccessToken}. Throws a `malformed` error when a claim the platform
 * always sets (`sub`, `refresh_token_id`, `signed_up_at`, `iat`, `exp`) is missing or of the wrong type.
 * @internal
 *
 * @example
 * const token = toVerifiedAccessToken(payload, "p1", "normal");
 */
export function toVerifiedAccessToken(claims: JWTPayload, projectId: string, kind: AccessTokenKind): VerifiedAccessToken {
  const { sub, iat, exp } = claims;
  const sessionId = claims.refresh_token_id;
  const signedUpAt = claims.signed_up_at;
  const missing = [
    typeof sub !== "string" && "sub",
    typeof sessionId !== "string" && "refresh_token_id",
    typeof signedUpAt !== "number" && "signed_up_at",
    typeof iat !== "number" && "iat",
    typeof exp !== "number" && "exp",
  ].filter(Boolean);
  if (missing.length) {
    throw new AccessTokenVerificationError("malformed", `The access token's claims ${missing.join(", ")} are missing or of the wrong type.`);
  }
  const restrictedReason = restrictedReasonOf(claims.restricted_reason);
  const isAnonymous = kind === "anonymous" || claims.is_anonymous === true;
  return {
    userId: sub as string,
    projectId,
    branchId: text(claims.branch_id) ?? "main",
    sessionId: sessionId as string,
    email: text(claims.email),
    emailVerified: claims.email_verified === true,
    displayName: text(claims.name),
    selectedTeamId: text(claims.selected_team_id),
    isAnonymous,
    isRestricted: isAnonymous || kind === "restricted" || claims.is_restricted === true,
    restrictedReason: restrictedReason ?? (isAnonymous ? { type: "anonymous" } : null),
    requiresTotpMfa: claims.requires_totp_mfa === true,
    signedUpAt: new Date((signedUpAt as number) * 1000),
    issuedAt: new Date((iat as number) * 1000),
    expiresAt: new Date((exp as number) * 1000),
    claims,
  };
}
