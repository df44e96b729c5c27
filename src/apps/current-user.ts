import type { AppContext } from "../core/context";
import { authJson, sessionReads } from "../session/auth-json";
import type { CurrentUserData, CurrentUserJson } from "../resources/users/current";
import { currentUserFromJson } from "../resources/users/current";
import type { Session } from "../session/session";
import { internalSessionOf } from "../session/internal-session";
import type { InternalSession } from "../session/internal-session";
import type { ContactChannel, ContactChannelCreate } from "../resources/contact-channels/client";
import type { AccountMethods } from "./user-methods/account";
import type { Team } from "../resources/teams/client";
import { lazyTeam } from "./user-methods/teams";
import type { UserTeamMethods } from "./user-methods/teams";
import { guardUserDestructuring } from "../resources/users/guard";
import { callLater } from "./call-later";
import { USER_METHOD_GROUPS } from "./user-methods/method-groups";

/**
 * The signed-in user, as returned by `app.getUser()`: the fields of {@link CurrentUserData} plus methods that act
 * on this user's session. It is the user itself: reading `.user` on it (`const { user } = useUser()`, a common slip)
 * throws an error that says so, where it would otherwise be `undefined` (as in the official SDK).
 *
 * @example
 * const user = await app.getUser({ or: "throw" });
 * console.log(user.displayName ?? user.primaryEmail);
 * await user.signOut();
 */
export interface CurrentUser extends Omit<CurrentUserData, "selectedTeam">, AccountMethods, UserTeamMethods {
  /** The selected team, with the actions of any {@link Team} (or null). */
  selectedTeam: Team | null;
  /** The session this user object acts through: `getTokens()` gives a likely valid `{ accessToken, refreshToken }`. */
  readonly currentSession: { getTokens(): Promise<{ accessToken: string | null; refreshToken: string | null }> };
  /**
   * The session itself, with the official SDK's `InternalSession` members (e.g. to pass as an `AdminApp`'s
   * `projectOwnerSession` when this is a user of the platform's `internal` project).
   */
  readonly _internalSession: InternalSession;
  /** The user's client read JSON (`GET /users/me`, snake_case), as received. */
  toClientJson(): CurrentUserJson;
  /** Signs this user out (see `ClientApp.signOut`). */
  signOut(options?: { redirectUrl?: URL | string }): Promise<void>;
  /** An access token valid for at least 20 s, or null. */
  getAccessToken(): Promise<string | null>;
  /** The refresh token, or null. */
  getRefreshToken(): Promise<string | null>;
  /** `{ accessToken, refreshToken }`, e.g. to hand the session to your server over a WebSocket. */
  getAuthJson(): Promise<{ accessToken: string | null; refreshToken: string | null }>;
  /** `"Bearer stackauth_…"` for your own server's `getUser({ tokenStore: request })`, or null. */
  getAuthorizationHeader(): Promise<string | null>;
  /** The session as the older `x-stack-auth` header (see `ClientApp.getAuthHeaders`). */
  getAuthHeaders(): Promise<{ "x-stack-auth": string }>;
  /** The user's contact channels (e-mail addresses). */
  listContactChannels(): Promise<ContactChannel[]>;
  /** Adds a contact channel; it starts unverified. */
  createContactChannel(data: ContactChannelCreate): Promise<ContactChannel>;
}

// The methods that act through a resource module (the account's, the teams' and the contact channels'), by name: each
// loads the table of their modules (apps/client-calls.ts, see callLater) on its first call, so a page that only reads
// the user never downloads it.
const USER_METHODS = USER_METHOD_GROUPS.join(" ").split(" ");
// And the owned-project methods of an `internal`-project user (a dashboard user): other projects' users lack them.
const INTERNAL_METHODS = ["createProject", "listOwnedProjects", "transferProject"];

/**
 * @internal Builds the user object for `session` from its wire JSON. Reading `.user` on it throws an error that
 * explains the mistake (`const { user } = useUser()`), as the official SDK's user objects do.
 */
export function createCurrentUser(ctx: AppContext, session: Session, json: CurrentUserJson): CurrentUser {
  // Object.assign with the data last, not spreads into a literal: V8 copies closures spread into a literal (or
  // assigned onto a data object) on a slow path, about 40 µs per user.
  const call =
    (name: string) =>
    (...args: unknown[]) =>
      callLater(ctx, name, args, [session, json]);
  const named = (names: string[]) => Object.fromEntries(names.map((name) => [name, call(name)]));
  const methods = Object.assign(
    named(USER_METHODS) as unknown as AccountMethods & UserTeamMethods & Pick<CurrentUser, "listContactChannels" | "createContactChannel">,
    ctx.core.projectId === "internal" ? named(INTERNAL_METHODS) : {},
    {
      currentSession: { getTokens: () => authJson(session) },
      _internalSession: internalSessionOf(session),
      toClientJson: () => json,
      signOut: (options) => {
        const own = { ...options, tokenStore: session.store };
        return import("../auth/sign-out").then((m) => m.signOut(ctx, own));
      },
    } satisfies Partial<CurrentUser>,
    sessionReads(() => session) satisfies Partial<CurrentUser>,
  );
  const user = Object.assign(methods, currentUserFromJson(json), { selectedTeam: json.selected_team && lazyTeam(ctx, session, json.selected_team) });
  // `const { user } = useUser()` throws an error explaining the mistake instead of giving undefined.
  return guardUserDestructuring(user) as CurrentUser;
}
