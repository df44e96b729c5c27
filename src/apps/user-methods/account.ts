import type { KnownErrors } from "../../errors";
import type { ApiKey, ApiKeyCreate } from "../../resources/api-keys/client";
import type { DeprecatedConnectedAccountOptions, DeprecatedOAuthConnection, OAuthConnection } from "../../resources/connected-accounts/client";
import type { NotificationCategory } from "../../resources/notification-categories/client";
import type { OAuthProvider } from "../../resources/oauth-providers/client";
import type { ActiveSession } from "../../resources/sessions/client";
import type { UserUpdate } from "../../resources/users/profile";
import type { RegisterPasskeyOptions } from "../../auth/passkey";
import type { Result } from "../../util/result";

/**
 * What the signed-in user can do to their own account: profile, password, deletion, sessions, API keys,
 * notification preferences, linked OAuth accounts. Part of every {@link CurrentUser}.
 *
 * @example
 * const user = await app.getUser({ or: "throw" });
 * await user.setDisplayName("Ada");
 * const error = await user.updatePassword({ oldPassword, newPassword });
 * if (error) showError(error.message);
 */
export interface AccountMethods {
  /**
   * Changes fields of the user (`PATCH /users/me`); the next `getUser()` shows them. When the user the update returns
   * differs from a claim of the session's access token (even after `update({})`, e.g. a server marked the primary
   * e-mail verified), the token is marked stale, so the next `getAccessToken()` or `getAuthJson()` returns a new one
   * whose claims are the user's current ones (`is_restricted: false`). An update no claim reflects (metadata, a
   * profile image) keeps the token. The same holds for `setDisplayName` and `setClientMetadata`; `setSelectedTeam`,
   * `createTeam` and `registerPasskey` always mark it stale.
   * @example
   * await user.update({ displayName: "Ada", clientMetadata: { onboarded: true } });
   * await user.update({}); // only to get a token with fresh claims
   */
  update(data: UserUpdate): Promise<void>;
  /**
   * Same as `update({ displayName })`.
   * @example
   * await user.setDisplayName("Ada Lovelace");
   */
  setDisplayName(displayName: string | null): Promise<void>;
  /**
   * Same as `update({ clientMetadata })`: replaces the metadata the client may write.
   * @example
   * await user.setClientMetadata({ theme: "dark" });
   */
  setClientMetadata(metadata: unknown): Promise<void>;
  /**
   * Deletes the account (only if the project allows client user deletion), then signs out locally.
   * @example
   * if ((await app.getProject()).config.clientUserDeletionEnabled) await user.delete();
   */
  delete(): Promise<void>;
  /**
   * Changes the password. A wrong old password or an unacceptable new one is returned, not thrown; the
   * platform ends the user's other sessions.
   * @example
   * const error = await user.updatePassword({ oldPassword: "old secret", newPassword: "new secret!" });
   */
  updatePassword(options: {
    oldPassword: string;
    newPassword: string;
  }): Promise<KnownErrors["PasswordConfirmationMismatch"] | KnownErrors["PasswordRequirementsNotMet"] | undefined>;
  /**
   * Sets a password for a user who has none (signed up by e-mail link or OAuth).
   * @example
   * if (!user.hasPassword) await user.setPassword({ password: "correct horse" });
   */
  setPassword(options: { password: string }): Promise<KnownErrors["PasswordRequirementsNotMet"] | undefined>;
  /**
   * E-mails a verification link for the primary e-mail (outside a browser, pass `callbackUrl`).
   * @example
   * await user.sendVerificationEmail({ callbackUrl: "https://myapp.example/handler/email-verification" });
   */
  sendVerificationEmail(options?: { callbackUrl?: string }): Promise<KnownErrors["EmailAlreadyVerified"] | undefined>;
  /**
   * Registers a passkey for the user (WebAuthn, through `@simplewebauthn/browser`): the browser asks the user to
   * create one, bound to the page's hostname (or `hostname`, a domain the page belongs to). Error results:
   * `PasskeyWebAuthnError` (the browser refused; `details.code` says why) and `PasskeyRegistrationFailed` (no
   * WebAuthn here, or the platform refused the credential). Afterwards `passkeyAuthEnabled` is true.
   * @example
   * const result = await user.registerPasskey();
   * if (result.status === "ok") showMessage("You can now sign in with your passkey.");
   */
  registerPasskey(options?: RegisterPasskeyOptions): Promise<
    Result<undefined, KnownErrors["PasskeyRegistrationFailed"] | KnownErrors["PasskeyWebAuthnError"]>
  >;
  /**
   * The user's signed-in sessions (devices), the current one marked.
   * @example
   * const others = (await user.getActiveSessions()).filter((s) => !s.isCurrentSession);
   */
  getActiveSessions(): Promise<ActiveSession[]>;
  /**
   * Ends one of the user's other sessions (the current one: sign out instead; it throws `CANNOT_DELETE_CURRENT_SESSION`).
   * An id that is not a UUID throws an `ArgumentError` before any request.
   * @example
   * for (const s of others) await user.revokeSession(s.id);
   */
  revokeSession(sessionId: string): Promise<void>;
  /**
   * Creates an API key for the user (the project must allow user API keys). Its full `value` is shown only here.
   * @example
   * const key = await user.createApiKey({ description: "CLI", expiresAt: null });
   */
  createApiKey(data: ApiKeyCreate): Promise<ApiKey<"user", true>>;
  /**
   * The user's API keys (values as `{ lastFour }`).
   * @example
   * const valid = (await user.listApiKeys()).filter((k) => k.isValid());
   */
  listApiKeys(): Promise<ApiKey<"user">[]>;
  /**
   * The e-mail categories and whether the user receives each.
   * @example
   * const marketing = (await user.listNotificationCategories()).find((c) => c.name === "Marketing");
   */
  listNotificationCategories(): Promise<NotificationCategory[]>;
  /**
   * The OAuth accounts linked to the user.
   * @example
   * const providers = await user.listOAuthProviders();
   */
  listOAuthProviders(): Promise<OAuthProvider[]>;
  /**
   * One linked OAuth account by its connection id, or null.
   * @example
   * const provider = await user.getOAuthProvider(id);
   */
  getOAuthProvider(id: string): Promise<OAuthProvider | null>;
  /**
   * The OAuth accounts the app may get provider access tokens for.
   * @example
   * const [google] = await user.listConnectedAccounts();
   */
  listConnectedAccounts(): Promise<OAuthConnection[]>;
  /**
   * One connected account, or null.
   * @example
   * const github = await user.getConnectedAccount({ provider: "github", providerAccountId: "583231" });
   */
  getConnectedAccount(account: { provider: string; providerAccountId: string }): Promise<OAuthConnection | null>;
  /**
   * @deprecated The official SDK's older form: the user's account at `providerId`, if they have one and a token
   * with `scopes` can be had (else null; `or: "throw"` also gives null, as there). With `or: "redirect"` the
   * browser is sent through the OAuth linking flow instead (see `linkConnectedAccount`), and the call never settles.
   * @example
   * const github = await user.getConnectedAccount("github", { scopes: ["repo"] });
   * if (github) console.log((await github.getAccessToken()).accessToken);
   */
  getConnectedAccount(providerId: string, options: DeprecatedConnectedAccountOptions & { or: "redirect" }): Promise<DeprecatedOAuthConnection>;
  getConnectedAccount(providerId: string, options?: DeprecatedConnectedAccountOptions): Promise<DeprecatedOAuthConnection | null>;
  /**
   * Sends the browser through the OAuth flow that links an account at `provider` to this user (or grants the
   * linked one more `scopes`), then back to the current page. Never settles: the page is being left.
   * @example
   * await user.linkConnectedAccount("google", { scopes: ["https://www.googleapis.com/auth/calendar.readonly"] });
   */
  linkConnectedAccount(provider: string, options?: { scopes?: string[] }): Promise<void>;
  /**
   * The user's connected account at `provider` that can give a token with `scopes`; when there is none, links one
   * as {@link AccountMethods.linkConnectedAccount} does (and so never settles).
   * @example
   * const github = await user.getOrLinkConnectedAccount("github", { scopes: ["repo"] });
   */
  getOrLinkConnectedAccount(provider: string, options?: { scopes?: string[] }): Promise<OAuthConnection>;
}
