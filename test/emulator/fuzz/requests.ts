import fc from "fast-check";
import type { RouteDef } from "../../../src/emulator/http/router";
import type { Field } from "../../../src/emulator/http/schema";
import type { FuzzFixture } from "./fixture";

/**
 * Random requests for one route of the emulator's route table, built with fast-check: path parameters from the
 * fixture's real ids and from hostile strings, query strings, bodies of every content type (JSON objects with the
 * route's own field names and wrong-typed values, `__proto__` keys, stray JSON, broken JSON, invalid UTF-8, forms),
 * and every mix of project, access type, keys and tokens.
 */
export interface FuzzRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/users/me?limit=3`. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** `4xx`: the request is hostile and must be refused; `any`: any answer below 500. */
  expect: "4xx" | "any";
  kind: string;
}

/** The field names of an object schema (for a body given per access type: the union over the access types). */
export function fieldNames(schema: RouteDef["body"] | RouteDef["query"]): string[] {
  if (!schema) return [];
  const shapes: (Field | undefined)[] = [];
  if (typeof schema === "function") {
    for (const type of [null, "client", "server", "admin"] as const) {
      try {
        shapes.push(schema(type === null ? null : ({ type } as Parameters<typeof schema>[0])));
      } catch {
        // a schema function that needs more of the auth than its type: skip that variant
      }
    }
  } else shapes.push(schema);
  return [...new Set(shapes.flatMap((f) => Object.keys(f?.spec.fields ?? {})))];
}

const HOSTILE_STRINGS = [
  "", " ", "me", "current", "null", "undefined", "true", "0", "-1", "1e309", "NaN", "__proto__", "constructor", "prototype",
  "toString", "hasOwnProperty", "../../etc/passwd", "%00", "\u0000", "\uffff", "\ud800", "🦊", "a".repeat(5000),
  "javascript:alert(1)", "http://localhost:3000/handler/x", "stack-auth-mobile-oauth-url://x", "user@example.com",
  "00000000-0000-0000-0000-000000000000", "<script>alert(1)</script>", "' OR 1=1 --", "${{7*7}}", "{{7*7}}",
];

/** A string of any kind: arbitrary unicode (lone surrogates included), the fixture's ids, known hostile strings. */
function anyString(fx: FuzzFixture): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 20 }),
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(fx.user.id, fx.otherUserId, fx.teamId, fx.contactChannelId, fx.apiKeyId, fx.user.sessionId, fx.projectId, "internal"),
    fc.uuid(),
    fc.emailAddress(),
  );
}

/** A JSON value: scalars, extreme numbers, nested arrays and objects (some with `__proto__` keys). */
function anyJson(fx: FuzzFixture): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    anyString(fx),
    fc.constantFrom(0, -0, 1, -1, 1.5, 2 ** 53 + 1, 1e308, -1e308, Number.MIN_VALUE, true, false, null, [], {}),
    fc.constant(JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}')),
    fc.array(anyString(fx), { maxLength: 4 }),
  );
}

/** A JSON object as text (so `__proto__` stays a plain key), with the route's field names among its keys. */
function objectText(fx: FuzzFixture, fields: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 6, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "prototype") },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  return fc
    .array(fc.tuple(key, anyJson(fx)), { maxLength: 8 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"}`).join(",")}}`);
}

/** The object schema of a body (for a body given per access type: the server's, else the first that builds). */
function bodySchema(schema: RouteDef["body"]): Field | undefined {
  if (typeof schema !== "function") return schema;
  for (const type of ["server", "admin", "client", null] as const) {
    try {
      return schema(type === null ? null : ({ type } as Parameters<typeof schema>[0]));
    } catch {
      // this variant needs more of the auth than its type
    }
  }
  return undefined;
}

/** A value that fits a field's schema (kind, allowed values, format, bounds), sometimes at its edges. */
function fitting(fx: FuzzFixture, field: Field, depth = 0): fc.Arbitrary<unknown> {
  const s = field.spec;
  if (s.oneOf?.length) return fc.constantFrom(...s.oneOf);
  switch (s.kind) {
    case "string": {
      if (s.format === "email") return fc.oneof(fc.emailAddress(), fc.constantFrom("a@b.co", `x${"y".repeat(300)}@example.com`));
      if (s.format === "uuid") return fc.oneof(fc.constantFrom(fx.user.id, fx.teamId, fx.otherUserId, fx.apiKeyId), fc.uuid());
      if (s.format === "url") return fc.constantFrom("http://localhost:3000/handler/x", "https://example.com/a?b=c#d", "http://127.0.0.1:1/", "stack-auth-mobile-oauth-url://x");
      if (s.format === "userIdOrMe") return fc.constantFrom("me", fx.user.id, fx.otherUserId);
      const len = fc.integer({ min: s.min ?? 0, max: Math.min(s.max ?? 64, 4096) });
      return fc.oneof(anyString(fx), len.map((n) => "x".repeat(n)));
    }
    case "number":
      return fc.oneof(fc.integer({ min: s.min ?? -1e6, max: s.max ?? 1e12 }), fc.constantFrom(s.min ?? 0, s.max ?? 2 ** 31, 0, 1));
    case "boolean":
      return fc.boolean();
    case "json":
      return anyJson(fx);
    case "array":
      return depth > 3 || !s.items ? fc.constant([]) : fc.array(fitting(fx, s.items, depth + 1), { maxLength: 3 });
    case "object":
      return depth > 3 ? fc.constant({}) : fittingObject(fx, field, depth + 1);
    default:
      return anyJson(fx);
  }
}

/** An object of a schema: its required fields, some optional ones, each mostly fitting and sometimes not. */
function fittingObject(fx: FuzzFixture, field: Field, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(field.spec.fields ?? {}).map(([name, f]) => {
    const value = fc.oneof({ weight: 5, arbitrary: fitting(fx, f, depth) }, { weight: 1, arbitrary: anyJson(fx) });
    const maybe = f.spec.required ? value : fc.option(value, { nil: undefined, freq: 2 });
    return fc.tuple(fc.constant(name), maybe);
  });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== undefined)));
}

const CONTENT_TYPES = ["application/json", "application/json; charset=utf-8", "application/x-www-form-urlencoded", "text/plain", "application/octet-stream", "application/xml", "multipart/form-data; boundary=x"];

function bodyArb(fx: FuzzFixture, route: RouteDef, fields: string[]): fc.Arbitrary<{ body?: string | Buffer; contentType?: string }> {
  const json = (text: fc.Arbitrary<string>) => fc.record({ body: text, contentType: fc.constantFrom("application/json", "application/json; charset=utf-8") });
  const schema = bodySchema(route.body);
  return fc.oneof(
    { weight: schema ? 8 : 0, arbitrary: json(schema ? fittingObject(fx, schema).map((o) => JSON.stringify(o)) : fc.constant("{}")) },
    { weight: 4, arbitrary: json(objectText(fx, fields)) },
    { weight: 1, arbitrary: json(anyJson(fx).map((v) => JSON.stringify(v) ?? "null")) },
    { weight: 1, arbitrary: json(fc.constantFrom("{", "[1,", '{"a":}', "nul", "\"unterminated", "{}{}", "")) },
    { weight: 1, arbitrary: fc.record({ body: fc.constant(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])), contentType: fc.constant("application/json") }) },
    {
      weight: 1,
      arbitrary: fc.record({
        body: fc.array(fc.tuple(fields.length ? fc.constantFrom(...fields, "__proto__") : fc.string(), anyString(fx)), { maxLength: 4 }).map((e) => new URLSearchParams(e).toString()),
        contentType: fc.constantFrom(...CONTENT_TYPES),
      }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** A path segment: mostly a real id or `me`, else anything (percent-encoded, sometimes raw and broken). */
function segmentArb(fx: FuzzFixture, harvested: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(fx.user.id, "me", fx.teamId, fx.otherUserId, fx.contactChannelId, fx.apiKeyId, fx.user.sessionId, fx.projectId) },
    { weight: harvested.length ? 3 : 0, arbitrary: harvested.length ? fc.constantFrom(...harvested).map(pct) : fc.constant("me") },
    { weight: 2, arbitrary: fc.constantFrom("github", "google", "team_admin", "team_member", "$read_members", "user", "team", "custom", "branch", "environment", "project") },
    { weight: 3, arbitrary: anyString(fx).filter((s) => s.length > 0).map(pct) },
    { weight: 1, arbitrary: fc.constantFrom("%ZZ", "%", "%00", "..", ".", "%2F..%2F", "a%2Fb", "%C0%AF", "%E2%80%AE") },
  );
}

function queryArb(fx: FuzzFixture, fields: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fields.length ? fc.constantFrom(...fields) : fc.constant("limit"), fc.constantFrom("__proto__", "constructor", "limit", "cursor", "user_id", "team_id"), fc.string({ maxLength: 10 }));
  const entries = fc.oneof({ weight: 1, arbitrary: fc.constant<[string, string][]>([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(key, anyString(fx)), { maxLength: 5 }) });
  return entries.map((e) => (e.length ? `?${new URLSearchParams(e)}` : ""));
}

/**
 * Headers: mostly a working identity for the route (one of its access types with the right key, on the fixture's
 * project, with the fixture user's tokens), otherwise any mix of project, access type, keys and tokens; and now and
 * then the platform's optional headers.
 */
function headersArb(fx: FuzzFixture, route: RouteDef): fc.Arbitrary<Record<string, string>> {
  const allowed = route.access === "any" ? ["client", "server", "admin"] : [...route.access];
  const access = fc.oneof(
    { weight: 7, arbitrary: fc.constantFrom<(string | undefined)[]>(...allowed) },
    { weight: 3, arbitrary: fc.constantFrom<(string | undefined)[]>(undefined, "client", "server", "admin", "root", "") },
  );
  const project = fc.oneof({ weight: 12, arbitrary: fc.constant(fx.projectId) }, { weight: 1, arbitrary: fc.constantFrom("internal", "") }, { weight: 1, arbitrary: anyString(fx) });
  const token = (real: string) => fc.oneof({ weight: 4, arbitrary: fc.constant(real) }, { weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: anyString(fx) });
  const flag = fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
  return fc
    .record({
      access,
      project,
      rightKey: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      wrongKey: anyString(fx),
      accessToken: token(fx.user.accessToken),
      refreshToken: token(fx.user.refreshToken),
      adminToken: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.constant(fx.adminAccessToken) }, { weight: 1, arbitrary: anyString(fx) }),
      flags: fc.tuple(flag, flag, flag, flag),
      prefix: fc.constantFrom("x-stack-", "x-stack-", "x-stack-", "x-hexclave-"),
    })
    .map((h) => {
      const out: Record<string, string> = {};
      const set = (name: string, value: string | undefined) => {
        if (value !== undefined) out[h.prefix + name] = headerSafe(value);
      };
      set("access-type", h.access);
      set("project-id", h.project);
      const keyFor = { client: ["publishable-client-key", fx.keys.publishableClientKey], server: ["secret-server-key", fx.keys.secretServerKey], admin: ["super-secret-admin-key", fx.keys.superSecretAdminKey] } as const;
      const key = keyFor[h.access as keyof typeof keyFor];
      if (key) set(key[0], h.rightKey ? key[1] : h.wrongKey);
      set("access-token", h.accessToken);
      set("refresh-token", h.refreshToken);
      if (h.access === "admin") set("admin-access-token", h.adminToken);
      const [anonymous, restricted, override, branch] = h.flags;
      if (anonymous) set("allow-anonymous-user", "true");
      if (restricted) set("allow-restricted-user", "true");
      if (override) set("override-error-status", "true");
      if (branch) set("branch-id", "main");
      return out;
    });
}

/** Percent-encodes any string (lone surrogates become U+FFFD first, as UTF-8 has no bytes for them). */
function pct(s: string): string {
  return encodeURIComponent(Buffer.from(s, "utf8").toString("utf8"));
}

/** Header values must be printable ASCII: anything else is sent percent-encoded. */
function headerSafe(v: string): string {
  return /^[\x20-\x7e]*$/.test(v) ? v : pct(v);
}

/** The request line for a route: its pattern with each `:param` (and `*rest`) filled in. */
function pathArb(fx: FuzzFixture, route: RouteDef, harvested: readonly string[]): fc.Arbitrary<string> {
  const parts = route.path.split("/").filter(Boolean);
  const prefix = (route.scope ?? "api") === "api" ? fc.constantFrom("/api/v1", "/api/v1", "/api/latest") : fc.constant("");
  return fc.tuple(prefix, fc.tuple(...parts.map((p) => (p.startsWith(":") || p.startsWith("*") ? segmentArb(fx, harvested) : fc.constant(p))))).map(([pre, segs]) => `${pre}/${segs.join("/")}`);
}

/**
 * Random requests for a route (deterministic for a seed and the same `harvested` ids: ids of records earlier
 * answers created, so requests reach what the fuzz itself made).
 */
export function randomRequests(fx: FuzzFixture, route: RouteDef, seed: number, count: number, harvested: readonly string[] = []): FuzzRequest[] {
  const bodyFields = fieldNames(route.body);
  const queryFields = fieldNames(route.query);
  const arb = fc.record({ path: pathArb(fx, route, harvested), query: queryArb(fx, queryFields), headers: headersArb(fx, route), body: bodyArb(fx, route, bodyFields) });
  return fc.sample(arb, { seed, numRuns: count }).map((r) => ({
    method: route.method,
    url: r.path + r.query,
    headers: { ...r.headers, ...(r.body.contentType ? { "content-type": r.body.contentType } : {}) },
    body: route.method === "GET" ? undefined : r.body.body,
    expect: "any",
    kind: "random",
  }));
}
