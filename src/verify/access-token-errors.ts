import { isKind, LatchkeyError } from "../errors/base";

/**
 * Why an access token was refused by a verifier made with `createAccessTokenVerifier`:
 *
 * - `no-token`: no token was given, or the request carried none.
 * - `malformed`: not a JWT, unreadable header or claims, a required claim missing or of the wrong type, or a
 *   malformed `Authorization: Bearer stackauth_…` / `x-stack-auth` header on the request.
 * - `wrong-algorithm`: the header's `alg` is not `ES256` (e.g. `none` or `HS256`).
 * - `bad-signature`: the signature does not verify with the project's published key.
 * - `unknown-key`: the project publishes no key with the token's `kid`, even after fetching its keys again.
 * - `expired`: `exp` is in the past by more than the clock tolerance.
 * - `not-yet-valid`: `nbf` is in the future by more than the clock tolerance.
 * - `wrong-issuer`: `iss` is not the project's issuer for the token's kind of user.
 * - `wrong-audience`: `aud` is not one of the project's audiences.
 * - `wrong-project`: the token belongs to another project.
 * - `anonymous-not-allowed` / `restricted-not-allowed`: the token is an anonymous or restricted user's and the
 *   caller did not allow those.
 * - `jwks-unavailable`: the project's public keys could not be fetched (network error, non-200 answer, bad JSON).
 *
 * @example
 * const reason: AccessTokenFailureReason = "expired";
 */
export type AccessTokenFailureReason =
  | "no-token"
  | "malformed"
  | "wrong-algorithm"
  | "bad-signature"
  | "unknown-key"
  | "expired"
  | "not-yet-valid"
  | "wrong-issuer"
  | "wrong-audience"
  | "wrong-project"
  | "anonymous-not-allowed"
  | "restricted-not-allowed"
  | "jwks-unavailable";

/**
 * An access token failed local verification. `reason` says why; the message explains it in words and never
 * contains the token.
 *
 * @example
 * try {
 *   const token = await verifier.verify(request);
 * } catch (e) {
 *   if (AccessTokenVerificationError.isInstance(e) && e.reason === "expired") return new Response(null, { status: 401 });
 *   throw e;
 * }
 */
export class AccessTokenVerificationError extends LatchkeyError {
  constructor(
    /** Why the token was refused. */
    readonly reason: AccessTokenFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, "AccessTokenVerificationError", options);
  }
  /** True for this error, from this copy of the package or another. */
  static override isInstance(e: unknown): e is AccessTokenVerificationError {
    return isKind(e, "AccessTokenVerificationError");
  }
}
