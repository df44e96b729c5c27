import Cookies from "js-cookie";
import { calculatePKCECodeChallenge, generateRandomCodeVerifier, generateRandomState } from "oauth4webapi";
import { httpsPage } from "../util/browser";

/**
 * How long the PKCE verifier cookie of an OAuth flow lives, in seconds.
 * @internal
 * @example
 * const expires = new Date(Date.now() + OAUTH_VERIFIER_MAX_AGE_S * 1000);
 */
export const OAUTH_VERIFIER_MAX_AGE_S = 3600;

/**
 * The names of the verifier cookie of the OAuth flow with this `state`. Both are written and either is read, so a
 * flow started by the official SDK can finish on a latchkey page and the other way round.
 * @internal
 * @example
 * verifierCookieNames("abc"); // ["hexclave-oauth-outer-abc", "stack-oauth-outer-abc"]
 */
export const verifierCookieNames = (state: string): string[] => [`hexclave-oauth-outer-${state}`, `stack-oauth-outer-${state}`];

/**
 * Starts the client side of an OAuth flow: a PKCE code verifier and its S256 challenge and a random `state`
 * (oauth4webapi), the verifier kept in cookies named after the state for {@link OAUTH_VERIFIER_MAX_AGE_S} seconds
 * (`Path=/`, `SameSite=Lax`, `Secure` on https).
 * @internal
 * @example
 * const { state, codeChallenge } = await saveVerifierAndState();
 */
export async function saveVerifierAndState(): Promise<{ state: string; codeChallenge: string }> {
  const codeVerifier = generateRandomCodeVerifier();
  const codeChallenge = await calculatePKCECodeChallenge(codeVerifier);
  const state = generateRandomState();
  const expires = new Date(Date.now() + OAUTH_VERIFIER_MAX_AGE_S * 1000);
  for (const name of verifierCookieNames(state)) Cookies.set(name, codeVerifier, { path: "/", sameSite: "Lax", secure: httpsPage(), expires });
  return { state, codeChallenge };
}

/**
 * The code verifier kept for `state` (left in place), or null when this browser holds none.
 * @internal
 * @example
 * if (readVerifier(state)) await app.callOAuthCallback();
 */
export const readVerifier = (state: string): string | null =>
  verifierCookieNames(state).map((name) => Cookies.get(name)).find((value) => !!value) ?? null;

/**
 * The code verifier kept for `state`, deleting its cookies so it can be used once; null when there is none
 * (expired, already used, or the flow was not started in this browser).
 * @internal
 * @example
 * const verifier = consumeVerifier(new URL(window.location.href).searchParams.get("state")!);
 */
export function consumeVerifier(state: string): string | null {
  const names = verifierCookieNames(state);
  const verifier = readVerifier(state);
  if (!verifier) return null;
  // The official SDK may have written them partitioned (CHIPS) on https; a partitioned cookie is only removed by a
  // removal that says so.
  for (const partitioned of httpsPage() ? [false, true] : [false]) {
    for (const name of names) Cookies.remove(name, { path: "/", secure: httpsPage(), ...(partitioned ? { partitioned, sameSite: "None" } : {}) });
  }
  return verifier;
}
