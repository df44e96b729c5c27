import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Store } from "../store/store";

/**
 * Key of the outer OAuth flows (one per `/auth/oauth/authorize` call) in `store.extra`.
 *
 * @example
 * const flows = store.extra[OAUTH_FLOWS_FAMILY] ?? [];
 */
export const OAUTH_FLOWS_FAMILY = "oauth-flows";
/**
 * Key of the outer authorization codes (redeemed at `/auth/oauth/token`) in `store.extra`.
 *
 * @example
 * const codes = store.extra[OAUTH_CODES_FAMILY] ?? [];
 */
export const OAUTH_CODES_FAMILY = "oauth-authorization-codes";
/**
 * An outer OAuth flow must reach the callback within 10 minutes (`OUTER_OAUTH_TIMEOUT` after).
 *
 * @example
 * const maxAgeSeconds = OUTER_OAUTH_FLOW_LIFETIME_MS / 1000; // 600
 */
export const OUTER_OAUTH_FLOW_LIFETIME_MS = 10 * 60 * 1000;
/**
 * Outer authorization codes live 5 minutes (the OAuth library's default the platform keeps).
 *
 * @example
 * const expiresAt = Date.now() + AUTHORIZATION_CODE_LIFETIME_MS;
 */
export const AUTHORIZATION_CODE_LIFETIME_MS = 5 * 60 * 1000;
/** Expired flows are kept this long so late callbacks get `OUTER_OAUTH_TIMEOUT` rather than "Invalid OAuth state". */
const EXPIRED_FLOW_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * The platform's "outer info" of an OAuth flow, keyed by the inner state sent to the provider.
 *
 * @example
 * const flow = findOAuthFlow(store, query.state);
 */
export interface OAuthFlowRecord {
  innerState: string;
  projectId: string;
  providerId: string;
  publishableClientKey: string;
  /** The app's callback URL without its `#fragment`. */
  redirectUri: string;
  scope: string;
  state: string;
  grantType: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  responseType: string;
  /** PKCE verifier of the inner (emulator ↔ provider) exchange. */
  innerCodeVerifier: string;
  /** The callback URL handed to the provider (the inner exchange must repeat it). */
  innerRedirectUri: string;
  type: "authenticate" | "link";
  /** The user of the `token` query parameter (link target, or anonymous user to upgrade). */
  projectUserId: string | null;
  providerScope: string | null;
  errorRedirectUrl: string | null;
  afterCallbackRedirectUrl: string | null;
  /** `redirect` flows need the inner-state cookie at the callback; `json` flows rely on PKCE. */
  responseMode: "redirect" | "json";
  createdAtMillis: number;
  expiresAtMillis: number;
}

/**
 * An outer authorization code, redeemed once at `POST /auth/oauth/token` with `grant_type=authorization_code`.
 *
 * @example
 * const record = findAuthorizationCode(store, body.code);
 */
export interface AuthorizationCodeRecord {
  code: string;
  projectId: string;
  userId: string;
  newUser: boolean;
  afterCallbackRedirectUrl: string | null;
  redirectUri: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  scope: string;
  expiresAtMillis: number;
}

function flows(store: Store): OAuthFlowRecord[] {
  const list = (store.extra[OAUTH_FLOWS_FAMILY] ??= []) as OAuthFlowRecord[];
  const cutoff = Date.now() - EXPIRED_FLOW_RETENTION_MS;
  if (!list.some((f) => f.expiresAtMillis < cutoff)) return list;
  const kept = list.filter((f) => f.expiresAtMillis >= cutoff);
  store.extra[OAUTH_FLOWS_FAMILY] = kept;
  store.touch();
  return kept;
}

function codes(store: Store): AuthorizationCodeRecord[] {
  const list = (store.extra[OAUTH_CODES_FAMILY] ??= []) as AuthorizationCodeRecord[];
  const now = Date.now();
  if (!list.some((c) => c.expiresAtMillis < now)) return list;
  const kept = list.filter((c) => c.expiresAtMillis >= now);
  store.extra[OAUTH_CODES_FAMILY] = kept;
  store.touch();
  return kept;
}

/**
 * A random URL-safe token (inner state, PKCE verifier).
 *
 * @example
 * const innerState = randomUrlToken();
 */
export function randomUrlToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * The S256 PKCE challenge of a verifier.
 *
 * @example
 * const challenge = s256Challenge(verifier);
 */
export function s256Challenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/**
 * True when a PKCE verifier answers the challenge (`S256` or `plain`), compared in constant time.
 *
 * @example
 * if (!pkceVerifies(record.codeChallenge, record.codeChallengeMethod, body.code_verifier)) throw known("INVALID_AUTHORIZATION_CODE");
 */
export function pkceVerifies(challenge: string, method: string, verifier: string | undefined): boolean {
  if (!verifier) return false;
  const m = method.toUpperCase();
  if (m !== "S256" && m !== "PLAIN") return false;
  const expected = Buffer.from(m === "S256" ? s256Challenge(verifier) : verifier);
  const actual = Buffer.from(challenge);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Stores a new outer OAuth flow.
 *
 * @example
 * saveOAuthFlow(store, { innerState, projectId, ..., expiresAtMillis: Date.now() + OUTER_OAUTH_FLOW_LIFETIME_MS });
 */
export function saveOAuthFlow(store: Store, flow: OAuthFlowRecord): void {
  flows(store).push(flow);
  store.touch();
}

/**
 * The flow of an inner state (expired flows are still returned; callers check `expiresAtMillis`).
 *
 * @example
 * const flow = findOAuthFlow(store, innerState);
 */
export function findOAuthFlow(store: Store, innerState: string): OAuthFlowRecord | undefined {
  return innerState ? flows(store).find((f) => f.innerState === innerState) : undefined;
}

/**
 * Issues an outer authorization code (40 hex characters, 5 minutes) for a signed-in or signed-up user (an OAuth
 * flow's, or a cross-domain handoff's).
 *
 * @example
 * const code = createAuthorizationCode(store, flow, { userId: user.id, newUser: true });
 */
export function createAuthorizationCode(
  store: Store,
  flow: Pick<OAuthFlowRecord, "projectId" | "afterCallbackRedirectUrl" | "redirectUri" | "codeChallenge" | "codeChallengeMethod" | "scope">,
  o: { userId: string; newUser: boolean },
): AuthorizationCodeRecord {
  const record: AuthorizationCodeRecord = {
    code: randomBytes(20).toString("hex"),
    projectId: flow.projectId,
    userId: o.userId,
    newUser: o.newUser,
    afterCallbackRedirectUrl: flow.afterCallbackRedirectUrl,
    redirectUri: flow.redirectUri,
    codeChallenge: flow.codeChallenge,
    codeChallengeMethod: flow.codeChallengeMethod,
    scope: flow.scope,
    expiresAtMillis: Date.now() + AUTHORIZATION_CODE_LIFETIME_MS,
  };
  codes(store).push(record);
  store.touch();
  return record;
}

/**
 * A live (unexpired, unused) authorization code, if any.
 *
 * @example
 * const record = findAuthorizationCode(store, body.code);
 */
export function findAuthorizationCode(store: Store, code: string): AuthorizationCodeRecord | undefined {
  return codes(store).find((c) => c.code === code);
}

/**
 * Revokes an authorization code (codes are single-use).
 *
 * @example
 * revokeAuthorizationCode(store, record.code);
 */
export function revokeAuthorizationCode(store: Store, code: string): void {
  const list = codes(store);
  const i = list.findIndex((c) => c.code === code);
  if (i >= 0) list.splice(i, 1);
  store.touch();
}
