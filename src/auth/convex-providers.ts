// The Convex `auth.config.ts` entries for a project: Convex verifies the platform's access tokens itself, with the
// project's published keys, so no request of ours is involved. Pure: no app, no network.
import { ArgumentError } from "../errors/base";
import { requireString } from "../util/validate";

/** The platform's hosted API, the official helper's default (not read from the environment, as there). */
const HOSTED_API = "https://api.stack-auth.com";

/**
 * Options of {@link getConvexProvidersConfig}.
 *
 * @example
 * const options: ConvexProvidersConfigOptions = { projectId: process.env.STACK_PROJECT_ID!, baseUrl: "http://localhost:8102" };
 */
export interface ConvexProvidersConfigOptions {
  /** The project whose users Convex is to accept. */
  projectId: string;
  /** The API origin the tokens come from (an absolute http(s) URL; its path is ignored). Default `https://api.stack-auth.com`. */
  baseUrl?: string;
}

/**
 * One Convex custom-JWT auth provider: tokens whose `iss` is `issuer`, signed with ES256 by a key of the `jwks` set.
 *
 * @example
 * const [signedIn, anonymous]: ConvexAuthProvider[] = getConvexProvidersConfig({ projectId });
 */
export interface ConvexAuthProvider {
  type: "customJwt";
  issuer: URL;
  jwks: URL;
  algorithm: "ES256";
}

/**
 * The `providers` of a Convex `auth.config.ts` that let Convex accept this project's access tokens, as the official
 * SDK's helper gives them: two custom-JWT providers, both ES256 —
 * 1. signed-in users: issuer `<baseUrl>/api/v1/projects/<projectId>`, keys
 *    `<baseUrl>/api/v1/projects/<projectId>/.well-known/jwks.json`;
 * 2. anonymous users: issuer `<baseUrl>/api/v1/projects-anonymous-users/<projectId>`, keys the same JWKS with
 *    `?include_anonymous=true`.
 *
 * Restricted users' tokens (issuer `projects-restricted-users`, e.g. an unverified e-mail where the project requires
 * one) match neither, so Convex treats them as signed out, as with the official helper. A `projectId` that is not a
 * non-empty string, or a `baseUrl` that is not an absolute http(s) URL, throws an `ArgumentError`.
 *
 * @example
 * // convex/auth.config.ts
 * import { getConvexProvidersConfig } from "latchkey";
 * export default { providers: getConvexProvidersConfig({ projectId: process.env.STACK_PROJECT_ID! }) };
 */
export function getConvexProvidersConfig(options: ConvexProvidersConfigOptions): ConvexAuthProvider[] {
  if (typeof options !== "object" || options === null) {
    throw new ArgumentError("getConvexProvidersConfig needs options: { projectId, baseUrl? }.");
  }
  const projectId = encodeURIComponent(requireString(options.projectId, "getConvexProvidersConfig's projectId"));
  const base = checkBaseUrl(options.baseUrl);
  const provider = (issuerPath: string, jwksQuery: string): ConvexAuthProvider => ({
    type: "customJwt",
    issuer: new URL(`/api/v1/${issuerPath}/${projectId}`, base),
    jwks: new URL(`/api/v1/projects/${projectId}/.well-known/jwks.json${jwksQuery}`, base),
    algorithm: "ES256",
  });
  return [provider("projects", ""), provider("projects-anonymous-users", "?include_anonymous=true")];
}

function checkBaseUrl(baseUrl: unknown): string {
  if (baseUrl === undefined) return HOSTED_API;
  let url: URL | undefined;
  try {
    url = typeof baseUrl === "string" ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    const got = typeof baseUrl === "string" ? JSON.stringify(baseUrl) : `a ${baseUrl === null ? "null" : typeof baseUrl}`;
    throw new ArgumentError(`getConvexProvidersConfig's baseUrl must be an absolute http(s) URL such as "https://api.stack-auth.com", got ${got}.`);
  }
  return url.href;
}
