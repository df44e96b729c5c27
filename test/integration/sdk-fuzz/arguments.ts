import fc from "fast-check";

/** Option names the SDK's methods take, so random option objects reach past the first check. */
const OPTION_KEYS = [
  "email", "password", "code", "callbackUrl", "redirectUrl", "verificationCallbackUrl", "displayName", "teamId", "userId", "id",
  "limit", "cursor", "or", "orderBy", "desc", "query", "description", "expiresAt", "isPublic", "value", "type", "usedForAuth",
  "isPrimary", "oldPassword", "newPassword", "totp", "provider", "scopes", "primaryEmail", "clientMetadata", "serverMetadata",
  "config", "tokenStore", "permission", "recursive", "apiKey", "customerId", "noRedirect", "replace", "includeAnonymous",
  "profileImageUrl", "selectedTeamId", "accountId", "providerConfigId", "allowSignIn", "allowConnectedAccounts", "html", "subject",
  "to", "userIds", "themeId", "templateId", "draftId", "source", "enabled", "__proto__", "constructor", "toString", "then",
];

const HOSTILE_STRINGS = [
  "", " ", "me", "null", "undefined", "NaN", "__proto__", "constructor", "../../etc/passwd", "%00", "\u0000", "\ud800", "🦊",
  "a".repeat(3000), "javascript:alert(1)", "http://localhost:3000.evil.example", "http://[::1", "//evil.example", "user@example.com",
  "00000000-0000-0000-0000-000000000000", "<script>alert(1)</script>", "' OR 1=1 --", "2026-13-45T99:99:99Z",
  // Well-formed values the SDK now checks before sending (a 45-character verification code, a v4 UUID), so calls still
  // reach the platform's answer with them.
  "k".repeat(45), "3241a285-8329-4d69-8f3d-316e08cf140c",
];

/** One argument of any kind: JS values of every type (null-prototype objects, bigints, dates, maps, symbols, functions …). */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.anything({ maxDepth: 2, withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withBoxedValues: true, withTypedArray: true, withSparseArray: true, withObjectString: true }) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(NaN, Infinity, -Infinity, -0, 2 ** 53 + 1, new Date(Number.NaN), Symbol("fuzz"), () => "fn", [], {}, true, false) },
);

/** An options object with the SDK's own option names and values of any kind. */
const optionObject: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.tuple(fc.constantFrom(...OPTION_KEYS), anyValue), { maxLength: 5 })
  .map((entries) => {
    const o: Record<string, unknown> = {};
    for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    return o;
  });

/** Zero to three arguments, each a random value or an options object. */
export const argumentLists: fc.Arbitrary<unknown[]> = fc.array(fc.oneof({ weight: 2, arbitrary: anyValue }, { weight: 2, arbitrary: optionObject }), { maxLength: 3 });

/** A short, readable description of an argument list for failure reports. */
export function describeArgs(args: unknown[]): string {
  return fc.stringify(args).slice(0, 400);
}
