import type { RouteDef } from "../../../src/emulator/http/router";
import type { FuzzFixture } from "./fixture";
import { fieldNames, type FuzzRequest } from "./requests";

/**
 * The fixed hostile requests every route gets (besides the random ones): JSON nested 100,000 levels deep, a field
 * nested past the depth limit, a body one byte over the size limit, broken JSON, `__proto__` / `constructor` keys
 * beside the route's real fields, prototype keys in the query, a long query string and an unknown HTTP method.
 */

/** Real-looking values for a route's own fields, so a `__proto__` body gets as far into the handler as it can. */
function plausible(fx: FuzzFixture, field: string): unknown {
  if (/email/.test(field)) return `proto-${Date.now()}@fuzz.example.com`;
  if (/password/.test(field)) return "fuzz-password-2";
  if (/user_id/.test(field)) return fx.user.id;
  if (/team_id/.test(field)) return fx.teamId;
  if (/url|uri/.test(field)) return "http://localhost:3000/handler/fuzz";
  if (/metadata|config$|data/.test(field)) return JSON.parse('{"__proto__": {"polluted": "yes"}, "nested": {"__proto__": {"polluted": "yes"}}}');
  if (/millis|quantity|limit|port/.test(field)) return 1;
  return "fuzz";
}

/** Headers that pass the route's access check where they can: its first allowed access type with the right key. */
export function validHeaders(fx: FuzzFixture, route: RouteDef): Record<string, string> {
  if ((route.scope ?? "api") === "root") return {};
  const type = route.access === "any" ? "client" : route.access[0];
  const key = { client: ["x-stack-publishable-client-key", fx.keys.publishableClientKey], server: ["x-stack-secret-server-key", fx.keys.secretServerKey], admin: ["x-stack-super-secret-admin-key", fx.keys.superSecretAdminKey] }[type];
  return { "x-stack-project-id": fx.projectId, "x-stack-access-type": type, [key[0]]: key[1], "x-stack-access-token": fx.user.accessToken, "x-stack-refresh-token": fx.user.refreshToken };
}

/** A path for the route with every parameter set to the fixture user's id (or the first fitting real id). */
function concretePath(fx: FuzzFixture, route: RouteDef): string {
  const prefix = (route.scope ?? "api") === "api" ? "/api/v1" : "";
  const segs = route.path.split("/").filter(Boolean).map((p) => {
    if (!p.startsWith(":") && !p.startsWith("*")) return p;
    if (/team/.test(p)) return fx.teamId;
    if (/project/.test(p)) return fx.projectId;
    if (/provider/.test(p)) return "github";
    if (/level/.test(p)) return "environment";
    if (/customer_type/.test(p)) return "user";
    return fx.user.id;
  });
  return `${prefix}/${segs.join("/")}`;
}

function deepArray(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

function deepObject(depth: number): string {
  return '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

/**
 * The hostile requests for a route. `maxBodyBytes` is the emulator's body limit (a body one byte larger must get
 * 413). Bodies are only sent where HTTP allows them (not with GET).
 */
export function hostileRequests(fx: FuzzFixture, route: RouteDef, maxBodyBytes: number): FuzzRequest[] {
  const url = concretePath(fx, route);
  const headers = validHeaders(fx, route);
  const json = { ...headers, "content-type": "application/json" };
  const fields = fieldNames(route.body);
  const out: FuzzRequest[] = [
    { kind: "prototype keys in the query", method: route.method, url: `${url}?__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__=x`, headers, expect: "any" },
    { kind: "long query string", method: route.method, url: `${url}?${new URLSearchParams({ q: "x".repeat(6000), limit: "9".repeat(400) })}`, headers, expect: "any" },
    { kind: "unknown method", method: "PURGE", url, headers, expect: "4xx" },
  ];
  if (route.method === "GET") return out;
  const firstField = fields[0] ?? "value";
  const entries = fields.map((f) => `${JSON.stringify(f)}:${JSON.stringify(plausible(fx, f))}`);
  out.push(
    { kind: "JSON nested 100,000 levels", method: route.method, url, headers: json, body: deepArray(100_000), expect: "4xx" },
    { kind: "a field nested 600 levels", method: route.method, url, headers: json, body: `{${JSON.stringify(firstField)}:${deepObject(600)}}`, expect: "4xx" },
    // just inside the depth limit: where a field takes any JSON (metadata), it is stored, and later reads serve it
    ...fields
      .filter((f) => /metadata/.test(f))
      .map((f): FuzzRequest => ({ kind: `${f} nested 500 levels`, method: route.method, url, headers: json, body: `{${JSON.stringify(f)}:${deepObject(500)}}`, expect: "any" })),
    { kind: "body one byte over the limit", method: route.method, url, headers: json, body: Buffer.alloc(maxBodyBytes + 1, 0x20), expect: "4xx" },
    { kind: "broken JSON", method: route.method, url, headers: json, body: '{"a": [1, 2', expect: "4xx" },
    {
      kind: "__proto__ and constructor keys",
      method: route.method,
      url,
      headers: json,
      body: `{"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}}${entries.length ? "," + entries.join(",") : ""}}`,
      expect: "any",
    },
    {
      kind: "the route's fields with prototype-named values",
      method: route.method,
      url,
      headers: json,
      body: `{${fields.map((f) => `${JSON.stringify(f)}:"__proto__"`).join(",")}}`,
      expect: "any",
    },
  );
  return out;
}
