import type { RouteDef } from "../../../src/emulator/http/router";
import type { FuzzFixture } from "../fuzz/fixture";
import type { ForgedTokens } from "./forged-tokens";

/** What the matrix sends with: project A (the target), project B (a stranger) and the broken tokens of A's user. */
export interface MatrixWorld {
  a: FuzzFixture;
  /** A stranger project, which requires publishable client keys. */
  b: FuzzFixture;
  forged: ForgedTokens;
  /** An internal-project (dashboard) user who does not manage project A. */
  strangerAdminToken: string;
}

/** An expected refusal (`status` + known-error `code`), or `"passes"`: the auth layer lets the request through. */
export type Expectation = { status: number; code: string } | "passes";

/** The route families of the access table, from the route's own `access` list. */
export type Family = "any" | "client" | "server" | "admin";

export function familyOf(def: RouteDef): Family {
  if (def.access === "any") return "any";
  if (def.access.includes("client")) return "client";
  if (def.access.includes("server")) return "server";
  return "admin";
}

/** Every error code of auth resolution and access checks (wire §3): a request that "passes" never answers one. */
export const AUTH_CODES = new Set([
  "PROJECT_KEY_WITHOUT_ACCESS_TYPE", "INVALID_ACCESS_TYPE", "ACCESS_TYPE_WITHOUT_PROJECT_ID", "UNPARSABLE_ACCESS_TOKEN",
  "ACCESS_TOKEN_EXPIRED", "INVALID_PROJECT_FOR_ACCESS_TOKEN", "CURRENT_PROJECT_NOT_FOUND", "UNPARSABLE_ADMIN_ACCESS_TOKEN",
  "ADMIN_ACCESS_TOKEN_EXPIRED", "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN", "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
  "INVALID_PUBLISHABLE_CLIENT_KEY", "SERVER_AUTHENTICATION_REQUIRED", "INVALID_SECRET_SERVER_KEY", "ADMIN_AUTHENTICATION_REQUIRED",
  "INVALID_SUPER_SECRET_ADMIN_KEY", "BRANCH_DOES_NOT_EXIST", "ACCESS_TYPE_REQUIRED", "INSUFFICIENT_ACCESS_TYPE",
]);

/**
 * Route exceptions to "passes": handlers that answer an auth code themselves, like the platform's. Sign-out without
 * a session (no refresh token id in the access token) is `ACCESS_TOKEN_EXPIRED` from the handler
 * (apps/backend/src/app/api/latest/auth/sessions/current/route.tsx).
 */
export const HANDLER_AUTH_CODES: Record<string, string> = { "DELETE /auth/sessions/current": "ACCESS_TOKEN_EXPIRED" };

const refuse = (status: number, code: string): Expectation => ({ status, code });
/** The same answer for every route family. */
const always = (e: Expectation) => (): Expectation => e;
/** The access check of the route schema (wire §3 step 9), after a successful auth resolution as `type`. */
const accessCheck = (type: "client" | "server") => (f: Family): Expectation =>
  f === "admin" || (type === "client" && f === "server") ? refuse(401, "INSUFFICIENT_ACCESS_TYPE") : "passes";

type Keys = FuzzFixture["keys"];
const keyHeaders = (type: "client" | "server" | "admin", projectId: string, keys: Keys): Record<string, string> => ({
  "x-stack-access-type": type,
  "x-stack-project-id": projectId,
  ...(type === "client" ? { "x-stack-publishable-client-key": keys.publishableClientKey } : {}),
  ...(type === "server" ? { "x-stack-secret-server-key": keys.secretServerKey } : {}),
  ...(type === "admin" ? { "x-stack-super-secret-admin-key": keys.superSecretAdminKey } : {}),
});
const clientWithToken = (w: MatrixWorld, token: string) => ({ ...keyHeaders("client", w.a.projectId, w.a.keys), "x-stack-access-token": token });

/**
 * One access level of the matrix: the headers it sends and what each route family must answer. `mutates` marks the
 * levels that reach the handlers (they run last, on their own fixture).
 */
export interface AccessLevel {
  name: string;
  headers: (w: MatrixWorld) => Record<string, string>;
  expect: (family: Family) => Expectation;
  mutates?: true;
}

/** The table: one row per access level, with the route-family exceptions in its `expect`. */
export const ACCESS_LEVELS: AccessLevel[] = [
  { name: "no key, no access type", headers: () => ({}), expect: (f) => (f === "any" ? "passes" : refuse(400, "ACCESS_TYPE_REQUIRED")) },
  { name: "a key without an access type", headers: (w) => ({ "x-stack-project-id": w.a.projectId, "x-stack-secret-server-key": w.a.keys.secretServerKey }), expect: always(refuse(400, "PROJECT_KEY_WITHOUT_ACCESS_TYPE")) },
  { name: "an unknown access type", headers: (w) => ({ ...keyHeaders("server", w.a.projectId, w.a.keys), "x-stack-access-type": "root" }), expect: always(refuse(400, "INVALID_ACCESS_TYPE")) },
  { name: "an access type without a project", headers: () => ({ "x-stack-access-type": "client" }), expect: always(refuse(400, "ACCESS_TYPE_WITHOUT_PROJECT_ID")) },
  { name: "an unknown project", headers: (w) => keyHeaders("client", "00000000-0000-4000-8000-000000000000", w.a.keys), expect: always(refuse(400, "CURRENT_PROJECT_NOT_FOUND")) },
  { name: "another project's publishable key", headers: (w) => keyHeaders("client", w.a.projectId, w.b.keys), expect: always(refuse(401, "INVALID_PUBLISHABLE_CLIENT_KEY")) },
  { name: "another project's server key", headers: (w) => keyHeaders("server", w.a.projectId, w.b.keys), expect: always(refuse(401, "INVALID_SECRET_SERVER_KEY")) },
  { name: "another project's admin key", headers: (w) => keyHeaders("admin", w.a.projectId, w.b.keys), expect: always(refuse(401, "INVALID_SUPER_SECRET_ADMIN_KEY")) },
  { name: "server access without its key", headers: (w) => ({ "x-stack-access-type": "server", "x-stack-project-id": w.a.projectId }), expect: always(refuse(401, "SERVER_AUTHENTICATION_REQUIRED")) },
  { name: "admin access without its key", headers: (w) => ({ "x-stack-access-type": "admin", "x-stack-project-id": w.a.projectId }), expect: always(refuse(401, "ADMIN_AUTHENTICATION_REQUIRED")) },
  { name: "no publishable key where the project requires one", headers: (w) => ({ "x-stack-access-type": "client", "x-stack-project-id": w.b.projectId }), expect: always(refuse(401, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT")) },
  { name: "the keyless sentinel where the project requires a key", headers: (w) => ({ "x-stack-access-type": "client", "x-stack-project-id": w.b.projectId, "x-stack-publishable-client-key": "__stack_public_client__" }), expect: always(refuse(401, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT")) },
  { name: "an unknown branch", headers: (w) => ({ ...keyHeaders("client", w.a.projectId, w.a.keys), "x-stack-branch-id": "dev" }), expect: always(refuse(400, "BRANCH_DOES_NOT_EXIST")) },
  { name: "another project's user token", headers: (w) => clientWithToken(w, w.b.user.accessToken), expect: always(refuse(401, "INVALID_PROJECT_FOR_ACCESS_TOKEN")) },
  { name: "an expired user token", headers: (w) => clientWithToken(w, w.forged.expired), expect: always(refuse(401, "ACCESS_TOKEN_EXPIRED")) },
  { name: "a tampered user token", headers: (w) => clientWithToken(w, w.forged.tampered), expect: always(refuse(401, "UNPARSABLE_ACCESS_TOKEN")) },
  { name: "an `alg: none` user token", headers: (w) => clientWithToken(w, w.forged.algNone), expect: always(refuse(401, "UNPARSABLE_ACCESS_TOKEN")) },
  { name: "a user token signed by a stranger's key", headers: (w) => clientWithToken(w, w.forged.foreignKey), expect: always(refuse(401, "UNPARSABLE_ACCESS_TOKEN")) },
  { name: "an admin access token that is a user's broken token", headers: (w) => ({ "x-stack-access-type": "admin", "x-stack-project-id": w.a.projectId, "x-stack-admin-access-token": w.forged.tampered }), expect: always(refuse(401, "UNPARSABLE_ADMIN_ACCESS_TOKEN")) },
  { name: "a dashboard user's token for a project it does not manage", headers: (w) => ({ "x-stack-access-type": "admin", "x-stack-project-id": w.a.projectId, "x-stack-admin-access-token": w.strangerAdminToken }), expect: always(refuse(401, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN")) },
  { name: "client", headers: (w) => keyHeaders("client", w.a.projectId, w.a.keys), expect: accessCheck("client"), mutates: true },
  { name: "server", headers: (w) => keyHeaders("server", w.a.projectId, w.a.keys), expect: accessCheck("server"), mutates: true },
  { name: "admin", headers: (w) => keyHeaders("admin", w.a.projectId, w.a.keys), expect: () => "passes", mutates: true },
];
