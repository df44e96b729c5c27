import { createHash } from "node:crypto";

/**
 * A person the mock OAuth provider can sign in as.
 *
 * @example
 * const ada: MockAccount = { accountId: "81723", name: "Ada Lovelace", email: "ada@github.mock", emailVerified: true };
 */
export interface MockAccount {
  /** The account id at the provider (stable for a provider and e-mail). */
  accountId: string;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
}

const PEOPLE: readonly [string, string][] = [
  ["Ada Lovelace", "ada"],
  ["Grace Hopper", "grace"],
  ["Alan Turing", "alan"],
];

/**
 * Scopes the mock provider grants by default, per provider type (what a real provider of that type would grant
 * the platform's sign-in request). Unknown providers get `openid email profile`.
 *
 * @example
 * defaultScopesFor("github"); // ["user:email"]
 */
export function defaultScopesFor(providerId: string): string[] {
  switch (providerId) {
    case "github":
      return ["user:email"];
    case "google":
      return ["openid", "email", "profile"];
    case "microsoft":
      return ["openid", "profile", "email", "offline_access", "User.Read"];
    default:
      return ["openid", "email", "profile"];
  }
}

/**
 * Splits a scope string the way providers do (spaces or commas), dropping empties and duplicates.
 *
 * @example
 * splitScopes("repo, user:email  repo"); // ["repo", "user:email"]
 */
export function splitScopes(scope: string | null | undefined): string[] {
  return [...new Set((scope ?? "").split(/[\s,]+/).filter(Boolean))];
}

/**
 * The stable account id of an e-mail at a provider: the same person always gets the same id, so signing in twice
 * finds the same connected account.
 *
 * @example
 * accountIdFor("github", "ada@github.mock") === accountIdFor("github", "ADA@github.mock"); // true
 */
export function accountIdFor(providerId: string, email: string): string {
  const digest = createHash("sha256").update(`${providerId}:${email.trim().toLowerCase()}`).digest();
  return String(digest.readUIntBE(0, 6));
}

/**
 * The ready-made accounts the provider page lists for a provider, e.g. "Ada Lovelace <ada@github.mock>".
 *
 * @example
 * fakeAccounts("github")[0].email; // "ada@github.mock"
 */
export function fakeAccounts(providerId: string): MockAccount[] {
  const domain = `${providerId.toLowerCase().replace(/[^a-z0-9-]/g, "-") || "provider"}.mock`;
  return PEOPLE.map(([name, local]) => {
    const email = `${local}@${domain}`;
    return { accountId: accountIdFor(providerId, email), name, email, emailVerified: true };
  });
}

/**
 * The account for a typed (or hinted) e-mail: a listed fake account when it matches, otherwise a new person
 * with that e-mail (the name defaults to the e-mail's local part).
 *
 * @example
 * accountFor("google", { email: "sam@example.com", name: "Sam" });
 */
export function accountFor(providerId: string, o: { email: string; name?: string | null; emailVerified?: boolean }): MockAccount {
  const email = o.email.trim();
  const listed = fakeAccounts(providerId).find((a) => a.email?.toLowerCase() === email.toLowerCase());
  return {
    accountId: accountIdFor(providerId, email),
    name: o.name?.trim() || listed?.name || email.split("@")[0] || null,
    email,
    emailVerified: o.emailVerified ?? true,
  };
}
