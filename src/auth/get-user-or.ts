import { ArgumentError, LatchkeyError } from "../errors/base";
import type { Session } from "../session/session";
import type { CurrentUserJson } from "../resources/users/current";
import { leaving } from "../urls/redirect";
import type { AppContext } from "../core/context";

// getUser's `or` other than the default "return-null": its checks and what it does when nobody (eligible) is
// signed in. Loaded by `resolveUser` (apps/client-app.ts) before it reads anything, only when an `or` is given.

const OR_VALUES = ["return-null", "throw", "redirect", "anonymous", "anonymous-if-exists[deprecated]"];

/**
 * @internal Throws the ArgumentError of a `getUser` call whose `or` is unknown, or `"anonymous"` with
 * `includeRestricted: false`.
 * @example
 * checkGetUserOr({ or: "throw" });
 */
export function checkGetUserOr(o: { or?: unknown; includeRestricted?: boolean }): void {
  if (!OR_VALUES.includes(o.or as string)) {
    throw new ArgumentError(`getUser's "or" must be one of ${OR_VALUES.join(", ")}; got ${JSON.stringify(o.or)}.`);
  }
  if (o.or === "anonymous" && o.includeRestricted === false) {
    // The official SDK's message, word for word.
    throw new ArgumentError(
      "Cannot use { or: 'anonymous' } with { includeRestricted: false }. Anonymous users implicitly include restricted users.",
    );
  }
}

/**
 * @internal What `getUser({ or })` answers when `user`, the user read on `session` (or null), is not eligible:
 * an anonymous user signed up now (`"anonymous"`), a `NotSignedInError` (`"throw"`, or `"redirect"` that cannot
 * navigate), a promise that never settles once the page is on its way to sign-in or onboarding (`"redirect"`), or null.
 * @example
 * return noUser(ctx, session, "throw", null); // throws NotSignedInError
 */
export async function noUser(ctx: AppContext, session: Session, or: string, user: CurrentUserJson | null): Promise<{ session: Session; user: CurrentUserJson } | null> {
  if (or === "anonymous") {
    // Loads with the sign-up code: a page that never asks for an anonymous user does not download it.
    return { session, user: await (await import("./sign-up")).signUpAnonymously(ctx, session) };
  }
  if (or === "throw") {
    throw new LatchkeyError('No user is signed in, and getUser was called with { or: "throw" }.', "NotSignedInError");
  }
  if (or === "redirect") {
    // A signed-in user who still has to finish onboarding (e.g. verify their e-mail) is sent there. A page already
    // leaving (signing out goes to after-sign-out) starts no second navigation, to sign-in.
    const onboarding = !!user && !user.is_anonymous && !!user.is_restricted;
    if (leaving || (await ctx.core.redirectToHandler(onboarding ? "onboarding" : "signIn", { replace: true }))) return new Promise(() => {});
    throw new LatchkeyError(
      'No user is signed in, and getUser({ or: "redirect" }) cannot navigate here (redirectMethod is "none").',
      "NotSignedInError",
    );
  }
  return null;
}
