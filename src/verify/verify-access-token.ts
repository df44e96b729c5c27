import type { JWTPayload, JWTVerifyGetKey } from "jose";
import { ArgumentError, LatchkeyError } from "../errors/base";
import { apiUrl } from "../http/client";
import type { RequestLike } from "../token-stores/types";
import {
  expectedAudience,
  expectedIssuer,
  kindOfAudience,
  toVerifiedAccessToken,
  type AccessTokenKind,
  type VerifiedAccessToken,
} from "./access-token-claims";
import { AccessTokenVerificationError, type AccessTokenFailureReason } from "./access-token-errors";

export { AccessTokenVerificationError, type AccessTokenFailureReason } from "./access-token-errors";
export type { AccessTokenKind, RestrictedReason, VerifiedAccessToken } from "./access-token-claims";

/**
 * Which users' tokens one verification accepts. Both default to `false`. As on the platform, allowing
 * anonymous users also allows restricted ones (an anonymous user is a restricted user).
 *
 * @example
 * await verifier.verify(request, { allowAnonymous: true });
 */
export interface VerifyAccessTokenOptions {
  /** Accept anonymous users' tokens (`aud` `{projectId}:anon`). */
  allowAnonymous?: boolean;
  /** Accept restricted users' tokens (`aud` `{projectId}:restricted`), e.g. of users whose e-mail is unverified. */
  allowRestricted?: boolean;
}

/**
 * Options of {@link createAccessTokenVerifier}.
 *
 * @example
 * const options: AccessTokenVerifierOptions = { baseUrl: "https://auth.example.com", projectId, clockToleranceSeconds: 10 };
 */
export interface AccessTokenVerifierOptions extends VerifyAccessTokenOptions {
  /** The platform's base URL, without `/api/v1`; tokens must have been issued by it. */
  baseUrl: string;
  /** The project whose users' tokens are accepted. */
  projectId: string;
  /** The `fetch` used to load the project's public keys (default: the global one). */
  fetch?: typeof fetch;
  /** How far `exp` (and `nbf`) may be off because clocks differ, in seconds (default 30). */
  clockToleranceSeconds?: number;
  /** The current time for the `exp` / `nbf` checks (for tests; default `new Date()`). */
  now?: () => Date;
}

/**
 * Verifies the platform's access tokens locally. See {@link createAccessTokenVerifier}.
 *
 * @example
 * const { userId } = await verifier.verify(request);
 */
export interface AccessTokenVerifier {
  /**
   * Verifies a JWT, or the access token a request carries (`Authorization: Bearer stackauth_…`, `x-stack-auth`
   * or the token cookies), and returns its claims. Rejects with an {@link AccessTokenVerificationError}.
   */
  verify(tokenOrRequest: string | RequestLike | null | undefined, options?: VerifyAccessTokenOptions): Promise<VerifiedAccessToken>;
}

const JWKS_PATH_QUERY: Record<AccessTokenKind, Record<string, string>> = {
  normal: {},
  restricted: { include_restricted: "true" },
  anonymous: { include_restricted: "true", include_anonymous: "true" },
};

/**
 * jose is loaded on the first verification, not when the package is imported: most importers (browsers, servers that
 * only call the platform) never verify a token locally, and loading jose costs Node tens of milliseconds.
 */
type Jose = typeof import("./jose");
let jose: Promise<Jose> | undefined;
const loadJose = (): Promise<Jose> =>
  (jose ??= import("./jose").catch((e: unknown) => {
    jose = undefined; // a failed load is tried again on the next verification
    throw e;
  }));

/**
 * The reader of a request's tokens loads with the first request verified (a token given as a string needs none): it
 * is client code of the client's lazy group (scripts/browser-tree.mjs), which `import("latchkey")` does not read.
 */
type RequestReader = typeof import("../token-stores/request");
let requestReader: Promise<RequestReader> | undefined;
const loadRequestReader = (): Promise<RequestReader> =>
  (requestReader ??= import("../token-stores/request").catch((e: unknown) => {
    requestReader = undefined;
    throw e;
  }));
const isRequestLike = (input: unknown): input is RequestLike => typeof input === "object" && input !== null && "headers" in input;

const fail = (reason: AccessTokenFailureReason, message: string, cause?: unknown) =>
  new AccessTokenVerificationError(reason, message, cause === undefined ? undefined : { cause });

/** Attacker-chosen header and claim values are quoted and cut short before they go into a message. */
const quote = (value: unknown) => JSON.stringify(String(value).slice(0, 64));

function tokenOf(input: unknown, projectId: string, reader: RequestReader | undefined): string {
  if (input == null || input === "") throw fail("no-token", "No access token was given.");
  if (typeof input === "string") return input;
  if (!isRequestLike(input) || !reader) {
    throw new ArgumentError("verify() takes an access token (a JWT string) or a request-like object with headers.");
  }
  let token: string | null;
  try {
    token = reader.readRequestTokens(input, projectId).accessToken;
  } catch (e) {
    throw fail("malformed", `The request's tokens could not be read: ${e instanceof Error ? e.message : String(e)}`, e);
  }
  if (!token) {
    throw fail("no-token", "The request carries no access token (looked in Authorization: Bearer stackauth_…, x-stack-auth and the cookies).");
  }
  return token;
}

/** Reads the unverified header and claims, refusing what can be refused without the keys. */
function inspect({ decodeJwt, decodeProtectedHeader }: Jose, token: string, projectId: string): { kid: string; kind: AccessTokenKind } {
  const decode = <T>(read: (jwt: string) => T): T => {
    try {
      return read(token);
    } catch {
      throw fail("malformed", "The access token is not a well-formed JWT (expected base64url header.payload.signature).");
    }
  };
  const { alg, kid } = decode(decodeProtectedHeader);
  if (alg !== "ES256") throw fail("wrong-algorithm", `The access token uses the algorithm ${quote(alg)}; only ES256 is accepted.`);
  const { aud } = decode(decodeJwt);
  if (typeof kid !== "string" || !kid) throw fail("malformed", "The access token's header has no key id (kid).");
  const kind = kindOfAudience(aud, projectId);
  if (kind === null) {
    if (aud === undefined) throw fail("malformed", "The access token has no audience (aud) claim.");
    throw fail("wrong-audience", `The access token's audience is not one of project ${quote(projectId)}'s.`);
  }
  if (typeof kind === "object") {
    throw fail("wrong-project", `The access token belongs to project ${quote(kind.otherProject)}, not ${quote(projectId)}.`);
  }
  return { kid, kind };
}

function checkAllowed(anonymous: boolean, restricted: boolean, allow: Required<VerifyAccessTokenOptions>, why?: unknown): void {
  if (anonymous && !allow.allowAnonymous) {
    throw fail("anonymous-not-allowed", "The access token belongs to an anonymous user; pass allowAnonymous: true to accept it.");
  }
  if (restricted && !anonymous && !allow.allowRestricted && !allow.allowAnonymous) {
    const type = typeof why === "object" && why !== null ? (why as { type?: unknown }).type : undefined;
    const reason = type === undefined ? "" : ` (${quote(type)})`;
    throw fail("restricted-not-allowed", `The access token belongs to a restricted user${reason}; pass allowRestricted: true to accept it.`);
  }
}

/** Turns jose's errors into ours; ours (from the key loader) pass through. */
function translate(e: unknown, kid: string, tolerance: number): LatchkeyError {
  if (LatchkeyError.isInstance(e)) return e;
  const { code, claim, reason, payload } = (e ?? {}) as { code?: string; claim?: string; reason?: string; payload?: JWTPayload };
  switch (code) {
    case "ERR_JWT_EXPIRED": {
      const exp = typeof payload?.exp === "number" ? ` at ${new Date(payload.exp * 1000).toISOString()}` : "";
      return fail("expired", `The access token expired${exp} (clock tolerance ${tolerance} s).`);
    }
    case "ERR_JWT_CLAIM_VALIDATION_FAILED":
      if (reason === "check_failed" && claim === "iss") return fail("wrong-issuer", "The access token was not issued by this platform for this project (unexpected iss).");
      if (reason === "check_failed" && claim === "aud") return fail("wrong-audience", "The access token's audience (aud) does not match its kind.");
      if (reason === "check_failed" && claim === "nbf") return fail("not-yet-valid", `The access token is not valid yet (nbf; clock tolerance ${tolerance} s).`);
      return fail("malformed", `The access token's ${quote(claim)} claim is ${reason === "missing" ? "missing" : "invalid"}.`);
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
      return fail("bad-signature", "The access token's signature does not match the project's public key.");
    case "ERR_JWKS_NO_MATCHING_KEY":
      return fail("unknown-key", `The project publishes no key with the access token's key id ${quote(kid)}.`);
    case "ERR_JOSE_ALG_NOT_ALLOWED":
      return fail("wrong-algorithm", "The access token's algorithm is not ES256.");
    default:
      return fail("malformed", `The access token could not be verified: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Makes a verifier of the platform's access tokens that needs no request to the platform per token: the
 * project's public keys (JWKS) are fetched on first use and cached (jose's remote key set: refreshed after
 * 10 minutes, fetched again at once for an unknown `kid` but at most every 30 s, and concurrent first
 * verifications share one fetch). Only ES256 is accepted; `iss` and `aud` must be the project's for the token's
 * kind of user; anonymous and restricted users' tokens are refused unless allowed (their keys are only fetched
 * then). Every failure is an {@link AccessTokenVerificationError} with a `reason`.
 *
 * Verification proves the token was issued and has not expired; it cannot see a session revoked since then
 * (tokens live ten minutes). Ask the platform (`GET /users/me`) when that matters.
 *
 * @example
 * const verifier = createAccessTokenVerifier({ baseUrl: "https://auth.example.com", projectId });
 * export async function GET(request: Request) {
 *   const { userId } = await verifier.verify(request); // or verifier.verify(jwt)
 *   return Response.json({ userId });
 * }
 */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const { baseUrl, projectId } = options;
  if (typeof baseUrl !== "string" || !/^https?:\/\//i.test(baseUrl)) throw new ArgumentError("createAccessTokenVerifier: baseUrl must be an http(s) URL.");
  if (typeof projectId !== "string" || !projectId) throw new ArgumentError("createAccessTokenVerifier: projectId must be a non-empty string.");
  const tolerance = options.clockToleranceSeconds ?? 30;
  if (!(tolerance >= 0)) throw new ArgumentError("createAccessTokenVerifier: clockToleranceSeconds must be a number ≥ 0.");
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? (() => new Date());
  const keySets = new Map<AccessTokenKind, JWTVerifyGetKey>();
  // Tokens whose signature, issuer and audience already checked out, with their claims (oldest first). A token
  // cannot change, so only its expiry needs checking again; a server sees the same user's token many times.
  const verified = new Map<string, JWTPayload>();

  const keySet = ({ createRemoteJWKSet, customFetch }: Jose, kind: AccessTokenKind): JWTVerifyGetKey => {
    let getKey = keySets.get(kind);
    if (getKey) return getKey;
    const url = apiUrl(baseUrl, `/projects/${encodeURIComponent(projectId)}/.well-known/jwks.json`, JWKS_PATH_QUERY[kind]);
    const remote = createRemoteJWKSet(new URL(url), { [customFetch]: fetchImpl });
    getKey = async (header, token) => {
      try {
        return await remote(header, token);
      } catch (e) {
        if ((e as { code?: string })?.code === "ERR_JWKS_NO_MATCHING_KEY") throw e;
        throw fail("jwks-unavailable", `The project's public keys could not be loaded from ${url}: ${e instanceof Error ? e.message : String(e)}`, e);
      }
    };
    keySets.set(kind, getKey);
    return getKey;
  };

  return {
    async verify(tokenOrRequest, callOptions = {}) {
      const allow = {
        allowAnonymous: callOptions.allowAnonymous ?? options.allowAnonymous ?? false,
        allowRestricted: callOptions.allowRestricted ?? options.allowRestricted ?? false,
      };
      const token = tokenOf(tokenOrRequest, projectId, isRequestLike(tokenOrRequest) ? await loadRequestReader() : undefined);
      const lib = await loadJose();
      const { kid, kind } = inspect(lib, token, projectId);
      checkAllowed(kind === "anonymous", kind === "restricted", allow);
      let claims = verified.get(token);
      if (claims && ((claims.exp as number) + tolerance) * 1000 < now().getTime()) {
        verified.delete(token);
        claims = undefined;
      }
      if (!claims) claims = await verifySignature(lib, token, kind, kid);
      if (typeof claims.project_id === "string" && claims.project_id !== projectId) {
        throw fail("wrong-project", `The access token's project_id ${quote(claims.project_id)} is not ${quote(projectId)}.`);
      }
      checkAllowed(claims.is_anonymous === true, claims.is_restricted === true, allow, claims.restricted_reason);
      return toVerifiedAccessToken(claims, projectId, kind);
    },
  };

  async function verifySignature(lib: Jose, token: string, kind: AccessTokenKind, kid: string): Promise<JWTPayload> {
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await lib.jwtVerify(token, keySet(lib, kind), {
        algorithms: ["ES256"],
        issuer: expectedIssuer(baseUrl, projectId, kind),
        audience: expectedAudience(projectId, kind),
        clockTolerance: tolerance,
        currentDate: now(),
        requiredClaims: ["exp", "iat", "sub"],
      }));
    } catch (e) {
      throw translate(e, kid, tolerance);
    }
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return claims;
  }
}

/** How many verified tokens a verifier remembers (the oldest is forgotten first). */
const VERIFIED_CACHE_SIZE = 1000;
