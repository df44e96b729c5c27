import type { AppContext } from "../core/context";
import type { CurrentUserJson } from "../resources/users/current";
import type { Session } from "../session/session";
import { USER_METHOD_GROUPS } from "./user-methods/method-groups";

// The modules of the methods that load on first use, by method name: the client app's (ClientApp's and its groups')
// and the user object's (apps/current-user.ts). Those methods name them only (see callLater in
// call-later.ts): this table is the one place that says where each one's code is, and loads with the first call of
// any of them, so a page that calls none downloads neither it nor their modules.
type Loader = () => Promise<object>;
const magicLink = () => import("../auth/magic-link");
const passwordReset = () => import("../auth/password-reset");
const invitations = () => import("../resources/teams/invitations");
const oauth = () => import("../auth/oauth-entry");
const cliConfirm = () => import("../auth/cli-confirm");
const convex = () => import("../auth/convex");
const passkey = () => import("../auth/passkey");

/** The app's methods: each calls its module's function of the same name with the app's context first. */
const APP = {
  signUpWithCredential: () => import("../auth/sign-up"),
  sendForgotPasswordEmail: passwordReset,
  verifyPasswordResetCode: passwordReset,
  resetPassword: passwordReset,
  verifyEmail: magicLink,
  verifyTeamInvitationCode: invitations,
  acceptTeamInvitation: invitations,
  getTeamInvitationDetails: invitations,
  getPartialUser: () => import("../auth/partial-user"),
  signInWithOAuth: oauth,
  callOAuthCallback: oauth,
  sendMagicLinkEmail: magicLink,
  signInWithMagicLink: magicLink,
  signInWithMfa: () => import("../auth/mfa"),
  signInWithPasskey: passkey,
  promptCliLogin: () => import("../auth/cli-login"),
  confirmCliLogin: cliConfirm,
  getCliLoginState: cliConfirm,
  claimCliAnonymousSession: cliConfirm,
  convexHttpClientAuth: convex,
  fetchConvexToken: convex,
  // Handed down to the core and the resources (see ClientApp's constructor): the cross-domain hand-off, OAuth linking.
  handOff: () => import("../auth/oauth-handoff"),
  startLinking: () => import("../auth/oauth"),
} satisfies Record<string, Loader>;
const LOADERS: Record<string, Loader> = APP;

/**
 * @internal The functions that callLater runs for the app, by name (what a client group's rows may name; see
 * call-later.ts).
 * @example
 * type F = LaterFunctions["signInWithMfa"]; // typeof import("../auth/mfa").signInWithMfa
 */
export type LaterFunctions = { [N in keyof typeof APP]: Awaited<ReturnType<(typeof APP)[N]>>[N & keyof Awaited<ReturnType<(typeof APP)[N]>>] };

/**
 * The modules of the user object's methods (its `AccountMethods`, `UserTeamMethods` and contact-channel methods), one
 * per group of USER_METHOD_GROUPS, in its order: each method calls its module's function of the same name (but for
 * RENAMED) with the app's context and the user's session first.
 */
const USER_MODULES: Loader[] = [
  () => import("../resources/users/profile"),
  passkey,
  () => import("../resources/sessions/client"),
  () => import("../resources/api-keys/client"),
  () => import("../resources/notification-categories/client"),
  () => import("../resources/oauth-providers/client"),
  () => import("../resources/connected-accounts/client"),
  () => import("../auth/oauth-link"),
  () => import("../resources/teams/client"),
  () => import("../resources/teams/profiles"),
  invitations,
  () => import("../resources/permissions/client"),
  () => import("../resources/contact-channels/client"),
];
const RENAMED: Record<string, string> = { update: "updateUser", delete: "deleteUser" };

/**
 * @internal Runs method `name` (see APP) with the app's context and `args`; with `user`, the user object's method
 * `name` (see USER_MODULES, or an `internal`-project user's owned-project method) of that session and user JSON:
 * `sendVerificationEmail` also gets the user's primary e-mail, and the API-key methods the owner `{ userId: "me" }`,
 * before `args`.
 * @example
 * await callClientMethod(ctx, "signInWithMfa", [otp, code, options]);
 * await callClientMethod(ctx, "setDisplayName", ["Ada"], [session, json]);
 */
export function callClientMethod(ctx: AppContext, name: string, args: unknown[], user?: [Session, CurrentUserJson]): Promise<never> {
  const group = USER_METHOD_GROUPS.findIndex((names) => names.split(" ").includes(name));
  // The owned-project methods of an `internal`-project user (in no group), from user-methods/internal.ts.
  if (user && group < 0) {
    return import("./user-methods/internal").then((m) => (m.internalUserMethods(ctx, user[0]) as Record<string, (...a: unknown[]) => never>)[name](...args));
  }
  const load = user ? USER_MODULES[group] : LOADERS[name];
  const fn = (user && RENAMED[name]) || name;
  const lead = !user ? [] : name === "sendVerificationEmail" ? [user[0], user[1].primary_email] : /ApiKey/.test(name) ? [user[0], { userId: "me" }] : [user[0]];
  return load().then((m) => (m as Record<string, (...a: unknown[]) => never>)[fn](ctx, ...lead, ...args));
}
