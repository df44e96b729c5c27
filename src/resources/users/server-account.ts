import type { AppContext } from "../../core/context";
import { requireString } from "../../util/validate";
import type { KnownErrors } from "../../errors";
import { LatchkeyError } from "../../errors/base";
import type { OAuthConnection } from "../connected-accounts/client";
import type { NotificationCategory } from "../notification-categories/client";
import { getServerConnectedAccount, listServerConnectedAccounts } from "../connected-accounts/server";
import type { DeprecatedOAuthConnection } from "../connected-accounts/client";
import type { ServerConnectedAccountOptions } from "../connected-accounts/server";
import { listServerNotificationCategories } from "../notification-categories/server";
import { getServerOAuthProvider, listServerOAuthProviders } from "../oauth-providers/server";
import type { ServerOAuthProvider } from "../oauth-providers/server";
import { sendServerUserVerificationEmail, setServerUserPassword, updateServerUserPassword } from "./server-password";
import type { ServerUserJson } from "./server-json";
import type { CurrentUserJson } from "./current";

/**
 * A user as the client reads it (`GET /users/me`, wire snake_case): what `toClientJson()` returns, safe to hand
 * to the user's browser (no server metadata or other server-only field).
 *
 * @example
 * response.json({ user: serverUser.toClientJson() });
 */
export type UserClientJson = CurrentUserJson & {
  selected_team_id: string | null;
  restricted_by_admin: boolean;
  restricted_by_admin_reason: string | null;
};

/**
 * The account actions of a server user (the official `ServerUser`'s account members), acting on that user through
 * the server endpoints.
 *
 * @example
 * const user = (await server.getUser(userId))!;
 * const error = await user.setPassword({ password: "correct horse battery" });
 * const github = await user.getConnectedAccount({ provider: "github", providerAccountId: "583231" });
 */
export interface ServerUserAccountMethods {
  /**
   * The user as the client reads it (wire JSON without server-only fields), e.g. to send to the browser.
   * @example
   * const json = user.toClientJson(); // { id, primary_email, display_name, selected_team, … }
   */
  toClientJson(): UserClientJson;
  /**
   * Sets or replaces the password (`PATCH /users/{id}`, as the official SDK does: no old password needed). A
   * password outside the platform's bounds is returned, not thrown.
   * @example
   * const error = await user.setPassword({ password: "correct horse battery" });
   */
  setPassword(options: { password: string }): Promise<KnownErrors["PasswordRequirementsNotMet"] | undefined>;
  /**
   * Changes the password after checking the old one; ends every session of the user. A wrong old password
   * (`PASSWORD_CONFIRMATION_MISMATCH`) or an unacceptable new one is returned, not thrown.
   * @example
   * const error = await user.updatePassword({ oldPassword: "old secret", newPassword: "new secret!" });
   */
  updatePassword(options: {
    oldPassword: string;
    newPassword: string;
  }): Promise<KnownErrors["PasswordConfirmationMismatch"] | KnownErrors["PasswordRequirementsNotMet"] | undefined>;
  /**
   * E-mails a verification link for the primary e-mail (outside a browser, pass `callbackUrl`); an already
   * verified address is returned as `EMAIL_ALREADY_VERIFIED`.
   * @example
   * await user.sendVerificationEmail({ callbackUrl: "https://myapp.example/handler/email-verification" });
   */
  sendVerificationEmail(options?: { callbackUrl?: string }): Promise<KnownErrors["EmailAlreadyVerified"] | undefined>;
  /**
   * The e-mail categories and whether the user receives each; `setEnabled` changes the user's choice.
   * @example
   * const marketing = (await user.listNotificationCategories()).find((c) => c.name === "Marketing");
   * await marketing?.setEnabled(false);
   */
  listNotificationCategories(): Promise<NotificationCategory[]>;
  /**
   * The OAuth accounts linked to the user, with the provider account ids.
   * @example
   * const providers = await user.listOAuthProviders();
   */
  listOAuthProviders(): Promise<ServerOAuthProvider[]>;
  /**
   * One linked OAuth account by its connection id, or null.
   * @example
   * const provider = await user.getOAuthProvider(id);
   */
  getOAuthProvider(id: string): Promise<ServerOAuthProvider | null>;
  /**
   * The accounts the app may get provider access tokens for (those with `allowConnectedAccounts`).
   * @example
   * for (const account of await user.listConnectedAccounts()) console.log(account.provider, account.providerAccountId);
   */
  listConnectedAccounts(): Promise<OAuthConnection[]>;
  /**
   * One connected account: `{ provider, providerAccountId }` → that account or null; a provider id (the official
   * SDK's older form) → the first account of that provider, or null when no token with `scopes` can be had for it
   * (not connected, scope missing, no token held), or that reason thrown with `or: "throw"`.
   * @example
   * const account = await user.getConnectedAccount({ provider: "github", providerAccountId: "583231" });
   * const github = await user.getConnectedAccount("github", { scopes: ["repo"] });
   * if (github) console.log((await github.getAccessToken()).accessToken);
   */
  getConnectedAccount(account: { provider: string; providerAccountId: string }): Promise<OAuthConnection | null>;
  getConnectedAccount(provider: string, options: ServerConnectedAccountOptions & { or: "redirect" }): Promise<DeprecatedOAuthConnection>;
  getConnectedAccount(provider: string, options?: ServerConnectedAccountOptions): Promise<DeprecatedOAuthConnection | null>;
  /**
   * Rejects, as in the official SDK: linking an account sends the user's browser through the provider, which a
   * server cannot do. Call `linkConnectedAccount` on the signed-in user in the browser.
   * @example
   * await user.linkConnectedAccount("github"); // rejects with a ConnectedAccountRedirectError
   */
  linkConnectedAccount(provider: string, options?: { scopes?: string[] }): Promise<void>;
  /**
   * Rejects, as in the official SDK (see {@link ServerUserAccountMethods.linkConnectedAccount}); read an account
   * with `getConnectedAccount` instead.
   * @example
   * await user.getOrLinkConnectedAccount("github"); // rejects with a ConnectedAccountRedirectError
   */
  getOrLinkConnectedAccount(provider: string, options?: { scopes?: string[] }): Promise<OAuthConnection>;
}

/** A server-side call of a linking method: the OAuth flow needs the user's browser. */
const browserOnly = (method: string) => async (): Promise<never> => {
  throw new LatchkeyError(
    `${method} is not available on a server: linking an OAuth account sends the user's browser to the provider. Call it on the signed-in user in the browser.`,
    "ConnectedAccountRedirectError",
  );
};

const CLIENT_FIELDS = [
  "id", "primary_email", "primary_email_verified", "display_name", "client_metadata", "client_read_only_metadata",
  "profile_image_url", "signed_up_at_millis", "has_password", "auth_with_email", "oauth_providers", "selected_team_id",
  "requires_totp_mfa", "otp_auth_enabled", "passkey_auth_enabled", "is_anonymous", "is_restricted", "restricted_reason",
  "restricted_by_admin", "restricted_by_admin_reason",
] as const;
const CLIENT_TEAM_FIELDS = ["id", "display_name", "profile_image_url", "client_metadata", "client_read_only_metadata"] as const;

const pick = (from: object, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => k in from).map((k) => [k, structuredClone((from as Record<string, unknown>)[k])]));

/**
 * @internal The client read shape of a server user's wire JSON (a deep copy: changing it changes no user).
 * @example
 * const json = userClientJson(serverJson); // no server_metadata
 */
export function userClientJson(u: ServerUserJson): UserClientJson {
  const team = u.selected_team;
  return { ...pick(u, CLIENT_FIELDS), selected_team: team ? pick(team, CLIENT_TEAM_FIELDS) : null } as UserClientJson;
}

/**
 * @internal The {@link ServerUserAccountMethods} of the user read as `json`.
 * @example
 * const methods = serverUserAccountMethods(ctx, json);
 */
export function serverUserAccountMethods(ctx: AppContext, json: ServerUserJson): ServerUserAccountMethods {
  const userId = json.id;
  return {
    toClientJson: () => userClientJson(json),
    setPassword: (options) => setServerUserPassword(ctx, userId, options),
    updatePassword: (options) => updateServerUserPassword(ctx, userId, options),
    sendVerificationEmail: (options) => sendServerUserVerificationEmail(ctx, userId, options),
    listNotificationCategories: () => listServerNotificationCategories(ctx, userId),
    listOAuthProviders: () => listServerOAuthProviders(ctx, userId),
    getOAuthProvider: async (id) => getServerOAuthProvider(ctx, userId, requireString(id, "id")),
    listConnectedAccounts: () => listServerConnectedAccounts(ctx, userId),
    getConnectedAccount: ((which: { provider: string; providerAccountId: string } | string, options?: ServerConnectedAccountOptions) =>
      getServerConnectedAccount(ctx, userId, which, options)) as ServerUserAccountMethods["getConnectedAccount"],
    linkConnectedAccount: browserOnly("linkConnectedAccount"),
    getOrLinkConnectedAccount: browserOnly("getOrLinkConnectedAccount"),
  };
}
