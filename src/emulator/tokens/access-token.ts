import { decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { known, type KnownError } from "../errors";
import type { KeyRing } from "./keys";

/**
 * The three token variants: normal, restricted (e.g. unverified e-mail) and anonymous.
 *
 * @example
 * const kind: TokenKind = user.isAnonymous ? "anonymous" : "normal";
 */
export type TokenKind = "normal" | "restricted" | "anonymous";

/**
 * The `aud` claim of a project's tokens of one kind.
 *
 * @example
 * audienceFor("internal", "anonymous"); // "internal:anon"
 */
export function audienceFor(projectId: string, kind: TokenKind): string {
  return kind === "normal" ? projectId : kind === "restricted" ? `${projectId}:restricted` : `${projectId}:anon`;
}

/**
 * The `iss` claim: `<base>/api/v1/projects/<id>` (or `projects-restricted-users` / `projects-anonymous-users`).
 *
 * @example
 * issuerFor("http://127.0.0.1:8102", "internal", "normal"); // "http://127.0.0.1:8102/api/v1/projects/internal"
 */
export function issuerFor(baseUrl: string, projectId: string, kind: TokenKind): string {
  const folder = kind === "normal" ? "projects" : kind === "restricted" ? "projects-restricted-users" : "projects-anonymous-users";
  return new URL(`/api/v1/${folder}/${projectId}`, baseUrl).toString();
}

/**
 * Signs an access token: header `{alg: "ES256", kid}`, the given claims plus `iss`, `iat`, `aud` and `exp`.
 *
 * @example
 * const jwt = await signAccessToken(keys, { baseUrl, projectId, kind: "normal", ttlSeconds: 600, claims });
 */
export async function signAccessToken(
  keys: KeyRing,
  o: { baseUrl: string; projectId: string; kind: TokenKind; ttlSeconds: number; claims: Record<string, unknown> },
): Promise<string> {
  const audience = audienceFor(o.projectId, o.kind);
  const key = keys.signer(audience);
  const now = Math.floor(Date.now() / 1000);
  return await new SignJWT(o.claims as JWTPayload)
    .setProtectedHeader({ alg: "ES256", kid: key.kid })
    .setIssuer(issuerFor(o.baseUrl, o.projectId, o.kind))
    .setIssuedAt(now)
    .setAudience(audience)
    .setExpirationTime(now + o.ttlSeconds)
    .sign(key.privateKey);
}

/**
 * A verified access token.
 *
 * @example
 * if (result.ok) console.log(result.userId, result.kind);
 */
export interface VerifiedToken {
  ok: true;
  projectId: string;
  userId: string;
  refreshTokenId: string | undefined;
  kind: TokenKind;
  payload: JWTPayload;
}

/**
 * Verifies an access token signed by this emulator. Errors are `UNPARSABLE_ACCESS_TOKEN` or
 * `ACCESS_TOKEN_EXPIRED` (with the platform's details), returned rather than thrown.
 *
 * @example
 * const r = await verifyAccessToken(keys, baseUrl, header);
 * if (!r.ok) throw r.error;
 */
export async function verifyAccessToken(
  keys: KeyRing,
  baseUrl: string,
  token: string,
): Promise<VerifiedToken | { ok: false; error: KnownError }> {
  const unparsable = { ok: false as const, error: known("UNPARSABLE_ACCESS_TOKEN") };
  let claims: JWTPayload;
  let kid: string | undefined;
  try {
    claims = decodeJwt(token);
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return unparsable;
  }
  if (typeof claims.aud !== "string" || typeof claims.sub !== "string") return unparsable;
  const [projectId, suffix] = claims.aud.split(":");
  const kind: TokenKind | undefined = suffix === undefined ? "normal" : suffix === "restricted" ? "restricted" : suffix === "anon" ? "anonymous" : undefined;
  const key = kind && keys.find(claims.aud, kid);
  if (!kind || !key) return unparsable;
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: ["ES256"],
      audience: claims.aud,
      issuer: issuerFor(baseUrl, projectId, kind),
    });
    const refreshTokenId = typeof payload.refresh_token_id === "string" ? payload.refresh_token_id : undefined;
    return { ok: true, projectId, userId: claims.sub, refreshTokenId, kind, payload };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) {
      const details = {
        expired_at_millis: typeof claims.exp === "number" ? claims.exp * 1000 : null,
        project_id: projectId,
        user_id: claims.sub,
        refresh_token_id: typeof claims.refresh_token_id === "string" ? claims.refresh_token_id : null,
      };
      return { ok: false, error: known("ACCESS_TOKEN_EXPIRED", details) };
    }
    return unparsable;
  }
}
